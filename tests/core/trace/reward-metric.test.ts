import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { heuristicPolicy } from '../../../src/core/policy/heuristic';
import { makeConfig } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';

const graph = graphOrThrow({
  kind: 'graph',
  id: 'chain',
  tasks: [
    { id: 'a', steps: 3, deps: [] },
    { id: 'b', steps: 3, deps: ['a'] },
  ],
});
const grade = () => ({ 'pass@1': 0, itemF1: 0.75, rowF1: 0.5, success: false });

describe('the reward metric', () => {
  it('is the quality of an episode that ran to its end within budget, exact match or not', () => {
    const r = simulate({
      graph,
      config: makeConfig({ budgets: { maxCriticalSteps: 8 } }),
      policy: heuristicPolicy,
      grade,
    });
    expect(r.metrics.criticalSteps).toBe(8);
    expect(r.metrics.successRate).toBe(0);
    expect(r.metrics.episodeSuccess).toBe(1);
    expect(r.metrics.reward).toBe(0.75);
  });

  it('is 0 when the critical-steps budget stops the run, whatever was graded', () => {
    const r = simulate({
      graph,
      config: makeConfig({ budgets: { maxCriticalSteps: 7 } }),
      policy: heuristicPolicy,
      grade,
    });
    expect(r.reason).toMatch(/budget/);
    expect(r.metrics.episodeSuccess).toBe(0);
    expect(r.metrics.reward).toBe(0);
  });

  it('is 0 when another budget trips', () => {
    const r = simulate({
      graph,
      config: makeConfig({ budgets: { maxOrchestratorSteps: 1 } }),
      policy: heuristicPolicy,
      grade,
    });
    expect(r.metrics.episodeSuccess).toBe(0);
    expect(r.metrics.reward).toBe(0);
  });
});
