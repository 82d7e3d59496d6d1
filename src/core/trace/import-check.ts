import { graphOrThrow } from '../graph/validate';
import { MAX_JSON_DEPTH, nestsTooDeep, tooDeep } from '../util/json-depth';
import { TRACE_SCHEMA, TRACE_SCHEMA_VERSION, type TraceEvent } from './events';
import type { TraceHeader } from './header';
import { decodeTrace, type TraceProblem } from './jsonl';
import { importedRecord, type RunRecord } from './run-record';
import type { RunMeta } from './store';

/** A trace refused on import, with every problem found (line numbers are 1-based). */
export class TraceImportError extends Error {
  override readonly name = 'TraceImportError';
  constructor(
    readonly problems: readonly TraceProblem[],
    /** 'newer-schema': written by a newer SwarmFlight; 'invalid': anything else. */
    readonly reason: 'newer-schema' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

/** A checked trace, ready to store in one write: its record and its events. */
export interface CheckedImport {
  readonly record: RunRecord;
  readonly events: TraceEvent[];
}

/**
 * What TraceStore.importTrace stores, once every line of `text` has passed validateImport; the
 * run's id is `meta.id`, else `newId()`. Throws TraceImportError.
 */
export function checkImport(
  text: string,
  meta: RunMeta,
  newId: () => string,
  onProgress?: (checked: number, total: number) => void,
): CheckedImport {
  const { header, events } = validateImport(text, onProgress);
  return { record: importedRecord(meta.id ?? newId(), header, events, meta), events };
}

/**
 * Checks a JSONL trace completely before anything is stored: its nesting depth, decodeTrace's
 * line-by-line checks, plus the header fields the library lists runs by. Throws TraceImportError.
 */
function validateImport(
  text: string,
  onProgress?: (checked: number, total: number) => void,
): { header: TraceHeader; events: TraceEvent[] } {
  // First, before any line is parsed: a line nested thousands deep overflowed the stack in
  // IndexedDB's structured clone, so it is refused here, naming the line, as the CLI refuses it.
  const deep = tooDeep(text, true);
  if (deep !== undefined) {
    throw new TraceImportError(
      [{ line: deep, message: `nests arrays and objects more than ${MAX_JSON_DEPTH} deep` }],
      'invalid',
      `The trace was not imported: it ${nestsTooDeep(deep)}.`,
    );
  }
  const newer = newerSchema(text);
  const decoded = decodeTrace(text, 20, onProgress);
  if (newer !== undefined) {
    const problems = decoded.ok ? [] : decoded.problems;
    throw new TraceImportError(
      problems,
      'newer-schema',
      `This trace was written by a newer SwarmFlight (line 1 names ${newer}, this version reads ${TRACE_SCHEMA}): update SwarmFlight to import it.`,
    );
  }
  if (!decoded.ok) throw invalid(decoded.problems, decoded.badLines);
  const missing = missingHeaderFields(decoded.header);
  if (missing.length > 0) {
    throw invalid([{ line: 1, message: `the header lacks ${missing.join(', ')}` }], 1);
  }
  // The run's task graph is checked as opening the run checks it (a cycle, steps out of range):
  // a trace that passed here and then "could not be read from the library" was kept for nothing.
  const started = decoded.events.findIndex((e) => e.type === 'run.started');
  const event = decoded.events[started];
  if (event?.type === 'run.started') {
    try {
      graphOrThrow({ kind: 'graph', id: 'run', tasks: event.tasks });
    } catch (error) {
      throw invalid(
        [{ line: lineOf(text, event.seq), message: `its task graph: ${(error as Error).message}` }],
        1,
      );
    }
  }
  return { header: decoded.header, events: decoded.events };
}

/** The 1-based line of the event numbered `seq` (line 1 is the header; blank lines skipped). */
function lineOf(text: string, seq: number): number {
  let line = 0;
  let event = -1;
  for (const row of text.split('\n')) {
    line++;
    if (row.trim() === '' || line === 1) continue;
    if (++event === seq) return line;
  }
  return line;
}

function invalid(problems: readonly TraceProblem[], badLines: number): TraceImportError {
  const lines = [...new Set(problems.map((p) => p.line))];
  const first = problems[0] as TraceProblem;
  const message =
    badLines <= 1
      ? `The trace was not imported because of a problem on line ${first.line} (${first.message}).`
      : badLines <= 5
        ? `The trace was not imported because of problems on lines ${listLines(lines)} (line ${first.line}: ${first.message}).`
        : `The trace was not imported because of problems on ${badLines.toLocaleString('en')} lines, ${listLines(lines, badLines)} (line ${first.line}: ${first.message}).`;
  return new TraceImportError(problems, 'invalid', message);
}

/** "3, 5 and 7"; past five lines, "1, 2, 3, 4, 5 and 99,995 more" (every bad line counted). */
function listLines(lines: readonly number[], total = lines.length): string {
  if (total > 5) return `${lines.slice(0, 5).join(', ')} and ${(total - 5).toLocaleString('en')} more`;
  return `${lines.slice(0, -1).join(', ')} and ${lines.at(-1)}`;
}

/**
 * The schema named on line 1 when it is a later version of ours. decodeTrace reports this too, as
 * one of its problems; reading it here keeps the refusal from depending on that message's wording.
 */
function newerSchema(text: string): string | undefined {
  const end = text.indexOf('\n');
  let header: unknown;
  try {
    header = JSON.parse(end < 0 ? text : text.slice(0, end));
  } catch {
    return undefined;
  }
  const schema = (header as { schema?: unknown } | null)?.schema;
  if (typeof schema !== 'string') return undefined;
  const version = Number(/^swarmflight\.trace\/(\d+)$/.exec(schema)?.[1]);
  return version > TRACE_SCHEMA_VERSION ? schema : undefined;
}

function missingHeaderFields(header: TraceHeader): string[] {
  const h = header as unknown as Record<string, unknown>;
  const scenario = h.scenario as Record<string, unknown> | undefined;
  const missing: string[] = [];
  if (typeof scenario?.id !== 'string') missing.push('"scenario.id"');
  if (typeof scenario?.kind !== 'string') missing.push('"scenario.kind"');
  if (typeof h.policy !== 'string') missing.push('"policy"');
  if (typeof h.provider !== 'string') missing.push('"provider"');
  if (typeof h.seed !== 'number') missing.push('"seed"');
  return missing;
}
