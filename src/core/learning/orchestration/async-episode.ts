/**
 * Playing an episode with an orchestrator that answers asynchronously (a model behind a
 * provider), without a second copy of the environment. `playInstance` (episode.ts) calls its
 * policy synchronously and is the one definition of the environment; an asynchronous policy
 * cannot be awaited from inside it. Episodes are pure, seeded and take microseconds, so this file
 * replays instead: the synchronous episode runs with a policy that answers from the answers
 * recorded so far, in call order, and stops at the first decision it has no answer for. That
 * decision is put to the asynchronous policy, its answer recorded, and the episode played again
 * from the start. The luck of an episode is keyed by (instance, unit, replica, attempt), so each
 * replay meets the same draws and reaches the same decisions in the same order; a replay that
 * asks a different kind of decision than was recorded is a bug, and throws.
 *
 * An episode of D decisions costs D + 1 replays (O(D²) environment steps, a few milliseconds for
 * the largest instances): nothing next to one model call.
 */
import {
  CONTROLS,
  type ControlView,
  type FailureView,
  MODES,
  type Observed,
  type OrchestrationPolicy,
  type PlanChoice,
  PROFILES,
  RECOVERIES,
  REPLICAS,
  SHARDS,
  type ShardView,
  SPARES,
} from './decisions';
import { type EpisodeResult, playInstance } from './episode';
import type { EpisodeLog } from './episode-log';
import type { Instance } from './instance';
import type { EnvParams } from './params';

/** OrchestrationPolicy's four decisions, answered asynchronously (a model, a person, a server). */
export interface AsyncOrchestrationPolicy {
  readonly name: string;
  plan(instance: Observed, signal?: AbortSignal): Promise<PlanChoice>;
  profile(view: ShardView, signal?: AbortSignal): Promise<number>;
  recover(view: FailureView, signal?: AbortSignal): Promise<number>;
  control(view: ControlView, signal?: AbortSignal): Promise<number>;
}

export type DecisionKind = 'plan' | 'profile' | 'recover' | 'control';

/** A decision the episode reached, with what the orchestrator sees at it. */
export type PendingDecision =
  | { readonly kind: 'plan'; readonly view: Observed }
  | { readonly kind: 'profile'; readonly view: ShardView }
  | { readonly kind: 'recover'; readonly view: FailureView }
  | { readonly kind: 'control'; readonly view: ControlView };

type Answer =
  | { readonly kind: 'plan'; readonly choice: PlanChoice }
  | { readonly kind: Exclude<DecisionKind, 'plan'>; readonly choice: number };

/** Thrown inside the replay, never out of this file: the episode needs an answer not yet given. */
class NeedDecision {
  constructor(readonly pending: PendingDecision) {}
}

/** A synchronous policy as an asynchronous one: for tests, and to run any policy down one path. */
export function asAsync(policy: OrchestrationPolicy): AsyncOrchestrationPolicy {
  return {
    name: policy.name,
    plan: async (o) => policy.plan(o),
    profile: async (v) => policy.profile(v),
    recover: async (v) => policy.recover(v),
    control: async (v) => policy.control(v),
  };
}

/** The policy that answers from `answers` in call order, and throws NeedDecision past their end. */
function replaying(name: string, answers: readonly Answer[]): OrchestrationPolicy & { used(): number } {
  let next = 0;
  const take = (pending: PendingDecision): Answer => {
    const answer = answers[next];
    if (answer === undefined) throw new NeedDecision(pending);
    if (answer.kind !== pending.kind)
      throw new Error(
        `orchestration replay diverged at decision ${next + 1}: recorded a ${answer.kind} decision, the episode asked for ${pending.kind} (the episode is not deterministic)`,
      );
    next++;
    return answer;
  };
  return {
    name,
    plan: (view) => take({ kind: 'plan', view }).choice as PlanChoice,
    profile: (view) => take({ kind: 'profile', view }).choice as number,
    recover: (view) => take({ kind: 'recover', view }).choice as number,
    control: (view) => take({ kind: 'control', view }).choice as number,
    used: () => next,
  };
}

/** The signal's reason when it is an Error (as AbortController.abort() makes it), else one saying so. */
function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('the episode was aborted');
}

function inRange(what: string, choice: number, options: readonly unknown[]): number {
  if (!Number.isInteger(choice) || choice < 0 || choice >= options.length)
    throw new RangeError(`${what} answer ${choice} is not an index of ${options.join(', ')}`);
  return choice;
}

/**
 * Asks the asynchronous policy for one decision. Out-of-range answers throw here, where the
 * policy that gave them is known, rather than as a wrong episode further on.
 */
async function ask(
  policy: AsyncOrchestrationPolicy,
  pending: PendingDecision,
  signal: AbortSignal | undefined,
): Promise<Answer> {
  switch (pending.kind) {
    case 'plan': {
      const p = await policy.plan(pending.view, signal);
      inRange('mode', p.mode, MODES);
      // Solo plays no shard: the other indices are not read, as in playInstance.
      if (MODES[p.mode] === 'spawn') {
        inRange('shard', p.shard, SHARDS);
        inRange('replicas', p.replicas, REPLICAS);
        inRange('spares', p.spares, SPARES);
      }
      return { kind: 'plan', choice: p };
    }
    case 'profile':
      return {
        kind: 'profile',
        choice: inRange('profile', await policy.profile(pending.view, signal), PROFILES),
      };
    case 'recover':
      return {
        kind: 'recover',
        choice: inRange('recovery', await policy.recover(pending.view, signal), RECOVERIES),
      };
    case 'control':
      return {
        kind: 'control',
        choice: inRange('control', await policy.control(pending.view, signal), CONTROLS),
      };
  }
}

/**
 * `playInstance` with an asynchronous orchestrator: the same result, and the same log when one is
 * given, as the synchronous episode with a policy that makes the same choices. The policy is asked
 * each decision once, in the order the episode reaches them. An aborted `signal` stops the episode
 * before the next question (and is passed to the policy, which may stop a model call).
 */
export async function playInstanceAsync(
  params: EnvParams,
  instance: Instance,
  policy: AsyncOrchestrationPolicy,
  log?: EpisodeLog,
  signal?: AbortSignal,
): Promise<EpisodeResult> {
  const answers: Answer[] = [];
  for (;;) {
    const replay = replaying(policy.name, answers);
    let result: EpisodeResult;
    try {
      // No log while replaying: a replay that stops midway would leave half an episode in it.
      result = playInstance(params, instance, replay);
    } catch (error) {
      if (!(error instanceof NeedDecision)) throw error;
      if (signal?.aborted) throw abortError(signal);
      answers.push(await ask(policy, error.pending, signal));
      continue;
    }
    if (replay.used() !== answers.length)
      throw new Error(
        `orchestration replay diverged: ${answers.length} decisions recorded, the episode used ${replay.used()} (the episode is not deterministic)`,
      );
    if (!log) return result;
    // One more pass, now complete, fills the log: the episode exactly as playInstance logs it.
    return playInstance(params, instance, replaying(policy.name, answers), log);
  }
}
