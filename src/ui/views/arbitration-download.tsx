import type { ArbitrationItem } from '../../core/router/arbitration';
import { t } from '../i18n/t';
import { services } from '../services';
import type { Message } from './message-banner';

/** The labelled requests as an SFT dataset of team plans, as one zip (the rows and their card). */
async function downloadSft(labelled: readonly ArbitrationItem[]): Promise<Message | undefined> {
  const [{ buildDataset, defaultDatasetOptions }, { datasetFiles }] = await Promise.all([
    import('../../core/datasets/build'),
    import('../../core/datasets/files'),
  ]);
  const result = buildDataset(
    { traces: [], arbitrated: labelled },
    { ...defaultDatasetOptions, format: 'sft', kinds: ['plans'], valFraction: 0 },
  );
  if (!result.ok) return { kind: 'error', text: t('router.noDataset', { reason: result.reason }) };
  const base = 'swarmflight-arbitrated-plans';
  const files = datasetFiles(result, base);
  // One click, one file: the rows and their card in one zip.
  services.downloadFiles(`${base}.zip`, [
    { name: files.train.name, text: files.train.text, type: 'application/x-ndjson' },
    { name: files.card.name, text: files.card.text, type: 'text/markdown' },
  ]);
  return undefined;
}

/** The arbitration queue's download: its labelled requests as training rows for the router. */
export function ArbitrationDownload(props: {
  labelled: readonly ArbitrationItem[];
  onMessage: (message: Message) => void;
}) {
  return (
    <div class="actions">
      <button
        type="button"
        class="secondary"
        data-testid="arbitration-sft"
        disabled={props.labelled.length === 0}
        title={t('router.sftTitle')}
        onClick={() =>
          void downloadSft(props.labelled).then((problem) => problem && props.onMessage(problem))
        }
      >
        {t('router.sft')}
      </button>
    </div>
  );
}
