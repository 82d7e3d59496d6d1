import { chromeTrace } from '../../core/trace/chrome-trace';
import type { RunSummary } from '../../core/trace/store';
import { t } from '../i18n/t';
import { services } from '../services';

type Format = 'jsonl' | 'perfetto' | 'otlp';

const fileName = (summary: RunSummary, ext: string) =>
  `swarmflight-${summary.scenario.id}-${summary.policy.replace(/[^\w.-]+/g, '_')}-seed${summary.seed}-${summary.id}.${ext}`;

/** The run's trace as a file in `format`, downloaded; how many saved API keys were taken out of it. */
async function download(summary: RunSummary, format: Format): Promise<number> {
  const store = await services.store();
  if (format === 'jsonl') {
    return services.download(
      fileName(summary, 'jsonl'),
      await store.exportJsonl(summary.id),
      'application/x-ndjson',
    );
  }
  const trace = await store.get(summary.id);
  if (!trace) throw new Error('the run is gone');
  if (format === 'otlp') {
    // The exporter is loaded on the first OTLP download, not with the page.
    const { traceToOtlp } = await import('../../core/trace/otlp');
    return services.download(
      fileName(summary, 'otlp.json'),
      JSON.stringify(traceToOtlp(trace.header, trace.events)),
      'application/json',
    );
  }
  return services.download(
    fileName(summary, 'perfetto.json'),
    JSON.stringify(chromeTrace(trace.header, trace.events)),
  );
}

/** A Library row's download buttons: the run's trace as JSONL, for Perfetto, or as OpenTelemetry. */
export function RunDownloads(props: {
  run: RunSummary;
  onMessage: (message: { kind: 'error' | 'note'; text: string }) => void;
}) {
  async function save(format: Format) {
    try {
      const replaced = await download(props.run, format);
      // A saved API key was found in the run's text and replaced: the file is whole, but says less.
      if (replaced > 0) {
        // `replaced` counts occurrences: one key echoed five times is five, not five keys.
        props.onMessage({ kind: 'note', text: t('library.redacted', { n: replaced }) });
      }
    } catch (error) {
      props.onMessage({
        kind: 'error',
        text: t('library.exportFailed', { error: (error as Error).message }),
      });
    }
  }
  return (
    <>
      <button type="button" class="secondary" data-testid="download-jsonl" onClick={() => void save('jsonl')}>
        JSONL
      </button>
      <button
        type="button"
        class="secondary"
        data-testid="download-perfetto"
        onClick={() => void save('perfetto')}
      >
        Perfetto
      </button>
      <button
        type="button"
        class="secondary"
        data-testid="download-otlp"
        title={t('library.otlpTitle')}
        onClick={() => void save('otlp')}
      >
        OpenTelemetry
      </button>
    </>
  );
}
