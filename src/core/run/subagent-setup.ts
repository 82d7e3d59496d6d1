/**
 * What a subagent needs to know to run any attempt of one run, as plain data that crosses a
 * thread: the scenario file (with the run's overrides), the seed and size (the instance is
 * regenerated from them, byte for byte), the plan mode, the frozen profiles and the context
 * strategy. `prepareRun` makes it; a Web Worker receives it once, when it is warmed, and then only
 * attempt requests.
 */

import { hooksFor } from '../healing/setup';
import type { Provider } from '../providers/types';
import type { AsyncExecutor, Clock } from '../runtime/ports';
import type { ScenarioPorts } from '../scenarios/types';
import type { Scheduler } from '../trace/scheduler';
import { type PreparedTaskRun, prepareRun, type SubagentSetup } from './prepare';
import { subagentExecutor } from './subagent';

export type { SubagentSetup } from './prepare';

/** The run a setup describes, rebuilt through the same composition root as the page's. */
export function runFromSetup(setup: SubagentSetup): PreparedTaskRun {
  return prepareRun({
    scenario: { type: 'task', spec: setup.scenario },
    seed: setup.seed,
    size: setup.size,
    plan: setup.cut ? { mode: setup.plan, ...setup.cut } : setup.plan,
    profiles: setup.profiles,
    overrides: { context: setup.context },
  });
}

/** The subagent of `runPrepared`, rebuilt from plain data on whichever thread runs it. */
export async function executorFromSetup(
  setup: SubagentSetup,
  provider: Provider,
  ports: ScenarioPorts = {},
  timing?: { readonly clock: Clock; readonly scheduler: Scheduler },
): Promise<AsyncExecutor> {
  const run = runFromSetup(setup);
  // Healing needs this thread's clock and timers; without them it cannot watch, so it is off.
  const hooks =
    setup.healing && timing
      ? hooksFor(setup.healing, { seed: setup.seed, taskIds: run.plan.tasks.map((t) => t.id) }, timing)
      : undefined;
  return subagentExecutor(run, provider, ports, undefined, hooks);
}
