import { createResource, createSignal, For, Show } from 'solid-js';
import { chromeTrace } from '../../core/trace/chrome-trace';
import type { RunSummary } from '../../core/trace/store';
import { app } from '../app-state';
import { statusWord } from '../i18n/status-word';
import { t } from '../i18n/t';
import { formatBytes, formatDateTime, formatFixed, formatNumber } from '../model/format';
import { measureKindOf, qualityMeasure } from '../model/quality';
import { storedRunLabel } from '../run/run-label';
import { type ImportProgress, services } from '../services';
import { DatasetExport } from './dataset-export';
import { MessageBanner } from './message-banner';
import { RunAnalyses } from './run-analyses';

const fileName = (summary: RunSummary, ext: string) =>
  `swarmflight-${summary.scenario.id}-${summary.policy.replace(/[^\w.-]+/g, '_')}-seed${summary.seed}-${summary.id}.${ext}`;

/** Every run kept in this browser: filter, open, compare, download, import, delete. */
export function LibraryView() {
  const [filter, setFilter] = createSignal('');
  const [message, setMessage] = createSignal<{ kind: 'error' | 'note'; text: string } | undefined>();
  const [selected, setSelected] = createSignal<readonly string[]>([]);
  const [runs, { refetch }] = createResource(filter, async (text) =>
    (await services.store()).list(text ? { text } : {}),
  );
  const [usage, { refetch: refetchUsage }] = createResource(async () => (await services.store()).usage());
  // How many analyses (the Run view's "Ask a model about this run") each listed run keeps.
  const [analysed] = createResource(runs, async () => (await services.analyses()).counts());
  const refresh = () => {
    void refetch();
    void refetchUsage();
  };

  const [importing, setImporting] = createSignal<{ file: string; progress?: ImportProgress } | undefined>();

  /**
   * A trace file into the library: read, checked and stored by a worker with progress, so even a
   * file of many megabytes never blocks the page (in-page only when there is no IndexedDB, where
   * the library lives in this tab's memory).
   */
  async function importFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setImporting({ file: file.name });
    try {
      const summary = services.persistent()
        ? await services.importTraceFile(file, (progress) => setImporting({ file: file.name, progress }))
        : await (await services.store()).importTrace(await file.text(), {
            label: file.name,
            startedAt: Date.now(),
          });
      setMessage({ kind: 'note', text: t('library.imported', { file: file.name }) });
      refresh();
      return summary;
    } catch (error) {
      setMessage({
        kind: 'error',
        text: t('library.notImported', { file: file.name, error: (error as Error).message }),
      });
      return undefined;
    } finally {
      setImporting(undefined);
    }
  }

  async function download(summary: RunSummary, format: 'jsonl' | 'perfetto' | 'otlp') {
    try {
      const store = await services.store();
      let replaced = 0;
      if (format === 'jsonl') {
        replaced = services.download(
          fileName(summary, 'jsonl'),
          await store.exportJsonl(summary.id),
          'application/x-ndjson',
        );
      } else if (format === 'otlp') {
        const trace = await store.get(summary.id);
        if (!trace) throw new Error('the run is gone');
        // The exporter is loaded on the first OTLP download, not with the page.
        const { traceToOtlp } = await import('../../core/trace/otlp');
        replaced = services.download(
          fileName(summary, 'otlp.json'),
          JSON.stringify(traceToOtlp(trace.header, trace.events)),
          'application/json',
        );
      } else {
        const trace = await store.get(summary.id);
        if (!trace) throw new Error('the run is gone');
        replaced = services.download(
          fileName(summary, 'perfetto.json'),
          JSON.stringify(chromeTrace(trace.header, trace.events)),
        );
      }
      // A saved API key was found in the run's text and replaced: the file is whole, but says less.
      if (replaced > 0) {
        setMessage({
          kind: 'note',
          // `replaced` counts occurrences: one key echoed five times is five, not five keys.
          text: t('library.redacted', { n: replaced }),
        });
      }
    } catch (error) {
      setMessage({ kind: 'error', text: t('library.exportFailed', { error: (error as Error).message }) });
    }
  }

  async function remove(id: string) {
    try {
      await (await services.store()).delete(id);
      // Its analyses (the Run view's "Ask a model about this run") go with it.
      await (await services.analyses()).forget(id);
      setSelected((s) => s.filter((x) => x !== id));
      refresh();
    } catch (error) {
      setMessage({ kind: 'error', text: t('library.deleteFailed', { error: (error as Error).message }) });
    }
  }

  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <section>
      <div class="actions">
        <input
          type="search"
          class="field library-filter"
          aria-label={t('library.filterLabel')}
          placeholder={t('library.filter')}
          data-testid="library-filter"
          onInput={(e) => setFilter(e.currentTarget.value)}
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
            onChange={(e) => void importFile(e.currentTarget)}
          />
        </label>
        <button
          type="button"
          class="primary"
          data-testid="compare-selected"
          disabled={selected().length < 2}
          onClick={() => app.update({ view: 'compare', runs: selected() })}
        >
          {t('library.compare', { n: selected().length })}
        </button>
        <DatasetExport
          runs={async () => {
            const store = await services.store();
            // The selected runs, or every run the filter shows when none is selected.
            const ids = selected().length > 0 ? selected() : (runs() ?? []).map((r) => r.id);
            return Promise.all(ids.map((id) => store.get(id)));
          }}
        />
        <span class="note" data-testid="storage-used">
          <Show when={usage()} fallback={t('library.storageUnknown')}>
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
      <Show when={importing()}>
        {(i) => (
          <p class="note" role="status" data-testid="import-progress">
            {t('library.importing', { file: i().file, step: importStep(i().progress) })}{' '}
            <progress max={i().progress?.total || 1} value={i().progress?.done ?? 0} />
          </p>
        )}
      </Show>
      <MessageBanner message={message()} testid="library-message" />
      <Show when={runs.error}>
        <div class="error" role="alert">
          {t('library.unreadable', { error: (runs.error as Error).message })}
        </div>
      </Show>
      <table class="data stack">
        <thead>
          <tr>
            <th>{t('library.run')}</th>
            <th>{t('library.scenario')}</th>
            <th>{t('library.policy')}</th>
            <th>{t('library.seed')}</th>
            <th>{t('library.status')}</th>
            <th>{t('library.critical')}</th>
            <th>{t('library.quality')}</th>
            <th>{t('library.events')}</th>
            {/* Named for screen readers (axe's empty-table-header): the column's buttons say what they do. */}
            <th>
              <span class="visually-hidden">{t('library.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <For
            each={runs() ?? []}
            fallback={
              <tr>
                <td colSpan={9} class="note">
                  {filter().trim() ? t('library.noMatch', { filter: filter().trim() }) : t('library.empty')}
                </td>
              </tr>
            }
          >
            {(run) => (
              <tr data-testid="trace-row" data-run-id={run.id}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('library.select')}
                    checked={selected().includes(run.id)}
                    onChange={() => toggle(run.id)}
                  />{' '}
                  {storedRunLabel(run)}
                  <div class="note">{formatDateTime(run.startedAt)}</div>
                  <Show when={analysed()?.get(run.id)}>
                    {(n) => (
                      <details class="library-analyses" data-testid="trace-analyses">
                        <summary class="analyses-summary">{t('analysis.libraryCount', { n: n() })}</summary>
                        <KeptAnalyses runId={run.id} />
                      </details>
                    )}
                  </Show>
                </td>
                <td data-label={t('library.scenario')}>
                  {run.ownRequest
                    ? t('library.ownRequest', { workflow: run.scenario.title ?? run.scenario.id })
                    : (run.scenario.title ?? run.scenario.id)}
                </td>
                <td data-label={t('library.policy')}>{run.policy}</td>
                <td data-label={t('library.seed')}>{run.seed}</td>
                <td data-label={t('library.status')} data-testid="trace-status">
                  {statusWord(run.status)}
                  <Show when={run.error}>
                    {(error) => (
                      <div class="note" data-testid="trace-error">
                        {error()}
                      </div>
                    )}
                  </Show>
                </td>
                <td data-label={t('library.critical')}>{run.metrics?.criticalSteps ?? '—'}</td>
                <td data-label={t('library.quality')} data-testid="trace-quality">
                  {run.metrics?.itemF1 !== undefined ? (
                    <>
                      {formatFixed(run.metrics.itemF1, 3)}
                      {/* The stored score is each grader's own measure: the column names which. */}
                      <div class="note">{qualityMeasure(measureKindOf(run)).name}</div>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td data-label={t('library.events')}>{run.eventCount}</td>
                <td>
                  <div class="actions">
                    <button
                      type="button"
                      class="secondary"
                      data-testid="open-run"
                      onClick={() => app.update({ view: 'run', runs: [run.id] })}
                    >
                      {t('library.open')}
                    </button>
                    <button
                      type="button"
                      class="secondary"
                      data-testid="download-jsonl"
                      onClick={() => void download(run, 'jsonl')}
                    >
                      JSONL
                    </button>
                    <button
                      type="button"
                      class="secondary"
                      data-testid="download-perfetto"
                      onClick={() => void download(run, 'perfetto')}
                    >
                      Perfetto
                    </button>
                    <button
                      type="button"
                      class="secondary"
                      data-testid="download-otlp"
                      title={t('library.otlpTitle')}
                      onClick={() => void download(run, 'otlp')}
                    >
                      OpenTelemetry
                    </button>
                    <button
                      type="button"
                      class="secondary"
                      data-testid="delete-run"
                      onClick={() => void remove(run.id)}
                    >
                      {t('library.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
      <p class="note">{t('library.perfetto')}</p>
    </section>
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

/** What an import is doing, in words. */
function importStep(p: ImportProgress | undefined): string {
  if (!p || p.phase === 'reading') return t('library.reading');
  if (p.phase === 'storing') return t('library.storing');
  return t('library.checking', { done: formatNumber(p.done), total: formatNumber(p.total) });
}
