import { createResource, Show } from 'solid-js';
import type { RunSummary } from '../../core/trace/store';
import { app } from '../app-state';
import { statusWord } from '../i18n/status-word';
import { t } from '../i18n/t';
import { formatDateTime, formatFixed } from '../model/format';
import { measureKindOf, qualityMeasure } from '../model/quality';
import { storedRunLabel } from '../run/run-label';
import { services } from '../services';
import { RunDownloads } from './library-downloads';
import { RunAnalyses } from './run-analyses';

/** One stored run in the Library's table: what it was, how it ended, and what can be done with it. */
export function LibraryRow(props: {
  run: RunSummary;
  selected: boolean;
  /** How many analyses the run keeps (the Run view's "Ask a model about this run"). */
  analyses: number | undefined;
  onToggle: () => void;
  onDelete: () => void;
  onMessage: (message: { kind: 'error' | 'note'; text: string }) => void;
}) {
  const run = () => props.run;
  return (
    <tr data-testid="trace-row" data-run-id={run().id}>
      <td>
        <input
          type="checkbox"
          aria-label={t('library.select')}
          checked={props.selected}
          onChange={() => props.onToggle()}
        />{' '}
        {storedRunLabel(run())}
        <div class="note">{formatDateTime(run().startedAt)}</div>
        <Show when={props.analyses}>
          {(n) => (
            <details class="library-analyses" data-testid="trace-analyses">
              <summary class="analyses-summary">{t('analysis.libraryCount', { n: n() })}</summary>
              <KeptAnalyses runId={run().id} />
            </details>
          )}
        </Show>
      </td>
      <td data-label={t('library.scenario')}>
        {run().ownRequest
          ? t('library.ownRequest', { workflow: run().scenario.title ?? run().scenario.id })
          : (run().scenario.title ?? run().scenario.id)}
      </td>
      <td data-label={t('library.policy')}>{run().policy}</td>
      <td data-label={t('library.seed')}>{run().seed}</td>
      <td data-label={t('library.status')} data-testid="trace-status">
        {statusWord(run().status)}
        <Show when={run().error}>
          {(error) => (
            <div class="note" data-testid="trace-error">
              {error()}
            </div>
          )}
        </Show>
      </td>
      <td data-label={t('library.critical')}>{run().metrics?.criticalSteps ?? '—'}</td>
      <td data-label={t('library.quality')} data-testid="trace-quality">
        {run().metrics?.itemF1 !== undefined ? (
          <>
            {formatFixed(run().metrics?.itemF1 ?? 0, 3)}
            {/* The stored score is each grader's own measure: the column names which. */}
            <div class="note">{qualityMeasure(measureKindOf(run())).name}</div>
          </>
        ) : (
          '—'
        )}
      </td>
      <td data-label={t('library.events')}>{run().eventCount}</td>
      <td>
        <div class="actions">
          <button
            type="button"
            class="secondary"
            data-testid="open-run"
            onClick={() => app.update({ view: 'run', runs: [run().id] })}
          >
            {t('library.open')}
          </button>
          <RunDownloads run={run()} onMessage={props.onMessage} />
          <button type="button" class="secondary" data-testid="delete-run" onClick={() => props.onDelete()}>
            {t('library.delete')}
          </button>
        </div>
      </td>
    </tr>
  );
}

/** A run's analyses in its Library row, read when its row shows them. */
function KeptAnalyses(props: { runId: string }) {
  const [list] = createResource(
    () => props.runId,
    async (id) => (await services.analyses()).of(id),
  );
  return <Show when={list()}>{(l) => <RunAnalyses analyses={l()} />}</Show>;
}
