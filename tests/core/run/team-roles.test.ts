import { describe, expect, it } from 'vitest';
import { rolesByTask, withTeamRoles } from '../../../src/core/run/team-roles';
import type { Plan } from '../../../src/core/scenarios/types';
import { noUsage } from '../../../src/core/trace/events';

const task = (id: string, deps: string[] = []) => ({
  id,
  deps,
  estimatedSteps: 1,
  subtask: () => ({ id, prompt: id }),
});

describe('rolesByTask', () => {
  it('matches a plan’s roles to the tasks by depth: first level first, last level last', () => {
    const plan: Plan = {
      mode: 'swarm',
      tasks: [task('outline'), task('s1', ['outline']), task('s2', ['outline']), task('merge', ['s1', 's2'])],
    };
    expect(Object.fromEntries(rolesByTask(plan, ['Outliner', 'Writer', 'Editor']))).toEqual({
      outline: 'Outliner',
      s1: 'Writer',
      s2: 'Writer',
      merge: 'Editor',
    });
    // One role: everyone plays it.
    expect(new Set(rolesByTask(plan, ['Writer']).values())).toEqual(new Set(['Writer']));
  });

  it('gives each peer its role by letter, in every round', () => {
    const plan: Plan = {
      mode: 'peers',
      tasks: [task('r1-peer-a'), task('r1-peer-b'), task('r2-peer-a', ['r1-peer-a', 'r1-peer-b'])],
    };
    expect(Object.fromEntries(rolesByTask(plan, ['Skeptic', 'Optimist']))).toEqual({
      'r1-peer-a': 'Skeptic',
      'r1-peer-b': 'Optimist',
      'r2-peer-a': 'Skeptic',
    });
  });

  it('tells each attempt its role in its brief', async () => {
    const plan: Plan = { mode: 'single', tasks: [task('only')] };
    const seen: unknown[] = [];
    const executor = withTeamRoles(
      {
        run: async (request) => {
          seen.push(request.brief);
          return { steps: 1, ok: true, usage: noUsage };
        },
      },
      plan,
      ['Analyst'],
    );
    await executor.run({
      task: 0,
      taskId: 'only',
      spec: { id: 'only', steps: 1, deps: [] },
      attempt: 1,
      subagent: 'sa-1',
      profile: 'medium',
      maxSteps: 5,
      seed: 1,
    } as never);
    expect(seen).toEqual([{ role: 'Analyst' }]);
  });
});
