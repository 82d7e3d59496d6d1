/**
 * A spawned episode: the orchestrator splits the instance's units into shards of similar cue,
 * runs each shard's replicas on subagents in waves of at most `maxSubagents − spares`, merges
 * their answers into its own context one step later, and on a failure retries, escalates or
 * degrades; a shard's replicas are then voted on (vote.ts). This file plans the shards and runs
 * the waves; what each wave does is in wave.ts. docs/simulator.md describes it in prose.
 *
 * Why it is several functions: training plays this tens of thousands of times a second on every
 * rollout thread, and each thread's V8 compiles it for itself. As one 4 kB function it took 40 ms
 * to optimise on an idle core and 80–110 ms beside a busy thread, running slowly meanwhile; its
 * parts are optimised one by one as each becomes hot.
 */
import {
  type Observed,
  type OrchestrationPolicy,
  PROFILES,
  REPLICAS,
  SHARDS,
  type ShardView,
  SPARES,
} from './decisions';
import type { EpisodeLog, LoggedWave } from './episode-log';
import { type EpisodeResult, finish } from './episode-result';
import type { Instance } from './instance';
import { mainStart, mainSteps, price } from './model';
import type { EnvParams, ProfileName } from './params';
import { type Attempt, type Group, vote } from './vote';
import { launchWave, mean, mergeAnswers, type Run, recover, retryOrSubmit } from './wave';

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
