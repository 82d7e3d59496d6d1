import { chromeTrace } from '../core/trace/chrome-trace';
import { TRACE_SCHEMA } from '../core/trace/events';
import { decodeTrace } from '../core/trace/jsonl';
import { traceToOtlp } from '../core/trace/otlp';
import { UsageError } from './errors';
import { defineCommand, helpText, parseFlags } from './flags';
import { readInputFile } from './input-file';
import { checkOutputs, writeFile } from './safe-write';

type Print = (text: string) => void;

export const exportTraceTable = defineCommand({
  name: 'export-trace',
  usage: ['export-trace --trace FILE.jsonl --format otlp|chrome --out FILE.json [--start ISO] [--json]'],
  about:
    "Writes a run trace (JSONL, e.g. from bench --trace-dir or route --run --trace) for other tools. otlp: OpenTelemetry OTLP/JSON (an ExportTraceServiceRequest) with the GenAI semantic conventions: invoke_agent spans for the orchestrator and every subagent attempt, chat spans for model turns, execute_tool spans for tool calls (docs/telemetry.md); POST it to a collector's /v1/traces (Jaeger, Langfuse, Phoenix). chrome: the Chrome trace-event file Perfetto (ui.perfetto.dev) and chrome://tracing open.",
  flags: [
    { name: 'trace', type: 'string', value: 'FILE.jsonl', required: true, help: "the run's trace" },
    {
      name: 'format',
      type: 'choice',
      value: 'otlp|chrome',
      choices: ['otlp', 'chrome'],
      required: true,
      help: 'what to write, as described above',
    },
    {
      name: 'out',
      type: 'string',
      value: 'FILE.json',
      required: true,
      help: 'where to write (written whole or not at all)',
    },
    {
      name: 'start',
      type: 'string',
      value: 'ISO',
      help: 'when the run is taken to have started, for otlp (default 2025-01-01T00:00:00Z)',
      appliesUnless: (values) =>
        values.format === 'chrome'
          ? "--format chrome has no start date: its times are the run's steps, counted from 0"
          : undefined,
    },
    { name: 'json', type: 'boolean', help: 'print a JSON summary' },
  ],
});

export const exportTraceHelp = helpText(exportTraceTable);

export function exportTrace(argv: string[], out: Print): void {
  const flags = parseFlags(exportTraceTable, argv);
  const values = {
    trace: flags.trace,
    out: flags.out,
    start: flags.start,
    json: flags.json === true,
  };
  const format = flags.format;
  let startMs: number | undefined;
  if (values.start !== undefined) {
    startMs = Date.parse(values.start);
    if (!Number.isFinite(startMs))
      throw new UsageError(`--start must be a date and time (ISO 8601), got "${values.start}"`);
    // OTLP's times are unsigned nanoseconds since 1970 (fixed64): an earlier start has no encoding.
    if (startMs < 0)
      throw new UsageError(
        `--start must be 1970-01-01T00:00:00Z or later (OTLP counts from it), got "${values.start}"`,
      );
  }
  checkOutputs([{ path: values.out, flag: '--out' }], [values.trace]);
  const text = readInputFile(values.trace, 'trace', undefined, true);
  const schema = /"schema"\s*:\s*"([^"]*)"/.exec(text.slice(0, 2000))?.[1];
  if (schema !== undefined && schema !== TRACE_SCHEMA) {
    throw new UsageError(`${values.trace}: a trace of schema ${schema}; this version reads ${TRACE_SCHEMA}`);
  }
  const decoded = decodeTrace(text);
  if (!decoded.ok) {
    const [first, ...more] = decoded.problems;
    throw new UsageError(
      `${values.trace}:${first?.line}: ${first?.message}${more.length > 0 ? ` (and ${more.length} more)` : ''}`,
    );
  }
  const document =
    format === 'otlp'
      ? traceToOtlp(decoded.header, decoded.events, startMs === undefined ? {} : { startMs })
      : chromeTrace(decoded.header, decoded.events);
  writeFile(values.out, `${JSON.stringify(document)}\n`);
  const spans =
    format === 'otlp'
      ? ((document as ReturnType<typeof traceToOtlp>).resourceSpans[0]?.scopeSpans[0]?.spans.length ?? 0)
      : undefined;
  const summary = {
    out: values.out,
    format,
    events: decoded.events.length,
    ...(spans !== undefined ? { spans } : {}),
  };
  out(
    values.json
      ? JSON.stringify(summary)
      : `wrote ${values.out} (${format}${spans !== undefined ? `, ${spans} spans` : ''} from ${decoded.events.length} events)`,
  );
}
