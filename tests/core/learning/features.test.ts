/**
 * What the step heads read about time and failures: the planned work left against the budget, and
 * the profile each launchable failed task failed on (what the retry head decides from).
 */
import { describe, expect, it } from 'vitest';
import { FEATURES, features } from '../../../src/core/learning/features';
import type { RunView } from '../../../src/core/policy/types';

function view(t: number, remaining: number, budget: number): RunView {
  const fake = {
    task: { kind: 'write-story', size: 4, engines: 2, maxCriticalSteps: budget, difficultyCue: 0.5 },
    graph: { n: 6, topo: [], preds: [] },
    config: { budgets: { maxConcurrentSubagents: 8, maxCriticalSteps: budget } },
    observation: { ready: 1, running: 0, done: 4, failed: 0 },
    freeSlots: 8,
    subagentCount: 4,
    t,
    profileOutcomes: () => ({ finished: 0, failed: 0 }),
    contextFill: 0.2,
    remainingPath: () => remaining,
    readyCount: 1,
    topReady: () => ['section-3'],
    failedProfile: () => 'medium',
    spareReplica: () => false,
  };
  return fake as unknown as RunView;
}

const at = (name: (typeof FEATURES)[number]) => FEATURES.indexOf(name);

describe('decision features', () => {
  it('read the planned work left against the budget: above 1/2 once it ends past the budget', () => {
    expect(features(view(9, 4, 14))[at('min(2,(t+remainingPath)/budget)/2')]).toBeCloseTo(13 / 28, 12);
    expect(features(view(9, 6, 14))[at('min(2,(t+remainingPath)/budget)/2')]).toBeCloseTo(15 / 28, 12);
    expect(features(view(30, 40, 14))[at('min(2,(t+remainingPath)/budget)/2')]).toBe(1);
    // Without a budget there is nothing to run past.
    expect(features(view(9, 600, Number.POSITIVE_INFINITY))[at('min(2,(t+remainingPath)/budget)/2')]).toBe(0);
  });

  it('say which profile the launchable failed tasks failed on', () => {
    const x = features(view(9, 4, 14));
    expect(x[at('failedOn(medium)/launchable')]).toBe(1);
    expect(x[at('failedOn(large)/launchable')]).toBe(0);
    expect(x).toHaveLength(FEATURES.length);
  });
});
