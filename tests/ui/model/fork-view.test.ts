import { describe, expect, it } from 'vitest';
import { heuristicPolicy } from '../../../src/core/policy/heuristic';
import { serialPolicy } from '../../../src/core/policy/serial';
import { forkRun } from '../../../src/core/run/fork';
import { prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import {
  decisionBehind,
  forkMarks,
  rewardTermsOf,
  rewardWhy,
  sharedPrefix,
} from '../../../src/ui/model/fork-view';
import { foldTrace } from '../../../src/ui/model/replay';
import { loadProfiles, loadSpec } from '../../support/scenarios';

/**
 * Issue 61, item 2: a fork drawn beside its original marks what the two share and the first
 * decision that differs, and says why the rewards differ or not. The case: a deep search
 * forked at decision 2 to serial took 50 critical steps against 20 with the same reward, 0.6460.
 */
const profiles = loadProfiles();
const spec = loadSpec('deep-search', 'deep-search');
const scenario = { type: 'task', spec } as const;
const provider = simulatedProviderFor(profiles);

async function deepSearchFork() {
  const run = prepareRun({ scenario, seed: 1, profiles });
  if (run.type !== 'task') throw new Error('not a task run');
  const made = await runPrepared(run, { policy: heuristicPolicy, provider, keepEvents: true });
  const events = made.events ?? [];
  return forkRun({
    header: made.header,
    events,
    scenario,
    profiles,
    original: async () => heuristicPolicy,
    next: async () => serialPolicy,
    at: 2,
    provider,
  });
}

describe('a fork beside its original', () => {
  it('marks decision 1 and the first hops as shared, and decision 2 as the first difference', async () => {
    const result = await deepSearchFork();
    expect(result.firstDifference?.step).toBe(2);
    const original = forkMarks(result.original.events, result.prefixEvents, 2);
    const fork = forkMarks(result.fork.events, result.prefixEvents, 2);
    // The same prefix on both sides: decision 1 and the three first hops it launched.
    expect([...original.sharedNodes].sort()).toEqual(['main:1', 'q1-hop1', 'q2-hop1', 'q3-hop1']);
    expect([...fork.sharedNodes].sort()).toEqual([...original.sharedNodes].sort());
    expect(original.sharedBars.has('step 1')).toBe(true);
    expect(original.sharedBars.has('step 2')).toBe(false);
    // Decision 2: the heuristic launched the three second hops at once, serial only one.
    expect([...original.differNodes].sort()).toEqual(['main:2', 'q1-hop2', 'q2-hop2', 'q3-hop2']);
    expect([...fork.differNodes].sort()).toEqual(['main:2', 'q1-hop2']);
    const prefix = sharedPrefix(result.original.events, result.prefixEvents);
    expect(prefix.decisions).toBe(1);
    expect(prefix.until).toBe(5);
  });

  it("names the decision behind a node or a bar: a step's own, an attempt's launcher, none for the end", async () => {
    const result = await deepSearchFork();
    const realized = foldTrace(result.original.events).realized;
    expect(decisionBehind(realized, 'main:3')).toBe(3);
    expect(decisionBehind(realized, 'step 4')).toBe(4);
    // Decision 1 launched the first hops, decision 2 the second ones.
    expect(decisionBehind(realized, 'q2-hop1')).toBe(1);
    expect(decisionBehind(realized, 'q2-hop2#1')).toBe(2);
    expect(decisionBehind(realized, 'main:end')).toBeUndefined();
    expect(decisionBehind(realized, 'round 1')).toBeUndefined();
    expect(decisionBehind(undefined, 'main:1')).toBeUndefined();
  });

  it('says the reward is the same because time is not charged without a critical-steps budget', async () => {
    const result = await deepSearchFork();
    const a = result.original.metrics;
    const b = result.fork.metrics;
    expect([a.criticalSteps, b.criticalSteps]).toEqual([20, 50]);
    expect(a.reward.toFixed(4)).toBe('0.6450');
    expect(b.reward.toFixed(4)).toBe('0.6450');
    const words = rewardWhy({ original: 'heuristic', fork: 'serial', decision: 2 }, a, b, {
      stepsBudget: null,
      stepsWeight: spec.reward?.stepsWeight,
    });
    expect(words).toBe(
      'serial from decision 2 took 50 critical steps against 20, and the reward is the same, 0.6450, because the reward is quality less what cost and time are charged: the same quality on both (0.6667); the same cost (0.0130 cost units); time is not charged: the run has no critical-steps budget, and the reward charges steps only as a share of one (a budget in the Run settings makes it count).',
    );
  });

  it('says what differs when time is charged or a side fails its budgets', () => {
    const a = { criticalSteps: 20, reward: 0.6, quality: 0.7, cost: 0.01, episodeSuccess: 1 };
    const b = { criticalSteps: 50, reward: 0.45, quality: 0.7, cost: 0.01, episodeSuccess: 1 };
    const names = { original: 'heuristic', fork: 'serial', decision: 2 };
    expect(rewardWhy(names, a, b, { stepsBudget: 100, stepsWeight: 0.2 })).toContain(
      'the reward is 0.4500 against 0.6000 (quality less what cost and time are charged): the same quality on both (0.7000); the same cost (0.0100 cost units); time charged 0.1000 against 0.0400',
    );
    // κ, the deadline's soft cost, counts too: 90 of a 100-step budget is 0.6 of the way into
    // its last quarter, charged 0.2 × 0.6² = 0.072 on top of η's 0.2 × 0.9 (core's timeCharge).
    const late = { ...b, criticalSteps: 90 };
    expect(
      rewardWhy(names, a, late, {
        stepsBudget: 100,
        stepsWeight: 0.2,
        deadlineWeight: 0.2,
        deadlineFrom: 0.75,
      }),
    ).toContain('time charged 0.2520 against 0.0400 (η 0.2 × critical steps / the budget of 100, plus κ 0.2');
    // The preference scales the terms as it scales the reward: cost ×1, time ×2 doubles η.
    expect(rewardTermsOf(100, { costWeight: 0.02, stepsWeight: 0.2 }, { cost: 1, time: 2 }).stepsWeight).toBe(
      0.4,
    );
    expect(rewardWhy(names, a, { ...b, reward: 0, episodeSuccess: 0 }, { stepsBudget: 40 })).toBe(
      'serial from decision 2 took 50 critical steps against 20, and the reward is 0.0000 against 0.6000, because the fork did not end within its budgets, and such a run earns 0.',
    );
  });
});
