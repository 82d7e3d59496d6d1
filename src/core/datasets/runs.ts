/**
 * Logged runs as a dataset reads them: the request (the header's query), the team that ran it
 * (the header's plan, or the team its policy implies: serial → single, peers → peers, any other →
 * swarm, with the scenario kind as the workflow, through the router's `teamFor`), and how it did
 * (reward, quality, critical steps and success from the final `run.finished`).
 *
 * A trace that gives no run is counted with why: another schema version, a graph run, no query, a
 * kind no workflow names, no final metrics, or a header plan that breaks the plan schema.
 */

import { type Topology, type Workflow, workflows } from '../router/choice';
import { readTeamPlan, type TeamPlan, teamFor } from '../router/plan';
import { TRACE_SCHEMA, type TraceEvent } from '../trace/events';
import type { TraceHeader } from '../trace/header';
import { decodeTrace } from '../trace/jsonl';

/** A decoded trace and the name it goes by (its file name). */
export interface LoadedTrace {
  readonly name: string;
  readonly header: TraceHeader;
  readonly events: readonly TraceEvent[];
}

export interface DatasetRun {
  readonly source: string;
  readonly request: string;
  readonly workflow: Workflow;
  readonly plan: TeamPlan;
  /** Where the plan came from: the trace header, or the policy that ran. */
  readonly planFrom: 'header' | 'policy';
  readonly reward: number;
  readonly quality: number;
  readonly criticalSteps: number;
  /** `episodeSuccess` was 1. */
  readonly success: boolean;
  readonly events: readonly TraceEvent[];
}

export const skipReasons = ['schema', 'graph', 'no-query', 'unknown-kind', 'unfinished', 'bad-plan'] as const;
export type SkipReason = (typeof skipReasons)[number];
export type Skipped = Partial<Record<SkipReason, number>>;

/** The thought of a plan made up from the policy: the formation's reason, in plan-route.ts's words. */
const why: Readonly<Record<Topology, string>> = {
  single: 'one agent answers it faster and cheaper than any team',
  swarm: 'it splits into parts that run in parallel under a manager who merges them',
  peers: 'independent judgements compared on a shared board and a vote make fewer mistakes than one judge',
};

/** The formation a policy runs when no plan chose it. */
export const topologyOfPolicy = (policy: string): Topology =>
  policy === 'serial' ? 'single' : policy === 'peers' ? 'peers' : 'swarm';

export type RunReading = { ok: true; run: DatasetRun } | { ok: false; skip: SkipReason };

/** The dataset run a decoded trace holds, or why it holds none. */
export function readDatasetRun(trace: LoadedTrace): RunReading {
  const { header, events } = trace;
  if (header.schema !== TRACE_SCHEMA) return { ok: false, skip: 'schema' };
  const kind = header.scenario.kind;
  if (kind === 'graph') return { ok: false, skip: 'graph' };
  if (!(workflows as readonly string[]).includes(kind)) {
    return { ok: false, skip: 'unknown-kind' };
  }
  const workflow = kind as Workflow;
  if (typeof header.query !== 'string' || header.query.trim() === '') return { ok: false, skip: 'no-query' };
  const last = events.at(-1);
  if (last?.type !== 'run.finished') return { ok: false, skip: 'unfinished' };
  const { reward, criticalSteps } = last.metrics;
  const quality = last.metrics.quality ?? last.metrics.itemF1;
  if (![reward, quality, criticalSteps].every((x) => typeof x === 'number' && Number.isFinite(x))) {
    return { ok: false, skip: 'unfinished' };
  }
  let plan: TeamPlan;
  if (header.plan !== undefined) {
    const reading = readTeamPlan(header.plan);
    if (!reading.ok) return { ok: false, skip: 'bad-plan' };
    plan = reading.plan;
  } else {
    const topology = topologyOfPolicy(header.policy);
    plan = teamFor(topology, workflow, `A ${workflow} request: ${why[topology]}.`);
  }
  return {
    ok: true,
    run: {
      source: trace.name,
      request: header.query,
      workflow,
      plan,
      planFrom: header.plan !== undefined ? 'header' : 'policy',
      reward: reward as number,
      quality: quality as number,
      criticalSteps: criticalSteps as number,
      success: last.metrics.episodeSuccess === 1,
      events,
    },
  };
}

/** Every run of these traces, in the order given, and how many traces gave none, by reason. */
export function readDatasetRuns(traces: readonly LoadedTrace[]): {
  runs: DatasetRun[];
  skipped: Skipped;
} {
  const runs: DatasetRun[] = [];
  const skipped: Skipped = {};
  for (const trace of traces) {
    const reading = readDatasetRun(trace);
    if (reading.ok) runs.push(reading.run);
    else skipped[reading.skip] = (skipped[reading.skip] ?? 0) + 1;
  }
  return { runs, skipped };
}

export interface TraceFile {
  readonly name: string;
  readonly text: string;
}

export interface DecodedFiles {
  readonly traces: LoadedTrace[];
  /** Traces of another schema version, with the version each names. */
  readonly otherSchema: readonly { readonly name: string; readonly schema: string }[];
  /** Files that are no trace this version reads: the first problem, with its line. */
  readonly unreadable: readonly { readonly name: string; readonly line: number; readonly message: string }[];
}

/**
 * JSONL trace files decoded, in name order. A trace of another schema version is set apart, not
 * misread: a dataset cut from fields that meant something else would teach the wrong thing.
 */
export function decodeTraceFiles(files: readonly TraceFile[]): DecodedFiles {
  const traces: LoadedTrace[] = [];
  const otherSchema: { name: string; schema: string }[] = [];
  const unreadable: { name: string; line: number; message: string }[] = [];
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const schema = schemaOf(file.text);
    if (schema !== undefined && schema !== TRACE_SCHEMA && /^swarmflight\.trace\/\d+$/.test(schema)) {
      otherSchema.push({ name: file.name, schema });
      continue;
    }
    const decoded = decodeTrace(file.text);
    if (decoded.ok) traces.push({ name: file.name, header: decoded.header, events: decoded.events });
    else {
      const first = decoded.problems[0];
      unreadable.push({ name: file.name, line: first?.line ?? 1, message: first?.message ?? 'unreadable' });
    }
  }
  return { traces, otherSchema, unreadable };
}

function schemaOf(text: string): string | undefined {
  const end = text.indexOf('\n');
  try {
    const header = JSON.parse(end < 0 ? text : text.slice(0, end)) as { schema?: unknown } | null;
    return typeof header?.schema === 'string' ? header.schema : undefined;
  } catch {
    return undefined;
  }
}
