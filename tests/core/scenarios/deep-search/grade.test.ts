import { describe, expect, it } from 'vitest';
import { deepSearch } from '../../../../src/core/scenarios/deep-search';
import type { DeepSearchSpec } from '../../../../src/core/scenarios/deep-search/spec';

const spec: DeepSearchSpec = {
  kind: 'deep-search',
  id: 'deep-test',
  size: { default: 3, min: 2, max: 6 },
  questions: 2,
};
const two = deepSearch.generate(spec, 4, 3);
const one = deepSearch.generate({ ...spec, questions: 1 }, 4, 3);
const [g1, g2] = two.questions.map((q) => q.gold) as [string, string];
const single = deepSearch.plan(two, 'single');
const swarm = deepSearch.plan(two, 'swarm');
const grade = (instance = two, plan = single, answers: Record<string, string> = {}) =>
  deepSearch.grade(instance, plan, new Map(Object.entries(answers)), {});

describe('deep-search: grade', () => {
  it('scores a single agent by its Q lines, ignoring case and spaces', async () => {
    expect(await grade(two, single, { solve: `Q1: ${g1}\nQ2: ${g2}` })).toEqual({
      'pass@1': 1,
      itemF1: 1,
      rowF1: 1,
      success: true,
    });
    const shouty = `q2 : ${g2.toUpperCase()}\n  Q1:   ${g1.replace(' ', '  ')}  `;
    expect((await grade(two, single, { solve: shouty })).success).toBe(true);
    expect(await grade(two, single, { solve: `Q1: ${g1}\nQ2: Nobody` })).toEqual({
      'pass@1': 0.5,
      itemF1: 0.5,
      rowF1: 0.5,
      success: false,
    });
  });

  it('reads a one-question reply as the bare name or a Q1 line', async () => {
    const plan = deepSearch.plan(one, 'single');
    const gold = one.questions[0]!.gold;
    expect((await grade(one, plan, { solve: ` ${gold.toLowerCase()} ` }))['pass@1']).toBe(1);
    expect((await grade(one, plan, { solve: `Q1: ${gold}` }))['pass@1']).toBe(1);
    expect((await grade(one, plan, { solve: `${gold} Group` }))['pass@1']).toBe(0);
  });

  it('scores a swarm by the last hop of each question only', async () => {
    const right = { 'q1-hop3': g1, 'q2-hop3': g2 };
    expect((await grade(two, swarm, right)).success).toBe(true);
    const early = { 'q1-hop2': g1, 'q2-hop3': g2 };
    expect(await grade(two, swarm, early)).toMatchObject({ itemF1: 0.5, success: false });
  });

  it('scores a missing or garbled answer 0 without throwing', async () => {
    const zero = { 'pass@1': 0, itemF1: 0, rowF1: 0, success: false };
    expect(await grade(two, single, {})).toEqual(zero);
    expect(await grade(two, single, { solve: '' })).toEqual(zero);
    expect(await grade(two, single, { solve: `${g1}\n${g2}` })).toEqual(zero);
    expect(await grade(two, swarm, {})).toEqual(zero);
    expect(await grade(two, swarm, { 'q1-hop3': 'unknown', 'q2-hop3': '   ' })).toEqual(zero);
  });
});
