/**
 * `swarm route "…" --run`: the plan the meta-router made, run end to end on the simulated
 * provider — its workflow's scenario (scenarios/<workflow>.json) under the policy of its
 * formation (single → serial, swarm → heuristic, peers → peers), with the plan's
 * roles given to the agents and the plan in the trace header; every model reply held to its
 * deadline, and the self-healing loop when asked for, as in `swarm bench`.
 */
import { withReplyDeadline } from '../adapters/common/reply-deadline';
import { timeoutScheduler } from '../adapters/common/timeout-scheduler';
import { nodeProviders } from '../adapters/node/node-providers';
import { nodeSandbox } from '../adapters/node/node-sandbox';
import { createSwarmApi } from '../api/api';
import { isSwarmApiError } from '../api/errors';
import { hooksFor } from '../core/healing/setup';
import { type ComposedRun, composeRun } from '../core/request/compose-run';
import type { ProviderRequest } from '../core/request/run-request';
import type { Workflow } from '../core/router/choice';
import { executionOf, ownRequestPolicy, type TeamPlan } from '../core/router/plan';
import { runAnswer } from '../core/run/final-answer';
import { runPrepared } from '../core/run/run';
import { simulatedProviderFor } from '../core/scenarios/players';
import { encodeTrace } from '../core/trace/jsonl';
import { UsageError } from './errors';
import type { FlagValue } from './flags';
import { followSwarm } from './follow-swarm';
import { flagOfField } from './provider-flags';
import { cliHealingTimings, type HealingFlag, healingFlag, replyDeadlineFlag } from './reply-watch';
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

/** How `--run` watches its model's replies: `--reply-deadline-ms` and `--healing` (reply-watch.ts). */
export interface ReplyWatch {
  readonly deadlineMs?: number;
  readonly healing: HealingFlag;
}

/** The flags read, before anything runs: a bad value is refused first. */
export const replyWatchOf = (deadline: string | undefined, healing: string | undefined): ReplyWatch => {
  const deadlineMs = replyDeadlineFlag(deadline);
  // The simulated model only, so the loop is off unless asked for (reply-watch.ts).
  return { ...(deadlineMs !== undefined ? { deadlineMs } : {}), healing: healingFlag(healing, false) };
};

export async function runPlan(
  plan: TeamPlan,
  workflow: Workflow,
  options: { readonly seed: number; readonly trace?: string } & Partial<ReplyWatch>,
): Promise<PlanRun> {
  const execution = executionOf(plan, workflow);
  if (options.trace !== undefined) checkOutputs([{ path: options.trace, flag: '--trace' }], []);
  const scenario = readScenario(execution.scenario);
  if (scenario.type !== 'task') throw new UsageError(`--run: ${execution.scenario} is not a task scenario`);
  const profiles = readProfiles();
  let composed: ComposedRun;
  try {
    // The plan's run, as a run request: composed as every other way into a run composes one.
    composed = await composeRun(
      {
        scenario: scenario.spec.id,
        seed: options.seed,
        policy: execution.policy,
        healing: options.healing ?? 'off',
      },
      { type: 'task', spec: scenario.spec },
      {
        profiles,
        providerKinds: [],
        simulated: (p) => simulatedProviderFor(p),
        sandbox: true,
        knowledgeBase: false,
        healingTimings: () =>
          cliHealingTimings({ realModel: false, deadlineMs: options.deadlineMs, profiles }),
      },
    );
  } catch (error) {
    throw new UsageError(`--run: ${(error as Error).message}`);
  }
  const { prepared: run, policy, healing } = composed;
  if (run.type !== 'task') throw new UsageError('--run: not a task run');
  const result = await runPrepared(run, {
    policy,
    provider: withReplyDeadline(simulatedProviderFor(profiles), options.deadlineMs),
    plan,
    ...(healing
      ? {
          hooks: hooksFor(
            healing,
            { seed: run.seed, taskIds: run.plan.tasks.map((t) => t.id) },
            { clock: { now: () => performance.now() }, scheduler: timeoutScheduler },
          ),
        }
      : {}),
  });
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

/**
 * `--run --provider KIND` (any of the registry's real providers, with its own flags): the plan's
 * team works on the request itself, on that provider's model, through the swarm API as
 * `swarm run --request` does: the plan's roles are the workers,
 * the swarm's orchestrator is the model (`ownRequestPolicy`), and the answer is the team's merge.
 */
export async function runOwnPlan(
  plan: TeamPlan,
  workflow: Workflow,
  query: string,
  options: {
    readonly seed: number;
    readonly trace?: string;
    /** The provider the flags say (provider-flags.ts), checked by the API as a request's is. */
    readonly provider: ProviderRequest;
    /** The flags, to name the one that set a refused field. */
    readonly flags: Readonly<Record<string, FlagValue>>;
    readonly print: (line: string) => void;
  },
): Promise<PlanRun> {
  const execution = executionOf(plan, workflow);
  if (options.trace !== undefined) checkOutputs([{ path: options.trace, flag: '--trace' }], []);
  const request = {
    scenario: execution.scenario,
    seed: options.seed,
    policy: ownRequestPolicy[plan.topology],
    provider: options.provider,
    request: {
      text: query,
      workers: plan.workers,
      ...(plan.manager_role ? { manager: plan.manager_role } : {}),
    },
  };
  const api = createSwarmApi({ ports: { sandbox: nodeSandbox }, providers: nodeProviders });
  let id: string;
  try {
    id = await api.create(request);
  } catch (error) {
    if (isSwarmApiError(error)) {
      // A provider field is its flag's; anything else is the plan's run.
      const where = error.field?.startsWith('provider') ? flagOfField(error.field, options.flags) : '--run';
      throw new UsageError(`${where}: ${error.message}`);
    }
    throw error;
  }
  const { status, header, events, answer } = await followSwarm(api, id, options.print);
  if (options.trace !== undefined && header) writeFile(options.trace, encodeTrace(header, events));
  return {
    scenario: execution.scenario,
    policy: request.policy,
    seed: options.seed,
    metrics: (status.runs[0]?.final ?? {}) as Record<string, number>,
    answer: answer ?? null,
    trace: options.trace ?? null,
  };
}
