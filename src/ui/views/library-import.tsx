import { Show } from 'solid-js';
import type { RunSummary } from '../../core/trace/store';
import { t } from '../i18n/t';
import { formatNumber } from '../model/format';
import { type ImportProgress, services } from '../services';

/** A trace file being imported, and how far it has got. */
export interface Importing {
  readonly file: string;
  readonly progress?: ImportProgress;
}

/**
 * A trace file into the library: read, checked and stored by a worker with progress, so even a
 * file of many megabytes never blocks the page (in-page only when there is no IndexedDB, where
 * the library lives in this tab's memory).
 */
export async function importRunFile(
  file: File,
  onProgress: (p: ImportProgress) => void,
): Promise<RunSummary> {
  return services.persistent()
    ? await services.importTraceFile(file, onProgress)
    : await (await services.store()).importTrace(await file.text(), {
        label: file.name,
        startedAt: Date.now(),
      });
}

/** The import under way, with its progress bar. */
export function ImportProgressNote(props: { importing: Importing | undefined }) {
  return (
    <Show when={props.importing}>
      {(i) => (
        <p class="note" role="status" data-testid="import-progress">
          {t('library.importing', { file: i().file, step: importStep(i().progress) })}{' '}
          <progress max={i().progress?.total || 1} value={i().progress?.done ?? 0} />
        </p>
      )}
    </Show>
  );
}

/** What an import is doing, in words. */
function importStep(p: ImportProgress | undefined): string {
  if (!p || p.phase === 'reading') return t('library.reading');
  if (p.phase === 'storing') return t('library.storing');
  return t('library.checking', { done: formatNumber(p.done), total: formatNumber(p.total) });
}
