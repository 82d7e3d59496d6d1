/**
 * One episode of the orchestration environment: an orchestrator plays an instance through the
 * decision port, and the episode's outcome is counted in the paper's terms — critical steps as
 * Σ over steps of (S_main + the longest subagent work it waited for), quality with partial
 * credit, cost in tokens read times price. Pure and synchronous: thousands of episodes a second.
 * docs/simulator.md ("The orchestration environment") is this file and spawn.ts in prose.
 */
import { MODES, type Observed, type OrchestrationPolicy } from './decisions';
import type { EpisodeLog } from './episode-log';
import { type EpisodeResult, finish } from './episode-result';
import type { Instance } from './instance';
import { accuracy, Draw, draw, mainStart, price, tokensRead, workSteps } from './model';
import type { EnvParams } from './params';
import { spawn } from './spawn';

export type { EpisodeResult } from './episode-result';

function observed(instance: Instance): Observed {
  const { difficulty: _hidden, ...seen } = instance;
  return seen;
}

export function playInstance(
  params: EnvParams,
  instance: Instance,
  policy: OrchestrationPolicy,
  /** Filled with what happened, step by step, when given (for a trace). */
  log?: EpisodeLog,
): EpisodeResult {
  const seen = observed(instance);
  const plan = policy.plan(seen);
  if (MODES[plan.mode] === 'solo') {
    const r = solo(params, instance);
    if (log) {
      log.solo = true;
      log.final = { t: 0, mainSteps: r.criticalSteps, mainTokens: 0 };
    }
    return r;
  }
  return spawn(params, instance, seen, policy, plan.shard, plan.replicas, plan.spares, log);
}

/**
 * The orchestrator does every unit itself, in its own context and on its own model: no calls, no
 * merging, no one to wait for, but the whole task's context read again every turn.
 */
function solo(params: EnvParams, instance: Instance): EpisodeResult {
  const n = instance.cue.length;
  // The solo agent is the orchestrator itself, on its own model: nothing to choose but the mode.
  const profile = params.main.profile;
  const { kind } = instance;
  const { window } = params.profiles[profile];
  const start = mainStart(params, n);
  const tok = params.kinds[kind].tokensPerUnit;
  // The units it gets through before its context passes the window (all, when it fits).
  const fits = Math.max(0, Math.min(n, Math.floor((window - start) / tok)));
  const overflow = fits < n;
  const done = overflow ? fits + 1 : n;
  let right = 0;
  for (let k = 0; k < fits; k++) {
    const fill = (start + (k + 0.5) * tok) / window;
    const p = accuracy(params, profile, instance.difficulty[k] as number, fill);
    if (draw(instance.seed, Draw.correct, k, 0, 1) < p) right++;
  }
  return finish(
    instance,
    {
      solo: true,
      cost: price(params, profile, tokensRead(params, kind, start, done)),
      criticalSteps: workSteps(params, kind, profile, done, 1, 1),
      overflow,
      spawned: 0,
      contributed: 0,
      attempts: 0,
      failedAttempts: 0,
      degradedUnits: overflow ? n : 0,
      submittedEarly: false,
      steps: 1,
    },
    right,
  );
}
