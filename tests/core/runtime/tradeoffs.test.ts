/**
 * The mechanisms that give orchestration its trade-offs (docs/simulator.md, "Trade-offs"), each
 * shown by its effect on real runs: the runtime, the simulated provider and the scenario players,
 * with one parameter changed and everything else held.
 */
import { describe, expect, it } from 'vitest';
import { fixedPolicy } from '../../../src/core/learning/fixed-policy';
import { heuristicPolicy } from '../../../src/core/policy/heuristic';
import { serialPolicy } from '../../../src/core/policy/serial';
import { type Policy, planChooser } from '../../../src/core/policy/types';
import { crashChance, itemErrorRate } from '../../../src/core/providers/simulated';
import { instanceDifficulty, instanceEngines, taskDifficulty } from '../../../src/core/run/instance-world';
import { prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import { makeConfig, turnTime } from '../../../src/core/runtime/config';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import type { TaskScenarioSpec } from '../../../src/core/scenarios/registry';
import type { ProfileSpec } from '../../../src/core/scenarios/spec-types';
import { timeCharge } from '../../../src/core/trace/metrics';
import { realizedPath } from '../../../src/core/trace/realized-path';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const profiles = loadProfiles();
const wide = loadSpec('wide-search', 'wide-search');
const heuristic = heuristicPolicy;

async function run(
  spec: TaskScenarioSpec,
  options: {
    policy?: Policy;
    size?: number;
    seed?: number;
    profile?: string;
    profiles?: Readonly<Record<string, ProfileSpec>>;
  } = {},
) {
  const policy = options.policy ?? heuristic;
  const own = options.profiles ?? profiles;
  const prepared = prepareRun({
    scenario: { type: 'task', spec },
    seed: options.seed ?? 3,
    size: options.size ?? 24,
    plan: planChooser(policy),
    profiles: own,
    ...(options.profile ? { overrides: { profile: options.profile } } : {}),
  });
  const result = await runPrepared(prepared, {
    policy,
    provider: simulatedProviderFor(own),
    keepEvents: true,
  });
  return { prepared, result, m: result.metrics };
}

/** The profiles with one profile's simulator parameters changed. */
const withSimulator = (name: string, change: Partial<ProfileSpec['simulator']>) => ({
  ...profiles,
  [name]: {
    ...(profiles[name] as ProfileSpec),
    simulator: { ...(profiles[name] as ProfileSpec).simulator, ...change },
  },
});

describe('engines shared by agents', () => {
  it('an attempt launched while R attempts run takes ⌈R / engines⌉ step-time per turn', () => {
    const config = makeConfig({ engines: 2, turnSteps: { large: 1.5 } });
    expect(turnTime(config, 'medium', 1)).toBe(1);
    expect(turnTime(config, 'medium', 5)).toBe(3);
    expect(turnTime(config, 'large', 4)).toBe(3);
    expect(turnTime(makeConfig(), 'medium', 100)).toBe(1);
  });

  it('with one engine a swarm of 4 is no faster than its agents one after another; with 4 it is', async () => {
    const one = await run({ ...wide, engines: 1 });
    const four = await run({ ...wide, engines: 4 });
    const own = await run(wide);
    // 24 rows, 6 per agent: 4 agents of ~8 turns. One engine serves them in turn.
    expect(own.m.spawnCount).toBe(4);
    expect(four.m.criticalSteps).toBe(own.m.criticalSteps);
    expect(one.m.criticalSteps).toBeGreaterThan(3 * (own.m.criticalSteps - 3));
    // The engines change time only: the same turns, the same tokens.
    expect(one.m.tokensIn).toBe(own.m.tokensIn);
  });

  it('is drawn per instance from a range, the same for every policy on the seed, and seen by the policy', async () => {
    const draws = Array.from({ length: 40 }, (_, seed) => instanceEngines([1, 12], seed));
    expect(new Set(draws).size).toBeGreaterThan(6);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...draws)).toBeLessThanOrEqual(12);
    let seen = 0;
    const spy: Policy = {
      ...heuristic,
      name: 'spy',
      decide(view) {
        seen = view.config.engines;
        return heuristic.decide(view);
      },
    };
    await run({ ...wide, engines: [1, 12] }, { policy: spy, seed: 7 });
    expect(seen).toBe(instanceEngines([1, 12], 7));
  });
});

describe('price and speed per profile', () => {
  it('a slower profile takes more critical steps for the same turns', async () => {
    const slow = withSimulator('medium', { turnSteps: 2 });
    const base = await run(wide, { profiles: withSimulator('medium', { turnSteps: 1 }) });
    const twice = await run(wide, { profiles: slow });
    expect(twice.m.totalSteps).toBe(base.m.totalSteps);
    expect(twice.m.criticalSteps).toBeGreaterThan(1.6 * base.m.criticalSteps - 4);
  });

  it('large costs more per token than medium, and medium than small', () => {
    const price = (p: string) => (profiles[p] as ProfileSpec).price;
    expect(price('large').input).toBeGreaterThan(price('medium').input);
    expect(price('medium').input).toBeGreaterThan(price('small').input);
  });
});

describe('context that grows', () => {
  it('a single agent rereads the whole task, so its tokens grow faster than the work; a swarm’s grow with it', async () => {
    const solo = serialPolicy;
    const s20 = await run(wide, { policy: solo, size: 20 });
    const s40 = await run(wide, { policy: solo, size: 40 });
    const w20 = await run(wide, { size: 20 });
    const w40 = await run(wide, { size: 40 });
    expect(s40.m.tokensIn / s20.m.tokensIn).toBeGreaterThan(2.8);
    expect(w40.m.tokensIn / w20.m.tokensIn).toBeLessThan(2.3);
  });
});

describe('merging fills the orchestrator’s context', () => {
  const orchestrator = { briefSteps: 0, briefTokens: 0, promptTokens: 400, headerTokens: 20, mergeError: 0 };

  it('loses answers as it fills: a merge error of 1 loses some, 0 none', async () => {
    // A long orchestrator prompt: the context is half full before the first answer.
    const full = { ...orchestrator, promptTokens: 4000 };
    const clean = await run({ ...wide, orchestrator: full }, { size: 60 });
    const lossy = await run({ ...wide, orchestrator: { ...full, mergeError: 1 } }, { size: 60 });
    expect(lossy.m.itemF1).toBeLessThan(clean.m.itemF1 - 0.2);
    // The subagents did the same work; only the merge differs.
    expect(lossy.m.tokensIn).toBe(clean.m.tokensIn);
  });

  it('past the orchestrator’s window the run stops, and earns nothing', async () => {
    const small = { ...profiles, medium: { ...(profiles.medium as ProfileSpec), contextWindow: 1500 } };
    // The agents are large (their own window is untouched); the orchestrator is the run's default profile.
    const big = await run(
      { ...wide, orchestrator: { ...orchestrator, promptTokens: 1000 } },
      { size: 60, profiles: small, policy: fixedPolicy('all/large') },
    );
    expect(big.result.reason).toBe('context-overflow');
    expect(big.m.reward).toBe(0);
    const solo = await run(
      { ...wide, orchestrator: { ...orchestrator, promptTokens: 1000 } },
      { size: 12, profiles, policy: fixedPolicy('single/large') },
    );
    // A single agent answers the task itself: nothing to merge.
    expect(solo.result.reason).toBe('completed');
  });
});

describe('briefs', () => {
  it('every assignment is a brief: it lengthens the decision that writes it and is paid for', async () => {
    const free = { briefSteps: 0, briefTokens: 0, promptTokens: 0, headerTokens: 0, mergeError: 0 };
    const paid = { ...free, briefSteps: 0.5, briefTokens: 100 };
    const a = await run({ ...wide, orchestrator: free });
    const b = await run({ ...wide, orchestrator: paid });
    // 4 briefs in the first decision: ⌈4 · 0.5⌉ = 2 more steps before anything starts.
    expect(b.m.criticalSteps).toBe(a.m.criticalSteps + 2);
    const output = (profiles.medium as ProfileSpec).price.output;
    expect(b.m.cost - a.m.cost).toBeCloseTo(4 * 100 * output, 12);
    // The trace says how long that decision took, so the realized path adds up to the critical
    // steps with no gap: its links are main steps (briefs included) and attempts.
    const first = b.result.events?.find((e) => e.type === 'orchestrator.step');
    expect(first && 'main' in first ? first.main : undefined).toBe(3);
    const path = realizedPath(b.result.events ?? [], b.prepared.config.mainStepCost);
    expect(path.nodes.some((n) => n.kind === 'wait')).toBe(false);
    const total = path.nodes.reduce((sum, n) => sum + (n.end - n.start), 0);
    expect(total).toBe(b.m.criticalSteps);
    // Assignments the budget refused are not briefs sent: nothing is charged for them.
    const refused = await run({ ...wide, orchestrator: paid, budgets: { maxCriticalSteps: 3 } });
    expect(refused.m.spawnCount).toBe(4);
    expect(refused.m.cost).toBe(0);
  });
});

describe('difficulty and crashes', () => {
  it('errors grow with difficulty over the profile’s skill; crashes with difficulty / skill below it, and steeply above', () => {
    const small = (profiles.small as ProfileSpec).simulator;
    const large = (profiles.large as ProfileSpec).simulator;
    expect(itemErrorRate(small, 0, 0.9)).toBeGreaterThan(itemErrorRate(small, 0, 0.2) + 0.15);
    expect(itemErrorRate(large, 0, 0.8)).toBe(itemErrorRate(large, 0, 0));
    expect(crashChance(small, 0.9)).toBeGreaterThan(crashChance(small, 0.2));
    // Below its skill a profile crashes at crashRate · difficulty / skill: rarely, but not never.
    const rate = large.crashRate as number;
    expect(rate).toBeGreaterThan(0);
    expect(crashChance(large, 0)).toBe(0);
    expect(crashChance(large, 0.4)).toBeCloseTo((rate * 0.4) / (large.skill as number), 12);
    expect(crashChance(large, 0.8)).toBeCloseTo(rate, 12);
    // The weaker profile crashes more on the same task, below both skills.
    expect(crashChance(small, 0.2)).toBeGreaterThan(crashChance(large, 0.2));
  });

  it('a hard instance on a weak profile crashes attempts, which are retried; an easy one does not', async () => {
    const hard = await run({ ...wide, difficulty: [0.9, 0.9] }, { profile: 'small', size: 36 });
    const easy = await run({ ...wide, difficulty: [0, 0] }, { profile: 'small', size: 36 });
    const crashed = (r: typeof hard) =>
      (r.result.events ?? []).filter((e) => e.type === 'task.failed' && /crashed/.test(e.error)).length;
    expect(crashed(hard)).toBeGreaterThan(0);
    expect(hard.m.retryCount).toBeGreaterThan(0);
    expect(crashed(easy)).toBe(0);
    expect(hard.m.itemF1).toBeLessThan(easy.m.itemF1);
  });

  it('is drawn per instance from the file’s range, the same for every policy on the seed', () => {
    const spec = { ...wide, difficulty: [0.2, 0.6] as const };
    const d = Array.from({ length: 30 }, (_, seed) => instanceDifficulty(spec, seed));
    expect(Math.min(...d)).toBeGreaterThanOrEqual(0.2);
    expect(Math.max(...d)).toBeLessThanOrEqual(0.6);
    expect(instanceDifficulty(spec, 5)).toBe(instanceDifficulty(spec, 5));
    expect(instanceDifficulty(wide, 5)).toBe(0);
  });
});

describe('parts of a task that differ in difficulty', () => {
  const spec = { ...wide, difficulty: [0.5, 0.5] as const, taskSpread: 0.3 };
  it('each part of a split task draws its own difficulty within ± taskSpread; a solo run keeps the instance’s', () => {
    const parts = Array.from({ length: 40 }, (_, i) => taskDifficulty(spec, 7, `rows-${i + 1}`, false));
    expect(Math.min(...parts)).toBeGreaterThanOrEqual(0.2);
    expect(Math.max(...parts)).toBeLessThanOrEqual(0.8);
    expect(Math.max(...parts) - Math.min(...parts)).toBeGreaterThan(0.4);
    expect(taskDifficulty(spec, 7, 'rows-3', false)).toBe(taskDifficulty(spec, 7, 'rows-3', false));
    expect(taskDifficulty(spec, 7, 'rows-3', true)).toBe(0.5);
    expect(taskDifficulty({ ...spec, taskSpread: 0 }, 7, 'rows-3', false)).toBe(0.5);
  });

  it('crashes say which parts are hard: escalating them to a stronger profile recovers what retrying loses', async () => {
    const on = (setting: string) => run(spec, { policy: fixedPolicy(setting), size: 48, seed: 11 });
    const retried = await on('all/small');
    const escalated = await on('all/small/escalate');
    const crashed = (r: typeof retried) =>
      (r.result.events ?? []).filter((e) => e.type === 'task.failed' && /crashed/.test(e.error)).length;
    expect(crashed(retried)).toBeGreaterThan(0);
    expect(escalated.m.itemF1).toBeGreaterThan(retried.m.itemF1);
  });
});

describe('budgets and cost in the reward', () => {
  it('reward = quality − μ · cost / reference − η · critical steps / budget, and 0 over the budget', async () => {
    const reward = { costWeight: 0.5, costReferencePerUnit: 0.001, stepsWeight: 0.25 };
    const spec = { ...wide, reward, budgets: { maxCriticalSteps: 40 } };
    const { m } = await run(spec, { size: 24 });
    expect(m.episodeSuccess).toBe(1);
    const expected = m.itemF1 - 0.5 * (m.cost / (0.001 * 24)) - 0.25 * (m.criticalSteps / 40);
    expect(m.reward).toBeCloseTo(expected, 12);
    // The same run under a budget it cannot meet earns nothing.
    const over = await run({ ...spec, budgets: { maxCriticalSteps: 5 } }, { size: 24 });
    expect(over.m.reward).toBe(0);
  });

  it('the deadline: a soft cost from deadlineFrom of the budget that grows as the budget nears; the cliff only past it', async () => {
    const weights = {
      costWeight: 0,
      costReference: 1,
      stepsWeight: 0.2,
      deadlineWeight: 0.3,
      deadlineFrom: 0.5,
    };
    const eta = (steps: number) => 0.2 * (steps / 40);
    expect(timeCharge(weights, 10, 40)).toBeCloseTo(eta(10), 12);
    expect(timeCharge(weights, 20, 40)).toBeCloseTo(eta(20), 12);
    expect(timeCharge(weights, 30, 40)).toBeCloseTo(eta(30) + 0.3 * 0.25, 12);
    expect(timeCharge(weights, 40, 40)).toBeCloseTo(eta(40) + 0.3, 12);
    // Each step nearer the budget costs more than the one before.
    const step = (s: number) => timeCharge(weights, s + 1, 40) - timeCharge(weights, s, 40);
    expect(step(36)).toBeGreaterThan(step(30));
    expect(step(30)).toBeGreaterThan(step(10));
    expect(timeCharge(weights, 10, Number.POSITIVE_INFINITY)).toBe(0);
    // In a run: the same run pays κ · late² for ending in its budget's last stretch, and earns 0
    // past the budget. (The runtime refuses to launch what cannot end by a budget far too short,
    // so the budgets here leave the run room: 9 critical steps.)
    const reward = {
      costWeight: 0,
      costReference: 1,
      stepsWeight: 0,
      deadlineWeight: 0.3,
      deadlineFrom: 0.25,
    };
    const free = await run({ ...wide, reward: { costWeight: 0 } }, { size: 24 });
    const steps = free.m.criticalSteps;
    expect(steps).toBe(9);
    const near = await run({ ...wide, reward, budgets: { maxCriticalSteps: 20 } }, { size: 24 });
    expect(near.m.criticalSteps).toBe(steps);
    const late = (steps / 20 - 0.25) / 0.75;
    expect(near.m.reward).toBeCloseTo(free.m.reward - 0.3 * late * late, 12);
    const far = await run({ ...wide, reward, budgets: { maxCriticalSteps: 40 } }, { size: 24 });
    expect(far.m.reward).toBeCloseTo(free.m.reward, 12);
    const over = await run({ ...wide, reward, budgets: { maxCriticalSteps: 8 } }, { size: 24 });
    expect(over.m.reward).toBe(0);
  });
});

describe('single or swarm, decided per instance', () => {
  it('a single setting runs the task as one agent of its profile; a swarm setting splits it', async () => {
    const solo = await run(wide, { policy: fixedPolicy('single/small') });
    expect(solo.prepared.plan.mode).toBe('single');
    expect(solo.m.spawnCount).toBe(1);
    const spawn = await run(wide, { policy: fixedPolicy('all/small') });
    expect(spawn.prepared.plan.mode).toBe('swarm');
    expect(spawn.m.spawnCount).toBe(4);
    const perKind = fixedPolicy('wide-search=solo/medium:deep-search=all/medium');
    expect((await run(wide, { policy: perKind })).prepared.plan.mode).toBe('single');
  });
});
