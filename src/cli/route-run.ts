/**
 * `swarm route "…" --run`: the plan the meta-router made, run end to end on the simulated
 * provider — its workflow's scenario (scenarios/<workflow>.json) under the policy of its
 * formation (single → serial, centralized → heuristic, decentralized → peers), with the plan's
 * roles given to the agents and the plan in the trace header.
 */
import { policyByName } from '../core/policy/registry';
import type { Workflow } from '../core/router/choice';
import { executionOf, type TeamPlan } from '../core/router/plan';
import { runAnswer } from '../core/scenarios/final-answer';
import { simulatedProviderFor } from '../core/scenarios/players';
import { prepareRun } from '../core/scenarios/prepare';
import { runPrepared } from '../core/scenarios/run';
import { encodeTrace } from '../core/trace/jsonl';
import { UsageError } from './errors';
import { checkOutputs, writeFile } from './safe-write';
import { readProfiles, readScenario } from './scenario-file';

export interface PlanRun {
  readonly scenario: string;
  readonly policy: string;
  readonly seed: number;
  readonly metrics: Readonly<Record<string, number>>;
  readonly answer: string | null;
  readonly trace: string | null;
}

export async function runPlan(
  plan: TeamPlan,
  workflow: Workflow,
  options: { readonly seed: number; readonly trace?: string },
): Promise<PlanRun> {
  const execution = executionOf(plan, workflow);
  if (!execution.ok) throw new UsageError(`--run: ${execution.reason}`);
  if (options.trace !== undefined) checkOutputs([{ path: options.trace, flag: '--trace' }], []);
  const scenario = readScenario(execution.scenario);
  if (scenario.type !== 'task') throw new UsageError(`--run: ${execution.scenario} is not a task scenario`);
  const profiles = readProfiles();
  const policy = policyByName(execution.policy);
  let run: ReturnType<typeof prepareRun>;
  try {
    run = prepareRun({
      scenario: { type: 'task', spec: scenario.spec },
      seed: options.seed,
      plan: policy.plan ?? 'swarm',
      profiles,
    });
  } catch (error) {
    throw new UsageError(`--run: ${(error as Error).message}`);
  }
  if (run.type !== 'task') throw new UsageError('--run: not a task run');
  const result = await runPrepared(run, { policy, provider: simulatedProviderFor(profiles), plan });
  if (options.trace !== undefined) writeFile(options.trace, encodeTrace(result.header, result.events));
  return {
    scenario: execution.scenario,
    policy: execution.policy,
    seed: options.seed,
    metrics: result.metrics as unknown as Record<string, number>,
    answer: runAnswer(run, result.answers) ?? null,
    trace: options.trace ?? null,
  };
}
