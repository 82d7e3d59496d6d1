/**
 * One episode of the orchestration environment: an orchestrator plays an instance through the
 * decision port, and the episode's outcome is counted in the paper's terms — critical steps as
 * Σ over steps of (S_main + the longest subagent work it waited for), quality with partial
 * credit, cost in tokens read times price. Pure and synchronous: thousands of episodes a second.
 * docs/simulator.md ("The orchestration environment") is this file in prose.
 */
import {
  CONTROLS,
  type FailureView,
  MODES,
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
import type { EnvParams, ProfileName } from './params';
import { type Attempt, type Group, unitsCovered, vote } from './vote';

export interface EpisodeResult {
  readonly seed: number;
  readonly kind: string;
  readonly solo: boolean;
  /** Share of units answered right, 0 when the result came after the budget or an overflow failed the run. */
  readonly quality: number;
  readonly cost: number;
  /** cost / the instance's reference cost. */
  readonly relativeCost: number;
  readonly criticalSteps: number;
  readonly budget: number;
  readonly withinBudget: boolean;
  /** The orchestrator's context (or the solo agent's) overflowed: the episode failed. */
  readonly overflow: boolean;
  /** Subagents spawned: one per attempt, plus spares. */
  readonly spawned: number;
  /** Subagents whose answer was accepted and not a duplicate of another's. */
  readonly contributed: number;
  readonly attempts: number;
  readonly failedAttempts: number;
  /** Units given up (degraded, or left when the partial answer was submitted). */
  readonly degradedUnits: number;
  readonly submittedEarly: boolean;
  readonly steps: number;
}

const mean = (xs: ArrayLike<number>, idx: readonly number[]) => {
  let s = 0;
  for (const i of idx) s += xs[i] as number;
  return idx.length ? s / idx.length : 0;
};

function observed(instance: Instance): Observed {
  const { difficulty: _hidden, ...seen } = instance;
  return seen;
}

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

function shardView(
  params: EnvParams,
  instance: Observed,
  units: readonly number[],
  solo: boolean,
): ShardView {
  let max = 0;
  for (const u of units) max = Math.max(max, instance.cue[u] as number);
  const start = solo ? mainStart(params, instance.cue.length) : params.agent.overheadTokens;
  return {
    instance,
    solo,
    units: units.length,
    meanCue: mean(instance.cue, units),
    maxCue: max,
    contextNeed: start + units.length * params.kinds[instance.kind].tokensPerUnit,
  };
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

function finish(
  instance: Instance,
  partial: Omit<EpisodeResult, 'seed' | 'kind' | 'relativeCost' | 'budget' | 'withinBudget' | 'quality'>,
  right: number,
): EpisodeResult {
  const withinBudget = partial.criticalSteps <= instance.budget;
  const n = instance.cue.length;
  return {
    seed: instance.seed,
    kind: instance.kind,
    ...partial,
    quality: withinBudget && !partial.overflow && n > 0 ? right / n : 0,
    relativeCost: partial.cost / instance.referenceCost,
    budget: instance.budget,
    withinBudget,
  };
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

function spawn(
  params: EnvParams,
  instance: Instance,
  seen: Observed,
  policy: OrchestrationPolicy,
  shardIndex: number,
  replicaIndex: number,
  spareIndex: number,
  log: EpisodeLog | undefined,
): EpisodeResult {
  const { seed, kind } = instance;
  const n = instance.cue.length;
  const kp = params.kinds[kind];
  const size = Math.min(n, SHARDS[shardIndex] as number);
  const replicas = REPLICAS[replicaIndex] as number;
  // Shards group units of similar cue, so a shard's profile can follow its difficulty.
  const order = byCue(instance.cue);
  const groups: Group[] = [];
  for (let i = 0; i < n; i += size) {
    const units = order.slice(i, i + size);
    const view = shardView(params, seen, units, false);
    groups.push({ units, view, profile: policy.profile(view) });
  }
  const all: Attempt[] = [];
  for (const group of groups)
    for (let r = 0; r < replicas; r++)
      all.push({ group, replica: r, attempts: 0, state: 'pending', answer: null, overflowed: false });
  const working = Math.min(all.length, params.maxSubagents);
  const spareShare = SPARES[spareIndex] === 'half' ? 0.5 : SPARES[spareIndex] === 'all' ? 1 : 0;
  const spares = Math.min(params.maxSubagents - working, Math.ceil(working * spareShare));
  const spareProfile = PROFILES[groups[0]?.profile ?? 1] as ProfileName;
  // Each attempt's latest entry in the log, to note the recovery chosen after it failed.
  const lastLogged = log ? new Map<Attempt, LoggedAttempt>() : undefined;
  if (log) {
    log.shards = groups.map((g) => ({ units: g.units.length, profile: PROFILES[g.profile] as ProfileName }));
    log.spares = spares;
  }

  const mainWindow = params.profiles[params.main.profile].window;
  let mainContext = mainStart(params, n);
  let pending = all.slice();
  let toMerge: Attempt[] = [];
  let t = 0;
  let cost = 0;
  let spawned = spares;
  let attempts = 0;
  let failed = 0;
  let steps = 0;
  let overflow = false;
  let submittedEarly = false;
  for (let wave = 0; ; wave++) {
    const launch = pending.slice(0, params.maxSubagents - spares);
    pending = pending.slice(launch.length);
    // The step that merges the last wave's answers and writes this wave's calls.
    for (const a of toMerge) {
      mainContext += params.main.headerTokens + a.group.units.length * kp.answerTokens;
      if (mainContext > mainWindow) overflow = true;
      const fill = Math.min(1, mainContext / mainWindow);
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
    const s = mainSteps(params, launch.length + (wave === 0 ? spares : 0), toMerge.length);
    cost += price(params, params.main.profile, mainContext * s);
    const spareTokens = spares * params.agent.overheadTokens;
    const logWave: LoggedWave | undefined =
      log && launch.length > 0 && !overflow
        ? { t, mainSteps: s, mainTokens: mainContext * s, spareTokens, attempts: [] }
        : undefined;
    if (log && !logWave) log.final = { t, mainSteps: s, mainTokens: mainContext * s };
    if (logWave) log?.waves.push(logWave);
    t += s;
    steps++;
    toMerge = [];
    if (overflow || launch.length === 0) break;

    let longest = 0;
    const failures: Attempt[] = [];
    for (const a of launch) {
      spawned++;
      attempts++;
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
      cost += price(params, profile, tokens);
      const took = workSteps(params, kind, profile, worked, launch.length, instance.engines);
      longest = Math.max(longest, took);
      const crashed =
        !overflowed &&
        draw(seed, Draw.crash, units[0] as number, a.replica, a.attempts) <
          crashRate(params, profile, mean(instance.difficulty, units));
      if (logWave) {
        const logged: LoggedAttempt = {
          shard: groups.indexOf(a.group),
          replica: a.replica,
          attempt: a.attempts,
          profile,
          steps: took,
          tokens,
          outcome: overflowed ? 'overflowed' : crashed ? 'crashed' : 'answered',
        };
        logWave.attempts.push(logged);
        lastLogged?.set(a, logged);
      }
      if (overflowed || crashed) {
        failed++;
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
      toMerge.push(a);
    }
    // Idle spares reread their brief each wave they are kept alive.
    cost += spares * price(params, spareProfile, params.agent.overheadTokens);
    t += longest;

    const retry: Attempt[] = [];
    for (const a of failures) {
      const view: FailureView = {
        instance: seen,
        shard: a.group.view,
        profile: PROFILES[a.group.profile] as ProfileName,
        attempts: a.attempts,
        overflow: a.overflowed,
        t,
      };
      const choice = a.attempts >= params.maxAttempts ? 'degrade' : RECOVERIES[policy.recover(view)];
      const logged = lastLogged?.get(a);
      if (logged) logged.recovery = choice;
      if (choice === 'degrade') a.state = 'degraded';
      else {
        if (choice === 'escalate') a.group.profile = Math.min(PROFILES.length - 1, a.group.profile + 1);
        retry.push(a);
      }
    }
    if (retry.length > 0) {
      // concat, not a spread: a spread's iteration has no type feedback until a retry happens.
      pending = retry.concat(pending);
      const waitingUnits = unitsCovered(retry);
      const answeredUnits = unitsCovered(all, 'done');
      let nextWave = 0;
      for (const a of pending.slice(0, params.maxSubagents - spares)) {
        const profile = PROFILES[a.group.profile] as ProfileName;
        nextWave = Math.max(
          nextWave,
          workSteps(
            params,
            kind,
            profile,
            a.group.units.length,
            Math.min(pending.length, params.maxSubagents),
            instance.engines,
          ),
        );
      }
      const control =
        CONTROLS[
          policy.control({
            instance: seen,
            t,
            answered: answeredUnits / n,
            waiting: waitingUnits / n,
            nextWave,
          })
        ];
      if (control === 'submit') {
        submittedEarly = true;
        if (log) log.submittedAt = t;
        for (const a of pending) a.state = 'degraded';
        pending = [];
      }
    }
  }

  const { right, contributed, degraded } = vote(params, seed, groups, all, overflow);
  return finish(
    instance,
    {
      solo: false,
      cost,
      criticalSteps: t,
      overflow,
      spawned,
      contributed,
      attempts,
      failedAttempts: failed,
      degradedUnits: degraded,
      submittedEarly,
      steps,
    },
    right,
  );
}
