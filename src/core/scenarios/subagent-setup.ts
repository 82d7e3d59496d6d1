/**
 * What a subagent needs to know to run any attempt of one run, as plain data that crosses a
 * thread: the scenario file (with the run's overrides), the seed and size (the instance is
 * regenerated from them, byte for byte), the plan mode, the frozen profiles and the context
 * strategy. `prepareRun` makes it; a Web Worker receives it once, when it is warmed, and then only
 * attempt requests.
 */

import type { Provider } from '../providers/types';
import type { AsyncExecutor } from '../runtime/ports';
import { type PreparedTaskRun, prepareRun, type SubagentSetup } from './prepare';
import { subagentExecutor } from './subagent';
import type { ScenarioPorts } from './types';

export type { SubagentSetup } from './prepare';

/** The run a setup describes, rebuilt through the same composition root as the page's. */
export function runFromSetup(setup: SubagentSetup): PreparedTaskRun {
  return prepareRun({
    scenario: { type: 'task', spec: setup.scenario },
    seed: setup.seed,
    size: setup.size,
    plan: setup.plan,
    profiles: setup.profiles,
    overrides: { context: setup.context },
  });
}

/** The subagent of `runPrepared`, rebuilt from plain data on whichever thread runs it. */
export async function executorFromSetup(
  setup: SubagentSetup,
  provider: Provider,
  ports: ScenarioPorts = {},
): Promise<AsyncExecutor> {
  return subagentExecutor(runFromSetup(setup), provider, ports);
}
