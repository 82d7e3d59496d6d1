import { describe, expect, it } from 'vitest';
import { deepSearch, type HopDescriptor } from '../../../../src/core/scenarios/deep-search';
import type { DeepSearchSpec } from '../../../../src/core/scenarios/deep-search/spec';

const spec: DeepSearchSpec = {
  kind: 'deep-search',
  id: 'deep-test',
  size: { default: 4, min: 2, max: 6 },
  questions: 3,
};
const instance = deepSearch.generate(spec, 21, 4);

describe('deep-search: plan', () => {
  it('single: one task holding the whole prompt and every question', () => {
    const plan = deepSearch.plan(instance, 'single');
    expect(plan.mode).toBe('single');
    expect(plan.tasks).toHaveLength(1);
    const task = plan.tasks[0]!;
    expect(task).toMatchObject({ id: 'solve', deps: [], estimatedSteps: 2 * 4 * 3 + 1 });
    const subtask = task.subtask(new Map());
    expect(subtask.prompt).toBe(instance.prompt);
    expect(subtask.descriptor).toEqual({
      kind: 'deep-chain',
      questions: instance.questions.map((q) => ({
        index: q.index,
        start: q.chain[0]!.name,
        startKind: q.chain[0]!.kind,
        relations: q.relations,
      })),
    });
    // The answers are for the agent to find, not to read off its descriptor.
    expect(JSON.stringify(subtask.descriptor)).not.toContain(instance.questions[0]!.gold);
  });

  it('swarm: a chain of hop tasks per question, chains independent of each other', () => {
    const plan = deepSearch.plan(instance, 'swarm');
    expect(plan.mode).toBe('swarm');
    expect(plan.tasks.map((t) => [t.id, t.deps])).toEqual(
      [1, 2, 3].flatMap((q) =>
        [1, 2, 3, 4].map((h) => [`q${q}-hop${h}`, h === 1 ? [] : [`q${q}-hop${h - 1}`]]),
      ),
    );
    expect(plan.tasks.every((t) => t.estimatedSteps === 3)).toBe(true);
  });

  it('builds hop i from the answer of hop i − 1, and says the entity is unknown when it is missing', () => {
    const plan = deepSearch.plan(instance, 'swarm');
    const q2 = instance.questions[1]!;
    const task = (id: string) => plan.tasks.find((t) => t.id === id)!;
    const first = task('q2-hop1').subtask(new Map()).descriptor as HopDescriptor;
    expect(first).toEqual({
      kind: 'deep-hop',
      question: 2,
      hop: 1,
      hops: 4,
      entity: q2.chain[0]!.name,
      relation: q2.relations[0],
    });
    const third = task('q2-hop3').subtask(new Map([['q2-hop2', '  Foo   Bar \n']]));
    expect(third.id).toBe('q2-hop3');
    expect(third.descriptor).toMatchObject({ hop: 3, entity: 'Foo Bar', relation: q2.relations[2] });
    expect(third.prompt).toContain('Foo Bar');
    for (const inputs of [
      new Map<string, string>(),
      new Map([['q2-hop2', 'unknown']]),
      new Map([['q1-hop2', 'X']]),
    ]) {
      const lost = task('q2-hop3').subtask(inputs);
      expect((lost.descriptor as HopDescriptor).entity).toBeNull();
      expect(lost.prompt).toMatch(/unknown/);
    }
  });
});
