/**
 * Replicas of a part (runtime/replicas.ts): one replica failing for good does not take its part,
 * or what depends on it, while another replica answers; losing every replica does.
 */
import { describe, expect, it } from 'vitest';
import type { GraphScenario, TaskSpec } from '../../../src/core/graph/types';
import { run } from './run-arbitrary';

const graph = (a2Fails: boolean, a3Fails: boolean): GraphScenario => ({
  kind: 'graph',
  id: 'replicas',
  tasks: [
    { id: 'a', steps: 1, deps: [], replicaOf: 'a', failProbability: 1 },
    { id: 'a~2', steps: 1, deps: [], replicaOf: 'a', ...(a2Fails ? { failProbability: 1 } : {}) },
    { id: 'a~3', steps: 1, deps: [], replicaOf: 'a', ...(a3Fails ? { failProbability: 1 } : {}) },
    { id: 'b', steps: 1, deps: ['a', 'a~2', 'a~3'] },
  ] satisfies TaskSpec[],
});

const statusOf = (a2Fails: boolean, a3Fails: boolean, failurePolicy: 'skip-dependents' | 'fail-fast') => {
  const { result } = run({
    graph: graph(a2Fails, a3Fails),
    policy: 'critical-path',
    config: { mainStepCost: 0, failurePolicy, retry: { maxAttempts: 1 } },
  });
  const ended = new Map<string, string>();
  for (const e of result.events) {
    if (e.type === 'task.finished' || e.type === 'task.skipped') ended.set(e.task, e.type);
  }
  return { b: ended.get('b'), reason: result.reason };
};

describe('replicas of a part', () => {
  it('a replica that fails for good leaves its part to the others: the dependent runs', () => {
    expect(statusOf(false, true, 'skip-dependents').b).toBe('task.finished');
    expect(statusOf(false, false, 'fail-fast')).toMatchObject({
      b: 'task.finished',
      reason: 'completed-with-failures',
    });
  });

  it('when every replica of the part is lost, its dependents are skipped as for any failed task', () => {
    expect(statusOf(true, true, 'skip-dependents').b).toBe('task.skipped');
  });
});
