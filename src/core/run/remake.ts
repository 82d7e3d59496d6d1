/**
 * A run made again from its trace's header: the same scenario, seed, size and settings, under a
 * policy made afresh, with the self-healing loop's recorded interventions replayed rather than
 * detected again (healing/replay.ts). `swarm fork` makes both of its sides this way, and `swarm
 * replay` makes a run again from its recorded replies (providers/replay.ts). Pure: the caller
 * supplies the policy, the provider and the sandbox.
 */

import { type Interventions, replayedHealing } from '../healing/replay';
import type { Policy } from '../policy/types';
import type { Provider } from '../providers/types';
import type { Budgets } from '../runtime/config';
import type { ProfileSpec } from '../scenarios/spec-types';
import type { ScenarioPorts } from '../scenarios/types';
import type { TraceEvent } from '../trace/events';
import type { TraceHeader } from '../trace/header';
import type { Metrics } from '../trace/metrics';
import { prepareRunFor } from './plan-turn';
import type { RunScenario } from './prepare';
import { runPrepared } from './run';

export interface RemakeInput {
  readonly header: TraceHeader;
  /** The scenario the header names, as this build has it. */
  readonly scenario: RunScenario;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  readonly policy: Policy;
  readonly healing: Interventions;
  readonly provider?: Provider;
  readonly ports?: ScenarioPorts;
}

export interface RemadeRun {
  readonly policy: string;
  readonly metrics: Metrics;
  readonly events: TraceEvent[];
  readonly header: TraceHeader;
}

/** An event as it decides the run: without its wall-clock times (the event's and the run's). */
const comparable = (e: TraceEvent) =>
  JSON.stringify(
    e.type === 'run.finished'
      ? { ...e, wallMs: 0, metrics: { ...e.metrics, wallClockMs: 0 } }
      : { ...e, wallMs: 0 },
  );

/** The first event where two traces differ (wall-clock times aside), or -1. */
export function firstDifferentEvent(a: readonly TraceEvent[], b: readonly TraceEvent[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (comparable(a[i] as TraceEvent) !== comparable(b[i] as TraceEvent)) return i;
  return a.length === b.length ? -1 : n;
}

const budgetsOf = (recorded: TraceHeader['budgets']): Partial<Budgets> =>
  Object.fromEntries(
    Object.entries(recorded).map(([k, v]) => [k, v === null ? Number.POSITIVE_INFINITY : v]),
  ) as Partial<Budgets>;

export async function remakeRun(input: RemakeInput): Promise<RemadeRun> {
  const { header, policy } = input;
  // An own request's run is of the request, not the scenario's sample.
  const scenario: RunScenario =
    header.request && input.scenario.type === 'task'
      ? { type: 'task', spec: { ...input.scenario.spec, request: header.request } }
      : input.scenario;
  const run = await prepareRunFor(policy, {
    scenario,
    seed: header.seed,
    ...(header.size !== undefined ? { size: header.size } : {}),
    profiles: input.profiles,
    overrides: {
      join: header.join as never,
      failurePolicy: header.failurePolicy as never,
      budgets: budgetsOf(header.budgets),
      ...(header.context ? { context: { name: header.context.name } as never } : {}),
      ...(header.preference ? { preference: header.preference } : {}),
    },
  });
  const result = await runPrepared(run, {
    policy,
    ...(input.provider ? { provider: input.provider } : {}),
    ...(input.ports ? { ports: input.ports } : {}),
    ...(input.healing.size > 0 ? { hooks: replayedHealing(input.healing) } : {}),
    keepEvents: true,
  });
  return { policy: policy.name, metrics: result.metrics, events: result.events ?? [], header: result.header };
}
