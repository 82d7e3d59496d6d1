/**
 * Checks a task and a swarm's options before anything starts, and builds the task's run through
 * the composition root (prepareRun): whatever prepareRun would refuse is refused here, with a
 * SwarmApiError naming the field, so a bad call leaves the swarm as it was.
 */

import * as v from 'valibot';
import { preferenceRefusal, resolvePolicy } from '../core/learning/resolve-policy';
import { llmPolicyFor } from '../core/policy/llm/llm-policy';
import type { Policy } from '../core/policy/types';
import { MAX_TIMER_MS } from '../core/providers/deadline';
import type { ProviderFactories } from '../core/providers/factories';
import type { Provider } from '../core/providers/types';
import { SIMULATED } from '../core/trace/simulated-id';

export type { ProviderFactories };

import { LLM_POLICY, policyForms } from '../core/request/policy-name';
import {
  checkAgainst,
  type NormalRequest,
  normalRequest,
  RequestError,
  runInputOf,
} from '../core/request/run-input';
import { prepareRunFor } from '../core/run/plan-turn';
import type { PreparedTaskRun } from '../core/run/prepare';
import { simulatedProviderFor } from '../core/scenarios/players';
import { profileHashes, withModel } from '../core/scenarios/profiles';
import type { ScenarioPorts } from '../core/scenarios/types';
import { readRunRequest } from '../providers/run-request';
import { frozenProfiles, scenarioSpec } from './catalog';
import { SwarmApiError } from './errors';
import { type SwarmOptions, type SwarmTask, TASK_SCENARIOS, type TaskScenario } from './types';

const optionsSchema = v.strictObject(
  {
    label: v.optional(v.pipe(v.string('label must be a string'), v.maxLength(200, 'label is too long'))),
    concurrency: v.optional(
      v.pipe(
        v.number('concurrency must be a number'),
        v.integer('concurrency must be a whole number'),
        v.minValue(1, 'concurrency must be at least 1'),
        v.maxValue(16, 'concurrency must be at most 16'),
      ),
    ),
    pace: v.optional(
      v.pipe(
        v.number('pace must be a number'),
        v.minValue(0, 'pace must be 0 or more'),
        v.maxValue(10_000, 'pace must be at most 10000'),
      ),
    ),
    // A timer waits at most 2^31 − 1 ms: a longer one fires at once.
    replyDeadlineMs: v.optional(
      v.pipe(
        v.number('replyDeadlineMs must be a number'),
        v.integer('replyDeadlineMs must be a whole number'),
        v.minValue(1, 'replyDeadlineMs must be at least 1'),
        v.maxValue(MAX_TIMER_MS, `replyDeadlineMs must be at most ${MAX_TIMER_MS}`),
      ),
    ),
  },
  (issue) => (issue.expected === 'never' ? `unknown option "${String(issue.input)}"` : 'expected an object'),
);

type Issues = [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]];

function firstIssue(issues: Issues): { field: string | undefined; message: string } {
  const issue = issues[0];
  return { field: v.getDotPath(issue) ?? undefined, message: issue.message };
}

/** A task with its defaults filled in (seed, policy, healing), as a status reports it. */
export type NormalTask = NormalRequest;

/** Where a host keeps trained checkpoints (`parl:REF`, `bandit:REF`). */
export interface CheckpointSource {
  /** The checkpoint JSON under `ref`, or undefined when there is none; may throw its own error. */
  load(ref: string): unknown | Promise<unknown>;
  /** Where refs point, for a refusal: "a path to a checkpoint file", "a saved policy's name". */
  readonly describe: string;
}

export interface ReadyTask {
  readonly task: NormalTask;
  readonly run: PreparedTaskRun;
  readonly policy: Policy;
  /** The model the run asked for (`provider`), when it is not the simulated one. */
  readonly provider?: Provider;
}

const invalid = (message: string, field: string) =>
  new SwarmApiError('invalid-task', `invalid task: ${message}`, field);

/**
 * The task (a run request, core/request), normalised, with its prepared run and its policy. A
 * refusal is the request's own message, in the same words the page and the CLI give.
 */
export async function readyTask(
  input: unknown,
  ports: ScenarioPorts,
  checkpoints?: CheckpointSource,
  providers: ProviderFactories = {},
): Promise<ReadyTask> {
  const read = readRunRequest(input);
  if (!read.ok) throw invalid(read.message, read.field === 'request' ? 'task' : read.field);
  const request = read.request;
  if (!(TASK_SCENARIOS as readonly string[]).includes(request.scenario)) {
    throw invalid(
      `scenario must be one of ${TASK_SCENARIOS.join(', ')}, not "${request.scenario}"`,
      'scenario',
    );
  }
  const spec = scenarioSpec(request.scenario as TaskScenario);
  const frozen = frozenProfiles();
  try {
    checkAgainst(
      request,
      { type: 'task', spec },
      {
        profiles: frozen,
        sandbox: Boolean(ports.sandbox),
        knowledgeBase: Boolean(ports.knowledge),
        providers: [SIMULATED, ...Object.keys(providers)],
      },
    );
  } catch (error) {
    if (error instanceof RequestError) throw invalid(error.message, error.field);
    throw error;
  }
  const task = normalRequest(request);
  const real = await realProvider(request.provider, providers);
  // Every profile's model on a real provider is the one asked for, as the trace header records it.
  const profiles = real ? withModel(frozen, real.kind, real.model) : frozen;
  const policy =
    task.policy === LLM_POLICY
      ? // The orchestrator model is the agents' own: the simulated one, or the model asked for.
        llmPolicyFor(real?.provider ?? simulatedProviderFor(profiles), profiles)
      : await resolvePolicy(
          task.policy,
          {
            // Trained checkpoints come from the host: files in Node, the policy store in the page.
            load: async (ref) => {
              try {
                return await checkpoints?.load(ref);
              } catch (error) {
                throw invalid((error as Error).message.replace(/^policy: /, ''), 'policy');
              }
            },
            hashes: () => profileHashes(frozen),
            messages: {
              unknownBuiltIn: (name) => `policy: "${name}" is not a policy (one of: ${policyForms()})`,
              unknownKind: (name) => `policy: "${name}" is not a policy (one of: ${policyForms()})`,
              missing: (ref) =>
                checkpoints
                  ? `policy: no checkpoint "${ref}" (${checkpoints.describe})`
                  : `policy: no checkpoint "${ref}": this host has no trained policies`,
              unloadable: (ref, reason) => `policy: checkpoint "${ref}" refused: ${reason}`,
              wrongKind: (ref, actual, asked) =>
                `policy: checkpoint "${ref}" is a ${actual} policy, not ${asked}`,
            },
            fail: (message) => invalid(message, 'policy'),
          },
          task.play ?? 'greedy',
        );
  const refused = preferenceRefusal(policy, task.preference);
  if (refused) throw invalid(refused, 'preference');
  let run: PreparedTaskRun;
  try {
    // The policy's plan: the llm orchestrator's plan turn is taken here, before the run is built.
    run = (await prepareRunFor(
      policy,
      runInputOf(task, { type: 'task', spec }, { profiles, plan: undefined }),
    )) as PreparedTaskRun;
  } catch (error) {
    // What is left to refuse is the policy's formation (a peers policy on a scenario without a
    // decentralized plan): the other fields were checked above.
    throw invalid((error as Error).message, 'policy');
  }
  return { task, run, policy, ...(real ? { provider: real.provider } : {}) };
}

/** The real model a checked request names, made by the host's factory; undefined: the simulated one. */
async function realProvider(
  asked: NormalTask['provider'],
  providers: ProviderFactories,
): Promise<{ kind: string; model: string; provider: Provider } | undefined> {
  if (!asked || asked.kind === SIMULATED) return undefined;
  // checkAgainst refused a kind this host has no factory for.
  const make = Object.hasOwn(providers, asked.kind) ? providers[asked.kind] : undefined;
  if (!make) throw invalid(`provider.kind "${asked.kind}" is not run here`, 'provider.kind');
  try {
    const provider = await make(asked);
    return { kind: asked.kind, model: asked.model ?? '', provider };
  } catch (error) {
    // A factory names the field it could not use (its folder's node.ts).
    if (error instanceof RequestError) throw invalid(error.message, error.field);
    throw invalid(`provider: ${(error as Error).message}`, 'provider');
  }
}

export interface NormalOptions {
  readonly label: string | undefined;
  readonly concurrency: number;
  readonly pace: number;
  /** Undefined: each reply's default deadline, from its output limit. */
  readonly replyDeadlineMs: number | undefined;
}

export function readOptions(input: unknown): NormalOptions {
  if (input === undefined) return { label: undefined, concurrency: 1, pace: 0, replyDeadlineMs: undefined };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new SwarmApiError('invalid-options', 'invalid options: expected an object', 'options');
  }
  const parsed = v.safeParse(optionsSchema, input, { abortPipeEarly: true });
  if (!parsed.success) {
    const { field, message } = firstIssue(parsed.issues);
    throw new SwarmApiError(
      'invalid-options',
      `invalid options: ${message}`,
      field ? `options.${field}` : 'options',
    );
  }
  const o: SwarmOptions = parsed.output;
  return {
    label: o.label,
    concurrency: o.concurrency ?? 1,
    pace: o.pace ?? 0,
    replyDeadlineMs: o.replyDeadlineMs,
  };
}

export type { SwarmTask };
