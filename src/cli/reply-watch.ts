/**
 * What `bench` and `route --run` share to watch a run's model replies: the reply deadline
 * (`--reply-deadline-ms`, docs/models.md "Deadlines") and the self-healing loop (`--healing`,
 * docs/healing.md), which the page and the swarm API run too.
 */

import { timeoutScheduler } from '../adapters/common/timeout-scheduler';
import type { AttemptHooks } from '../core/healing/hooks';
import { healingHooks } from '../core/healing/monitor';
import { longestReplyDeadlineMs } from '../core/providers/deadline';
import { loopModeOf } from '../core/request/run-input';
import { HEALING_MODES, type HealingMode } from '../core/request/run-request';
import type { ProfileSpec } from '../core/scenarios/spec-types';
import { oneOf, wholeNumber } from './errors';
import { MAX_TIMER_MS } from './limits';

export const replyWatchHelp = `  --reply-deadline-ms MS  the longest one model reply may take in all, retries included; past it
                          the attempt fails, saying so (default: 60 s plus the profile's output
                          limit at 10 tokens a second: 162 s small, 265 s medium, 470 s large)
  --healing on|detect|off the self-healing loop: on quarantines and replaces a misbehaving agent,
                          detect records what it sees, off runs none (default: on with a real
                          model, off with the simulated one, whose figures stay those of a run
                          without the loop)`;

/** `--healing`: a run request's healing word (core/request/run-request.ts). */
export type HealingFlag = HealingMode;

/** `--reply-deadline-ms`, when given. */
export function replyDeadlineFlag(raw: string | undefined): number | undefined {
  return raw === undefined ? undefined : wholeNumber('reply-deadline-ms', raw, 0, 1, MAX_TIMER_MS);
}

/**
 * `--healing`. On by default with a real model, where a turn can stall and a model can loop. Off by
 * default with the seeded simulator, so its figures stay those of a run without the loop (the
 * loop judges a simulated turn by the model's own time, so asked for, it too is the same on
 * every machine).
 */
export function healingFlag(raw: string | undefined, realModel: boolean): HealingFlag {
  return oneOf('healing', raw, HEALING_MODES, realModel ? 'on' : 'off');
}

/**
 * A real model's watchdog starts past every deadline: the deadline ends a reply that runs long,
 * with its own reason in the trace, and a slow but sound reply must not be quarantined before it.
 * As the model answers, the watchdog learns its pace and comes down towards it
 * (core/healing/watchdog.ts), never below ten times its usual reply nor three times its longest.
 */
const WATCHDOG_MARGIN_MS = 5000;

/**
 * The simulated model at full speed answers at once in its own time (its turns are judged by
 * that time, not this host's clock): 5 s of it unanswered is a hang (as the API).
 */
const SIMULATED_WATCHDOG_MS = 5000;

/** The CLI's healing timings (composeRun's host): a real model's by its deadlines, the simulated one's by its own time. */
export function cliHealingTimings(options: {
  readonly realModel: boolean;
  readonly deadlineMs: number | undefined;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
}): { readonly unresponsiveMs: number; readonly timing: 'wall' | 'model' } {
  return {
    unresponsiveMs: options.realModel
      ? Math.min(
          MAX_TIMER_MS,
          longestReplyDeadlineMs(options.deadlineMs, options.profiles) + WATCHDOG_MARGIN_MS,
        )
      : SIMULATED_WATCHDOG_MS,
    timing: options.realModel ? 'wall' : 'model',
  };
}

/** The hooks each run's attempts run under, made afresh per run; none when healing is off. */
export function healingFor(
  mode: HealingFlag,
  options: {
    readonly realModel: boolean;
    readonly deadlineMs: number | undefined;
    readonly profiles: Readonly<Record<string, ProfileSpec>>;
  },
): (() => AttemptHooks) | undefined {
  const loop = loopModeOf(mode);
  if (loop === undefined) return undefined;
  const { unresponsiveMs, timing } = cliHealingTimings(options);
  return () =>
    healingHooks({
      mode: loop,
      clock: { now: () => performance.now() },
      scheduler: timeoutScheduler,
      unresponsiveMs,
      timing,
    });
}
