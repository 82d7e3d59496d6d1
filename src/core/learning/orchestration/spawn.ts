/**
 * A spawned episode: the orchestrator splits the instance's units into shards of similar cue,
 * runs each shard's replicas on subagents in waves of at most `maxSubagents − spares`, merges
 * their answers into its own context one step later, and on a failure retries, escalates or
 * degrades; a shard's replicas are then voted on (vote.ts). docs/simulator.md describes it in prose.
 *
 * Why it is several functions: training plays this tens of thousands of times a second on every
 * rollout thread, and each thread's V8 compiles it for itself. As one 4 kB function it took 40 ms
 * to optimise on an idle core and 80–110 ms beside a busy thread, running slowly meanwhile; its
 * parts are optimised one by one as each becomes hot.
 */
import {
  CONTROLS,
  type FailureView,
  type Observed,
  type OrchestrationPolicy,
  PROFILES,
  RECOVERIES,
  REPLICAS,
  SHARDS,
  type ShardView,
  SPARES,
} from './decisions';
import type { EpisodeLog, LoggedAttempt, LoggedWave } from './episode-log';
import { type EpisodeResult, finish } from './episode-result';
import type { Instance } from './instance';
import {
  accuracy,
  agentContext,
  crashRate,
  Draw,
  draw,
  mainStart,
  mainSteps,
  price,
  tokensRead,
  workSteps,
} from './model';
import type { EnvParams, KindParams, ProfileName } from './params';
import { type Attempt, type Group, unitsCovered, vote } from './vote';

const mean = (xs: ArrayLike<number>, idx: readonly number[]) => {
  let s = 0;
  for (const i of idx) s += xs[i] as number;
  return idx.length ? s / idx.length : 0;
};

/**
 * Unit indices in order of cue, ties in index order. An insertion sort (instances have a few
 * dozen units at most): Array.prototype.sort with a comparator took 5% of a training episode.
 */
function byCue(cue: Float64Array): number[] {
  const order: number[] = [];
  for (let i = 0; i < cue.length; i++) {
    const c = cue[i] as number;
    let j = i;
    for (; j > 0 && (cue[order[j - 1] as number] as number) > c; j--) order[j] = order[j - 1] as number;
    order[j] = i;
  }
  return order;
}

/** What the policy sees of a shard when it picks its profile: a subagent's brief, then its units. */
function shardView(params: EnvParams, instance: Observed, units: readonly number[]): ShardView {
  let max = 0;
  for (const u of units) max = Math.max(max, instance.cue[u] as number);
  return {
    instance,
    solo: false,
    units: units.length,
    meanCue: mean(instance.cue, units),
    maxCue: max,
    contextNeed: params.agent.overheadTokens + units.length * params.kinds[instance.kind].tokensPerUnit,
  };
}

/** An episode in play: what is fixed at its start, and what its waves change. */
interface Run {
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

export function spawn(
  params: EnvParams,
  instance: Instance,
  seen: Observed,
  policy: OrchestrationPolicy,
  shardIndex: number,
  replicaIndex: number,
  spareIndex: number,
  log: EpisodeLog | undefined,
): EpisodeResult {
  const n = instance.cue.length;
  const size = Math.min(n, SHARDS[shardIndex] as number);
  const replicas = REPLICAS[replicaIndex] as number;
  // Shards group units of similar cue, so a shard's profile can follow its difficulty.
  const order = byCue(instance.cue);
  const groups: Group[] = [];
  for (let i = 0; i < n; i += size) {
    const units = order.slice(i, i + size);
    const view = shardView(params, seen, units);
    groups.push({ units, view, profile: policy.profile(view) });
  }
  const all: Attempt[] = [];
  for (const group of groups)
    for (let r = 0; r < replicas; r++)
      all.push({
        group,
        replica: r,
        attempts: 0,
        state: 'pending',
        answer: null,
        overflowed: false,
        needsAgent: true,
      });
  const working = Math.min(all.length, params.maxSubagents);
  const spareShare = SPARES[spareIndex] === 'half' ? 0.5 : SPARES[spareIndex] === 'all' ? 1 : 0;
  const spares = Math.min(params.maxSubagents - working, Math.ceil(working * spareShare));
  if (log) {
    log.shards = groups.map((g) => ({ units: g.units.length, profile: PROFILES[g.profile] as ProfileName }));
    log.spares = spares;
  }
  const run: Run = {
    params,
    instance,
    seen,
    policy,
    kp: params.kinds[instance.kind],
    groups,
    all,
    spares,
    log,
    lastLogged: log ? new Map() : undefined,
    t: 0,
    cost: 0,
    spawned: spares,
    attempts: 0,
    failed: 0,
    steps: 0,
    overflow: false,
    submittedEarly: false,
    mainContext: mainStart(params, n),
    pending: all.slice(),
    toMerge: [],
  };

  for (let wave = 0; ; wave++) {
    const launch = run.pending.slice(0, params.maxSubagents - spares);
    run.pending = run.pending.slice(launch.length);
    // The step that merges the last wave's answers and writes this wave's calls.
    mergeAnswers(run);
    const s = mainSteps(params, launch.length, run.toMerge.length, wave === 0 ? spares : 0);
    const mainTokens = run.mainContext * s;
    run.cost += price(params, params.main.profile, mainTokens);
    const logWave: LoggedWave | undefined =
      log && launch.length > 0 && !run.overflow
        ? {
            t: run.t,
            mainSteps: s,
            mainTokens,
            attempts: [],
          }
        : undefined;
    if (log && !logWave) log.final = { t: run.t, mainSteps: s, mainTokens };
    if (logWave) log?.waves.push(logWave);
    run.t += s;
    run.steps++;
    run.toMerge = [];
    if (run.overflow || launch.length === 0) break;

    const failures: Attempt[] = [];
    const longest = launchWave(run, launch, failures, logWave);
    run.t += longest;
    const retry = recover(run, failures);
    if (retry.length > 0) retryOrSubmit(run, retry);
  }

  const { right, contributed, degraded } = vote(params, instance.seed, groups, all, run.overflow);
  return finish(
    instance,
    {
      solo: false,
      cost: run.cost,
      criticalSteps: run.t,
      overflow: run.overflow,
      spawned: run.spawned,
      contributed,
      attempts: run.attempts,
      failedAttempts: run.failed,
      degradedUnits: degraded,
      submittedEarly: run.submittedEarly,
      steps: run.steps,
    },
    right,
  );
}

/** The last wave's answers go into the orchestrator's context; merge errors grow as it fills. */
function mergeAnswers(run: Run): void {
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
function launchWave(
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
function recover(run: Run, failures: readonly Attempt[]): Attempt[] {
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
function retryOrSubmit(run: Run, retry: readonly Attempt[]): void {
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
