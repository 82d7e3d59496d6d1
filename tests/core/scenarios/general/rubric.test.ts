import { describe, expect, it } from 'vitest';
import { keyWords, rubricCriteria, rubricGrade } from '../../../../src/core/scenarios/general/rubric';
import type { Plan } from '../../../../src/core/scenarios/types';

/**
 * Issue 58, item 2: a request that fits no workflow is graded on completion and a rubric its merged
 * answer is checked against (docs/metrics.md, "general"), with no model: each case below is an
 * answer the rubric must tell apart from a good merge.
 */
const REQUEST = 'Plan a weekend in Porto for two students: trains, hostels, food and museums on a budget.';
const PARTS = [
  'Trains: the Alfa Pendular from Lisbon takes under three hours; book a week ahead for the cheapest seats.',
  'Hostels: dorm beds near Ribeira cost about twenty euros a night; pick one with a kitchen to save on food.',
  'Museums: Serralves and the Soares dos Reis are free on the first Sunday morning of the month.',
];
const MERGE = [
  'A budget weekend in Porto for two students.',
  '- Getting there: book the Alfa Pendular trains from Lisbon a week ahead; the ride takes under three hours.',
  '- Sleeping: hostels near Ribeira with a kitchen, about twenty euros a night for dorm beds, and cheaper food.',
  '- Seeing: Serralves and Soares dos Reis museums, free on the first Sunday morning of the month.',
].join('\n');

const plan: Plan = {
  mode: 'swarm',
  tasks: ['part-1', 'part-2', 'part-3'].map((id) => ({
    id,
    deps: [],
    estimatedSteps: 1,
    subtask: () => ({ id, prompt: '' }),
  })),
};
const merged: Plan = {
  ...plan,
  tasks: [
    ...plan.tasks,
    {
      id: 'merge',
      deps: ['part-1', 'part-2', 'part-3'],
      estimatedSteps: 1,
      subtask: () => ({ id: 'merge', prompt: '' }),
    },
  ],
};
const answersWith = (merge: string | undefined, parts: readonly (string | undefined)[] = PARTS) => {
  const answers = new Map<string, string>();
  parts.forEach((p, i) => {
    if (p !== undefined) answers.set(`part-${i + 1}`, p);
  });
  if (merge !== undefined) answers.set('merge', merge);
  return answers;
};

describe('the general rubric', () => {
  it('gives a merge in its own words that carries every part and the request’s terms full marks', () => {
    const grade = rubricGrade(REQUEST, merged, answersWith(MERGE));
    expect(grade.criteria).toEqual({ completion: 1, coverage: 1, merged: 1, terms: expect.any(Number) });
    expect(grade.criteria?.terms).toBeGreaterThanOrEqual(0.5);
    expect(grade.success).toBe(true);
    expect(grade.itemF1).toBeCloseTo((3 + (grade.criteria?.terms ?? 0)) / 4, 12);
  });

  it('catches the parts glued together: not merged, not a success', () => {
    const glued = PARTS.join('\n\n');
    const grade = rubricGrade(REQUEST, merged, answersWith(glued));
    expect(grade.criteria?.merged).toBe(0);
    expect(grade.criteria?.coverage).toBe(1);
    expect(grade.success).toBe(false);
    // The same, when no task merged: the plan's last tasks are three parts no one put together.
    const unmerged = rubricGrade(REQUEST, plan, answersWith(undefined));
    expect(unmerged.criteria?.merged).toBe(0);
    expect(unmerged.success).toBe(false);
  });

  it('catches a part the merge left out, and counts only the parts that answered', () => {
    const withoutMuseums = MERGE.split('\n').slice(0, 3).join('\n');
    const grade = rubricGrade(REQUEST, merged, answersWith(withoutMuseums));
    expect(grade.criteria?.coverage).toBeCloseTo(2 / 3, 12);
    expect(grade.success).toBe(false);
    // The museums' part failed: the merge need not carry it, completion says what is missing.
    const failed = rubricGrade(REQUEST, merged, answersWith(withoutMuseums, [PARTS[0], PARTS[1], undefined]));
    expect(failed.criteria).toMatchObject({ completion: 0.75, coverage: 1, merged: 1 });
  });

  it('catches an answer that is off the request: few of its key terms', () => {
    const off = 'A short history of the Roman roads of Gaul, their milestones and their engineers.';
    const grade = rubricGrade(
      REQUEST,
      { mode: 'single', tasks: [plan.tasks[0] as Plan['tasks'][number]] },
      new Map([['part-1', off]]),
    );
    expect(grade.criteria?.terms).toBeLessThan(0.2);
    expect(grade.success).toBe(false);
    // With no merged answer nothing but completion scores.
    expect(rubricCriteria(REQUEST, '  ', PARTS, 0.75)).toEqual({
      completion: 0.75,
      coverage: 0,
      merged: 0,
      terms: 0,
    });
  });

  it('reads key terms in text without spaces as pairs of characters, and skips words that say what to do', () => {
    expect(keyWords('帮我写贪吃蛇')).toEqual(['帮我', '我写', '写贪', '贪吃', '吃蛇']);
    expect(keyWords('Please write a short briefing about Porto hostels')).toEqual([
      'briefing',
      'porto',
      'hostels',
    ]);
    expect(rubricCriteria('贪吃蛇游戏', '这是一个贪吃蛇游戏。', [], 1).terms).toBe(1);
  });
});
