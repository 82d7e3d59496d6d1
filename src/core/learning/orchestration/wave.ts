/**
 * What a spawned episode (spawn.ts) does wave after wave: launch the waiting attempts on
 * subagents, merge the last wave's answers into the orchestrator's context, and on a failure let
 * the policy retry, escalate or degrade, or submit what it has. Each is its own function for the
 * reason spawn.ts gives: each thread's V8 optimises them one by one as each becomes hot.
 */
import {
  CONTROLS,
  type FailureView,
  type Observed,
  type OrchestrationPolicy,
  PROFILES,
  RECOVERIES,
} from './decisions';
import type { EpisodeLog, LoggedAttempt, LoggedWave } from './episode-log';
import type { Instance } from './instance';
import { accuracy, agentContext, crashRate, Draw, draw, price, tokensRead, workSteps } from './model';
import type { EnvParams, KindParams, ProfileName } from './params';
import { type Attempt, type Group, unitsCovered } from './vote';

/** The mean of `xs` over the indices `idx` (0 for none). */
export const mean = (xs: ArrayLike<number>, idx: readonly number[]) => {
  let s = 0;
  for (const i of idx) s += xs[i] as number;
  return idx.length ? s / idx.length : 0;
};

/** An episode in play: what is fixed at its start, and what its waves change. */
export interface Run {
  readonly params: EnvParams;
  readonly instance: Instance;
  readonly seen: Observed;
  readonly policy: OrchestrationPolicy;
  readonly kp: KindParams;
  readonly groups: readonly Group[];
  readonly all: readonly Attempt[];
  readonly spares: number;
  readonly log: EpisodeLog | undefined;
  /** Each attempt's latest entry in the log, to note the recovery chosen after it failed. */
  readonly lastLogged: Map<Attempt, LoggedAttempt> | undefined;
  t: number;
  cost: number;
  spawned: number;
  attempts: number;
  failed: number;
  steps: number;
  overflow: boolean;
  submittedEarly: boolean;
  mainContext: number;
  pending: Attempt[];
  toMerge: Attempt[];
}

/** The last wave's answers go into the orchestrator's context; merge errors grow as it fills. */
export function mergeAnswers(run: Run): void {
  const { params, kp } = run;
  const mainWindow = params.profiles[params.main.profile].window;
  const seed = run.instance.seed;
  for (const a of run.toMerge) {
    run.mainContext += params.main.headerTokens + a.group.units.length * kp.answerTokens;
    if (run.mainContext > mainWindow) run.overflow = true;
    const fill = Math.min(1, run.mainContext / mainWindow);
    const answer = a.answer as Uint8Array;
    const units = a.group.units;
    // Loops rather than forEach's closures here and below: training plays this tens of thousands
    // of times a second, and its garbage is collection time that rollout threads share.
    for (let k = 0; k < units.length; k++) {
      const u = units[k] as number;
      if (answer[k] && draw(seed, Draw.merge, u, a.replica, a.attempts) < params.main.mergeError * fill)
        answer[k] = 0;
    }
  }
}

/**
 * Runs one wave's attempts: each reads its brief and its units, and overflows, crashes or
 * answers. Failed attempts go to `failures`, answers to the next step's merge. Returns the
 * longest attempt's steps (the wave's share of the critical steps).
 */
export function launchWave(
  run: Run,
  launch: readonly Attempt[],
  failures: Attempt[],
  logWave: LoggedWave | undefined,
): number {
  const { params, instance, kp } = run;
  const { seed, kind } = instance;
  let longest = 0;
  for (const a of launch) {
    const reused = !a.needsAgent;
    if (a.needsAgent) run.spawned++;
    a.needsAgent = false;
    run.attempts++;
    a.attempts++;
    const profile = PROFILES[a.group.profile] as ProfileName;
    const { window } = params.profiles[profile];
    const units = a.group.units;
    const start = params.agent.overheadTokens;
    const fits = Math.floor((window - start) / kp.tokensPerUnit);
    const overflowed = agentContext(params, kind, units.length) > window;
    // On both branches: run only on a (rare) overflow, it had no type feedback when this was
    // optimized, and its first run threw the code away (a recompile: tens of ms per thread).
    const overflowedAt = Math.max(1, fits + 1);
    const worked = overflowed ? overflowedAt : units.length;
    const tokens = tokensRead(params, kind, start, worked);
    run.cost += price(params, profile, tokens);
    const took = workSteps(params, kind, profile, worked, launch.length, instance.engines);
    longest = Math.max(longest, took);
    const crashed =
      !overflowed &&
      draw(seed, Draw.crash, units[0] as number, a.replica, a.attempts) <
        crashRate(params, profile, mean(instance.difficulty, units));
    if (logWave) {
      const logged: LoggedAttempt = {
        shard: run.groups.indexOf(a.group),
        replica: a.replica,
        attempt: a.attempts,
        profile,
        steps: took,
        tokens,
        outcome: overflowed ? 'overflowed' : crashed ? 'crashed' : 'answered',
        reused,
      };
      logWave.attempts.push(logged);
      run.lastLogged?.set(a, logged);
    }
    if (overflowed || crashed) {
      run.failed++;
      failures.push(a);
      a.overflowed = overflowed;
      continue;
    }
    const answer = new Uint8Array(units.length);
    for (let k = 0; k < units.length; k++) {
      const u = units[k] as number;
      const fill = (start + (k + 0.5) * kp.tokensPerUnit) / window;
      const p = accuracy(params, profile, instance.difficulty[u] as number, fill);
      answer[k] = draw(seed, Draw.correct, u, a.replica, a.attempts) < p ? 1 : 0;
    }
    a.answer = answer;
    a.state = 'done';
    run.toMerge.push(a);
  }
  return longest;
}

/** The policy's recovery for each failed attempt: those to run again (retried or escalated). */
export function recover(run: Run, failures: readonly Attempt[]): Attempt[] {
  const retry: Attempt[] = [];
  for (const a of failures) {
    const view: FailureView = {
      instance: run.seen,
      shard: a.group.view,
      profile: PROFILES[a.group.profile] as ProfileName,
      attempts: a.attempts,
      overflow: a.overflowed,
      t: run.t,
    };
    const choice = a.attempts >= run.params.maxAttempts ? 'degrade' : RECOVERIES[run.policy.recover(view)];
    const logged = run.lastLogged?.get(a);
    if (logged) logged.recovery = choice;
    if (choice === 'degrade') a.state = 'degraded';
    else {
      if (choice === 'escalate') a.group.profile = Math.min(PROFILES.length - 1, a.group.profile + 1);
      a.needsAgent = choice === 'escalate' || a.overflowed;
      retry.push(a);
    }
  }
  return retry;
}

/**
 * Retries go to the front of the queue; then the policy sees how much is answered, how much
 * waits and how long the next wave would take, and goes on or submits the partial answer now.
 */
export function retryOrSubmit(run: Run, retry: readonly Attempt[]): void {
  const { params, instance, spares } = run;
  const n = instance.cue.length;
  // concat, not a spread: a spread's iteration has no type feedback until a retry happens.
  run.pending = retry.concat(run.pending);
  const waitingUnits = unitsCovered(retry);
  const answeredUnits = unitsCovered(run.all, 'done');
  let nextWave = 0;
  for (const a of run.pending.slice(0, params.maxSubagents - spares)) {
    const profile = PROFILES[a.group.profile] as ProfileName;
    nextWave = Math.max(
      nextWave,
      workSteps(
        params,
        instance.kind,
        profile,
        a.group.units.length,
        Math.min(run.pending.length, params.maxSubagents),
        instance.engines,
      ),
    );
  }
  const control =
    CONTROLS[
      run.policy.control({
        instance: run.seen,
        t: run.t,
        answered: answeredUnits / n,
        waiting: waitingUnits / n,
        nextWave,
      })
    ];
  if (control === 'submit') {
    run.submittedEarly = true;
    if (run.log) run.log.submittedAt = run.t;
    for (const a of run.pending) a.state = 'degraded';
    run.pending = [];
  }
}
