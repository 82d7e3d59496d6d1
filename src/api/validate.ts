/**
 * Checks a task and a swarm's options before anything starts, and composes the task's run
 * (core/request/compose-run.ts): whatever it would refuse is refused here, with a SwarmApiError
 * naming the field, so a bad call leaves the swarm as it was.
 */

import * as v from 'valibot';
import type { HealingSetup } from '../core/healing/setup';
import type { Policy } from '../core/policy/types';
import { longestReplyDeadlineMs, MAX_TIMER_MS } from '../core/providers/deadline';
import type { ProviderFactories } from '../core/providers/factories';
import type { Provider } from '../core/providers/types';
import { type CheckpointSource, composeRun } from '../core/request/compose-run';
import { type NormalRequest, RequestError } from '../core/request/run-input';
import type { PreparedTaskRun } from '../core/run/prepare';
import { simulatedProviderFor } from '../core/scenarios/players';
import { withModel } from '../core/scenarios/profiles';
import type { ProfileSpec } from '../core/scenarios/spec-types';
import type { ScenarioPorts } from '../core/scenarios/types';
import { readRunRequest } from '../providers/run-request';
import { frozenProfiles, scenarioSpec } from './catalog';
import { SwarmApiError } from './errors';
import { type SwarmOptions, type SwarmTask, TASK_SCENARIOS, type TaskScenario } from './types';

export type { ProviderFactories };

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

export type { CheckpointSource };

export interface ReadyTask {
  readonly task: NormalTask;
  readonly run: PreparedTaskRun;
  readonly policy: Policy;
  /** The model the run asked for (`provider`), when it is not the simulated one. */
  readonly provider?: Provider;
  /** The self-healing loop and the faults the task asks for, with this swarm's timings. */
  readonly healing?: HealingSetup;
}

const invalid = (message: string, field: string) =>
  new SwarmApiError('invalid-task', `invalid task: ${message}`, field);

/** What the API lends a run (composeRun's host). */
export interface TaskHost {
  readonly ports: ScenarioPorts;
  readonly checkpoints?: CheckpointSource;
  readonly providers?: ProviderFactories;
  /** The frozen profiles runs use; the repository's (catalog.ts) when absent. */
  readonly profiles?: Readonly<Record<string, ProfileSpec>>;
}

/**
 * The task (a run request, core/request), normalised, with its prepared run and its policy,
 * composed by composeRun. A refusal is the request's own message, in the same words the page and
 * the CLI give.
 */
export async function readyTask(
  input: unknown,
  host: TaskHost,
  options: Pick<NormalOptions, 'pace' | 'replyDeadlineMs'>,
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
  const providers = host.providers ?? {};
  try {
    const composed = await composeRun(
      request,
      { type: 'task', spec },
      {
        profiles: host.profiles ?? frozenProfiles(),
        ...(host.checkpoints ? { checkpoints: host.checkpoints } : {}),
        providerKinds: Object.keys(providers),
        openProvider: async (asked, frozen) => {
          // checkAgainst refused a kind this host has no factory for.
          const make = providers[asked.kind] as NonNullable<ProviderFactories[string]>;
          // Every profile's model on a real provider is the one asked for, as the header records it.
          return { provider: await make(asked), profiles: withModel(frozen, asked.kind, asked.model ?? '') };
        },
        // The orchestrator model is the agents' own: the simulated one, or the model asked for.
        simulated: (profiles) => simulatedProviderFor(profiles),
        sandbox: Boolean(host.ports.sandbox),
        knowledgeBase: Boolean(host.ports.knowledge),
        // The simulator's turns are judged by the model's own time (docs/healing.md); a real
        // model's watchdog starts past its longest reply deadline and learns its pace
        // (healing/watchdog.ts).
        healingTimings: (run, real) =>
          real
            ? {
                timing: 'wall',
                unresponsiveMs: longestReplyDeadlineMs(options.replyDeadlineMs, run.profiles) + 5000,
              }
            : { unresponsiveMs: options.pace > 0 ? 30_000 : 5_000, timing: 'model' },
      },
    );
    return {
      task: composed.request,
      run: composed.prepared as PreparedTaskRun,
      policy: composed.policy,
      ...(composed.real ? { provider: composed.real.provider } : {}),
      ...(composed.healing ? { healing: composed.healing } : {}),
    };
  } catch (error) {
    if (error instanceof RequestError) throw invalid(error.message, error.field);
    throw error;
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
