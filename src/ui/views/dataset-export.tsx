import { createSignal } from 'solid-js';
import type { DatasetFormat } from '../../core/datasets/rows';
import type { TraceEvent } from '../../core/trace/events';
import type { TraceHeader } from '../../core/trace/header';
import { t } from '../i18n/t';
import { services } from '../services';
import { type Message, MessageBanner } from './message-banner';

/**
 * A run the export reads: its header and events, as the trace store gives them (a StoredTrace
 * fits). `name` (or the stored summary's id) names it in the dataset card's counts.
 */
export interface DatasetSourceRun {
  readonly header: TraceHeader;
  readonly events: readonly TraceEvent[];
  readonly name?: string;
  readonly summary?: { readonly id: string };
}

type Runs = readonly (DatasetSourceRun | undefined)[];

/**
 * Two buttons that cut a training dataset from the given runs, as `swarm export-dataset` does
 * (docs/datasets.md), and download its files: the train JSONL, the validation JSONL (split by
 * request) and the dataset card. The dataset code is loaded on the first click, not with the page.
 */
export function DatasetExport(props: { runs: () => Runs | Promise<Runs> }) {
  const [busy, setBusy] = createSignal<DatasetFormat | undefined>();
  const [message, setMessage] = createSignal<Message | undefined>();

  async function exportAs(format: DatasetFormat) {
    setBusy(format);
    setMessage(undefined);
    try {
      const [{ buildDataset, defaultDatasetOptions }, { datasetFiles }] = await Promise.all([
        import('../../core/datasets/build'),
        import('../../core/datasets/files'),
      ]);
      const runs = (await props.runs()).filter((r): r is DatasetSourceRun => r !== undefined);
      const traces = runs.map((run, i) => ({
        name: run.name ?? run.summary?.id ?? `run-${i + 1}`,
        header: run.header,
        events: run.events,
      }));
      const result = buildDataset({ traces }, { ...defaultDatasetOptions, format });
      if (!result.ok) {
        setMessage({
          kind: 'error',
          text: t('dataset.none', { format: format.toUpperCase(), reason: result.reason }),
        });
        return;
      }
      const base = `swarmflight-${format}`;
      const files = datasetFiles(result, base);
      // One click, one file: the two splits and the card in one zip (three downloads at once
      // before, which a browser may block after the first).
      services.downloadFiles(`${base}.zip`, [
        { name: files.train.name, text: files.train.text, type: 'application/x-ndjson' },
        { name: files.validation.name, text: files.validation.text, type: 'application/x-ndjson' },
        { name: files.card.name, text: files.card.text, type: 'text/markdown' },
      ]);
      setMessage({
        kind: 'note',
        text: t('dataset.done', {
          base,
          train: files.train.name,
          trainRows: result.train.length,
          validation: files.validation.name,
          validationRows: result.validation.length,
          card: files.card.name,
          runs: runs.length,
        }),
      });
    } catch (error) {
      setMessage({ kind: 'error', text: t('dataset.failed', { error: (error as Error).message }) });
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <div data-testid="dataset-export">
      <div class="actions">
        <button
          type="button"
          class="secondary"
          data-testid="export-sft"
          disabled={busy() !== undefined}
          title={t('dataset.sftTitle')}
          onClick={() => void exportAs('sft')}
        >
          {busy() === 'sft' ? t('dataset.building') : t('dataset.sft')}
        </button>
        <button
          type="button"
          class="secondary"
          data-testid="export-dpo"
          disabled={busy() !== undefined}
          title={t('dataset.dpoTitle')}
          onClick={() => void exportAs('dpo')}
        >
          {busy() === 'dpo' ? t('dataset.building') : t('dataset.dpo')}
        </button>
      </div>
      <MessageBanner message={message()} testid="dataset-export-message" />
    </div>
  );
}
