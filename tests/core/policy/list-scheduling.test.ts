import { describe, expect, it } from 'vitest';
import { randomGraph } from '../../../src/core/graph/generate';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { heuristicPolicy } from '../../../src/core/policy/heuristic';
import { listSchedulingPolicy } from '../../../src/core/policy/list-scheduling';
import { makeConfig } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';
import { withoutWallClock } from '../../../src/core/trace/jsonl';

describe('list-scheduling policies', () => {
  it('heuristic and critical-path are one behaviour under two names', () => {
    expect(heuristicPolicy.name).toBe('heuristic');
    expect(criticalPathPolicy.name).toBe('critical-path');
    for (const seed of [1, 2, 3]) {
      const graph = graphOrThrow(randomGraph({ tasks: 40, seed, method: 'layrprob', failProbability: 0.1 }));
      const config = makeConfig({ seed, budgets: { maxConcurrentSubagents: 6 } });
      const [a, b] = [heuristicPolicy, criticalPathPolicy].map((policy) =>
        withoutWallClock(simulate({ graph, config, policy }).events),
      );
      expect(a).toEqual(b);
    }
  });

  it('writes a plan only when the configuration names one', () => {
    expect('plan' in listSchedulingPolicy({ name: 'x' })).toBe(false);
    expect(listSchedulingPolicy({ name: 'x', plan: 'swarm' }).plan).toBe('swarm');
  });
});
