import { Show } from 'solid-js';
import type { StorageUsage, StoredTrace } from '../../core/trace/store';
import { app } from '../app-state';
import { t } from '../i18n/t';
import { formatBytes } from '../model/format';
import { services } from '../services';
import { DatasetExport } from './dataset-export';

/** The Library's bar above its table: filter, import, compare the selected runs, export, storage used. */
export function LibraryToolbar(props: {
  selected: readonly string[];
  usage: StorageUsage | undefined;
  onFilter: (text: string) => void;
  onImport: (input: HTMLInputElement) => void;
  /** The runs a dataset export takes: the selected ones, or every one the filter shows. */
  exported: () => Promise<(StoredTrace | undefined)[]>;
}) {
  return (
    <div class="actions">
      <input
        type="search"
        class="field library-filter"
        aria-label={t('library.filterLabel')}
        placeholder={t('library.filter')}
        data-testid="library-filter"
        onInput={(e) => props.onFilter(e.currentTarget.value)}
      />
      <label
        class="secondary"
        style={{ padding: '0.3rem 0.6rem', border: '1px solid var(--line)', 'border-radius': '6px' }}
      >
        {t('library.import')}{' '}
        <input
          type="file"
          accept=".jsonl,.json,.txt"
          data-testid="import-jsonl"
          onChange={(e) => props.onImport(e.currentTarget)}
        />
      </label>
      <button
        type="button"
        class="primary"
        data-testid="compare-selected"
        disabled={props.selected.length < 2}
        onClick={() => app.update({ view: 'compare', runs: props.selected })}
      >
        {t('library.compare', { n: props.selected.length })}
      </button>
      <DatasetExport runs={props.exported} />
      <span class="note" data-testid="storage-used">
        <Show when={props.usage} fallback={t('library.storageUnknown')}>
          {(u) =>
            u().quota
              ? t('library.storageOf', {
                  used: formatBytes(u().bytes ?? 0),
                  quota: formatBytes(u().quota as number),
                })
              : t('library.storage', { used: formatBytes(u().bytes ?? 0) })
          }
        </Show>
        {services.persistent() ? '' : t('library.volatile')}
      </span>
    </div>
  );
}
