import { describe, expect, it } from 'vitest';
import { generateMixedCoding } from '../../../../src/core/scenarios/mixed-coding/generate';
import {
  CODING_KIND,
  type CodingDescriptor,
  planMixedCoding,
  SINGLE_TASK_ID,
} from '../../../../src/core/scenarios/mixed-coding/plan';
import type { MixedCodingSpec } from '../../../../src/core/scenarios/mixed-coding/spec';

const spec: MixedCodingSpec = {
  kind: 'mixed-coding',
  id: 'coding-test',
  size: { default: 6, min: 2, max: 12 },
  dependencyShare: 1,
};
// Seed 3, size 6, share 1: a chain and a pair, so both plans have something to order.
const instance = generateMixedCoding(spec, 3, 6);
const names = instance.functions.map((f) => f.name);

describe('planMixedCoding', () => {
  it('has dependencies to plan around', () => {
    expect(instance.functions.some((f) => f.deps.length > 0)).toBe(true);
  });

  it('single: one task holding every function, its specs and visible tests', () => {
    const plan = planMixedCoding(instance, 'single');
    expect(plan.mode).toBe('single');
    expect(plan.tasks).toHaveLength(1);
    const task = plan.tasks[0]!;
    expect(task).toMatchObject({ id: SINGLE_TASK_ID, deps: [], estimatedSteps: names.length + 1 });
    const subtask = task.subtask(new Map());
    expect(subtask.descriptor).toEqual({ kind: CODING_KIND, functions: names, given: '', missing: [] });
    for (const fn of instance.functions) {
      expect(subtask.prompt).toContain(fn.spec);
      for (const t of fn.visible) expect(subtask.prompt).toContain(t.call);
    }
  });

  it('swarm: one task per function, depending on what it builds on', () => {
    const plan = planMixedCoding(instance, 'swarm');
    expect(plan.tasks.map((t) => t.id)).toEqual(names);
    for (const [i, task] of plan.tasks.entries()) {
      expect(task.deps).toEqual(instance.functions[i]!.deps);
      // Dependency order: every dependency is planned before its user.
      for (const dep of task.deps) expect(names.indexOf(dep)).toBeLessThan(i);
    }
  });

  it('swarm: hands a task the code its dependencies answered with', () => {
    const plan = planMixedCoding(instance, 'swarm');
    const task = plan.tasks.find((t) => t.deps.length > 0)!;
    const inputs = new Map(
      task.deps.map((dep) => [dep, `Done.\n\n\`\`\`js\nfunction ${dep}() { return '${dep}-code'; }\n\`\`\``]),
    );
    const subtask = task.subtask(inputs);
    const descriptor = subtask.descriptor as CodingDescriptor;
    expect(subtask.id).toBe(task.id);
    expect(descriptor.functions).toEqual([task.id]);
    expect(descriptor.missing).toEqual([]);
    for (const dep of task.deps) {
      expect(descriptor.given).toContain(`function ${dep}() { return '${dep}-code'; }`);
      expect(subtask.prompt).toContain(`'${dep}-code'`);
    }
    expect(descriptor.given).not.toContain('Done.');
  });

  it('swarm: says so when a dependency failed, and never throws', () => {
    const plan = planMixedCoding(instance, 'swarm');
    const task = plan.tasks.find((t) => t.deps.length > 0)!;
    const subtask = task.subtask(new Map());
    expect((subtask.descriptor as CodingDescriptor).missing).toEqual(task.deps);
    expect((subtask.descriptor as CodingDescriptor).given).toBe('');
    expect(subtask.prompt).toMatch(/failed: that code is not available/);
    expect(() => task.subtask(new Map([[task.deps[0]!, '']]))).not.toThrow();
  });
});
