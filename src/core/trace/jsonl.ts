import { eventProblem, headerProblem } from './event-schema';
import { TRACE_SCHEMA, TRACE_SCHEMA_VERSION, type TraceEvent, topologyOf } from './events';
import type { TraceHeader } from './header';

/** A trace as JSONL: the header on the first line, then one event a line (docs/architecture.md, contracts). */
export function encodeTrace(header: TraceHeader, events: Iterable<TraceEvent>): string {
  const lines = [JSON.stringify(header)];
  for (const e of events) lines.push(JSON.stringify(e));
  return `${lines.join('\n')}\n`;
}

export interface TraceProblem {
  /** 1-based line number in the file. */
  readonly line: number;
  readonly message: string;
}

export type DecodedTrace =
  | { ok: true; header: TraceHeader; events: TraceEvent[] }
  | {
      ok: false;
      /** The first problems, in line order (at most `maxProblems`). */
      problems: TraceProblem[];
      /** How many lines have a problem, all of them counted. */
      badLines: number;
    };

/** Lines between two progress reports of a long decode. */
const PROGRESS_EVERY = 5_000;

const eventTypes = new Set<string>([
  'run.started',
  'orchestrator.step',
  'subagent.spawned',
  'task.ready',
  'task.assigned',
  'task.started',
  'task.finished',
  'task.failed',
  'task.retried',
  'task.degraded',
  'task.skipped',
  'task.cancelled',
  'llm.turn',
  'agent.context',
  'agent.message',
  'tool.call',
  'anomaly.detected',
  'healing.action',
  'chaos.fault',
  'budget.exhausted',
  'run.graded',
  'run.finished',
]);

/**
 * Reads a JSONL trace, checking every line: the header's schema and shape, then each event's
 * envelope (seq counting up from 0 with the line, step-time never going back, a known type) and
 * the fields of its type (event-schema.ts). Every bad line is counted; the first `maxProblems`
 * problems are returned, each with its line number.
 */
export function decodeTrace(
  text: string,
  maxProblems = 20,
  onProgress?: (checked: number, total: number) => void,
): DecodedTrace {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const problems: TraceProblem[] = [];
  let badLines = 0;
  let lastBad = 0;
  const fail = (line: number, message: string) => {
    if (line !== lastBad) badLines++;
    lastBad = line;
    if (problems.length < maxProblems) problems.push({ line, message });
  };
  if (lines.length === 0) {
    return { ok: false, problems: [{ line: 1, message: 'the file is empty' }], badLines: 1 };
  }

  const header = parseLine(lines[0] as string, 1, fail) as Partial<TraceHeader> | undefined;
  if (header) {
    const schema = header.schema;
    const version =
      typeof schema === 'string' ? Number(/^swarmflight\.trace\/(\d+)$/.exec(schema)?.[1]) : NaN;
    if (!Number.isInteger(version)) {
      fail(
        1,
        `not a SwarmFlight trace header: "schema" is ${JSON.stringify(schema)}, expected "${TRACE_SCHEMA}"`,
      );
    } else if (version > TRACE_SCHEMA_VERSION) {
      fail(
        1,
        `trace schema ${schema} is newer than this version reads (${TRACE_SCHEMA}); update SwarmFlight`,
      );
    } else if (version < TRACE_SCHEMA_VERSION) {
      fail(1, `trace schema ${schema} is older than ${TRACE_SCHEMA} and is not supported`);
    } else {
      const problem = headerProblem(header as Record<string, unknown>);
      if (problem !== undefined) fail(1, problem);
    }
  }

  const events: TraceEvent[] = [];
  let lastT = 0;
  for (let i = 1; i < lines.length; i++) {
    if (onProgress && i % PROGRESS_EVERY === 0) onProgress(i, lines.length);
    const lineNo = i + 1;
    const raw = lines[i] as string;
    if (raw.trim() === '') {
      fail(lineNo, 'empty line');
      continue;
    }
    const e = parseLine(raw, lineNo, fail) as Record<string, unknown> | undefined;
    if (!e) continue;
    if (typeof e.type !== 'string' || !eventTypes.has(e.type)) {
      fail(lineNo, `unknown event type ${JSON.stringify(e.type)}`);
      continue;
    }
    // Line i + 1 holds event i − 1: judging seq by the line, not by a running count, keeps one bad
    // line from making every later line look wrong.
    if (e.seq !== i - 1) fail(lineNo, `"seq" is ${JSON.stringify(e.seq)}, expected ${i - 1}`);
    if (typeof e.t !== 'number' || !(e.t >= lastT)) {
      fail(
        lineNo,
        `"t" is ${JSON.stringify(e.t)}; step-time must be a number and never go back (was ${lastT})`,
      );
    } else lastT = e.t;
    if (typeof e.wallMs !== 'number') fail(lineNo, `"wallMs" must be a number`);
    const problem = eventProblem(e);
    if (problem !== undefined) fail(lineNo, problem);
    events.push(e as unknown as TraceEvent);
  }
  onProgress?.(lines.length, lines.length);
  if (problems.length > 0) return { ok: false, problems, badLines };
  return { ok: true, header: todaysWords(header as TraceHeader), events };
}

function parseLine(raw: string, line: number, fail: (line: number, message: string) => void): unknown {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      fail(line, 'expected a JSON object');
      return undefined;
    }
    return value;
  } catch (error) {
    fail(line, `not JSON: ${(error as Error).message}`);
    return undefined;
  }
}

/**
 * The trace with wall-clock fields zeroed and the workers that ran attempts left out: what two runs
 * of one config and seed must share byte for byte.
 */
export function withoutWallClock(events: readonly TraceEvent[]): TraceEvent[] {
  return events.map((e) => {
    if (e.type === 'run.finished') return { ...e, wallMs: 0, metrics: { ...e.metrics, wallClockMs: 0 } };
    // Which worker ran an attempt is the machine's choice, as its wall-clock time is.
    if ((e.type === 'task.finished' || e.type === 'task.failed') && e.worker !== undefined) {
      const { worker: _where, ...rest } = e;
      return { ...rest, wallMs: 0 };
    }
    return { ...e, wallMs: 0 };
  });
}

/** A header as today's code reads it: an older trace's plan says centralized or decentralized. */
function todaysWords(header: TraceHeader): TraceHeader {
  const plan = header.plan;
  const topology = plan ? topologyOf(plan.topology) : undefined;
  return plan && topology && topology !== plan.topology ? { ...header, plan: { ...plan, topology } } : header;
}
