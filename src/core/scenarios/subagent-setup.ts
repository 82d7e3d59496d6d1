/**
 * What a subagent needs to know to run any attempt of one run, as plain data that crosses a
 * thread: the scenario file, the seed and size (the instance is regenerated from them, byte for
 * byte), the plan mode, the frozen profiles and the context strategy. A Web Worker receives it
 * once, when it is warmed, and then only attempt requests.
 */

import type { ContextSpec } from '../agents/context/registry';
import type { Provider } from '../providers/types';
import type { AsyncExecutor } from '../runtime/ports';
import type { ProfileRecord } from '../trace/events';
import { profileHash } from './profiles';
import { scenarioKinds } from './registry';
import { scenarioExecutor } from './run';
import type { ProfileSpec, TaskScenarioSpec } from './spec-types';
import type { Plan, PlanMode, ScenarioPorts } from './types';

export interface SubagentSetup {
  readonly scenario: TaskScenarioSpec;
  readonly seed: number;
  readonly size: number;
  readonly plan: PlanMode;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  readonly context: ContextSpec;
}

/** The plan of the setup's instance, as the orchestrator sees it. */
export function setupPlan(setup: SubagentSetup): Plan {
  const kind = scenarioKinds[setup.scenario.kind];
  return kind.plan(kind.generate(setup.scenario as never, setup.seed, setup.size), setup.plan);
}

/** The subagent of `runScenario`, rebuilt from plain data on whichever thread runs it. */
export async function executorFromSetup(
  setup: SubagentSetup,
  provider: Provider,
  ports: ScenarioPorts = {},
): Promise<AsyncExecutor> {
  const kind = scenarioKinds[setup.scenario.kind];
  const instance = kind.generate(setup.scenario as never, setup.seed, setup.size);
  const plan = kind.plan(instance, setup.plan);
  const records: Record<string, ProfileRecord> = {};
  for (const [name, p] of Object.entries(setup.profiles)) {
    records[name] = { model: p.models[provider.name] ?? provider.name, hash: await profileHash(p) };
  }
  return scenarioExecutor({
    plan,
    tools: kind.tools(instance, ports),
    profiles: setup.profiles,
    records,
    provider,
    context: setup.context,
  });
}
