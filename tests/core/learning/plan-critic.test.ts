import { describe, expect, it } from 'vitest';
import { PLAN_CRITIC, PlanCritic } from '../../../src/core/learning/plan-critic';

/** Two options over features [bias, cue]: which one pays depends on the cue. */
const prior = Float64Array.from([2, 0, 0, 0]); // option 0 starts 2 logits up: the single-agent habit
const worth = (option: number, cue: number) => (option === 0 ? 0.8 - 0.6 * cue : 0.2 + 0.6 * cue);
const batch = (option: number, value = worth) =>
  Array.from({ length: 16 }, (_, i) => {
    const cue = i / 15;
    return { x: Float64Array.from([1, cue]), option, value: value(option, cue) };
  });
const logitsAt = (logits: Float64Array, cue: number) =>
  [0, 1].map((a) => logits[a * 2]! + logits[a * 2 + 1]! * cue);

describe('the plan head learned by regression', () => {
  it('before any return, its logits are the starting habit', () => {
    const critic = new PlanCritic(2, 2, prior);
    const logits = new Float64Array(4);
    critic.writeLogits(logits);
    expect(Array.from(logits)).toEqual([2, 0, 0, 0]);
  });

  it('estimates each option’s return from the context, so the best option changes with the cue', () => {
    const critic = new PlanCritic(2, 2, prior);
    for (let k = 0; k < 20; k++) {
      critic.observe(batch(0));
      critic.observe(batch(1));
    }
    const logits = new Float64Array(4);
    critic.writeLogits(logits);
    // logit = estimated return / temperature, within the ridge prior's small pull.
    for (const cue of [0.1, 0.4, 0.6, 0.9]) {
      const [a, b] = logitsAt(logits, cue);
      expect(Math.abs(a! * PLAN_CRITIC.temperature - worth(0, cue))).toBeLessThan(0.03);
      expect(Math.abs(b! * PLAN_CRITIC.temperature - worth(1, cue))).toBeLessThan(0.03);
    }
    const best = (cue: number) => {
      const [a, b] = logitsAt(logits, cue);
      return a! > b! ? 0 : 1;
    };
    expect([0.1, 0.4, 0.6, 0.9].map(best)).toEqual([0, 0, 1, 1]);
  });

  it('an option never played keeps its starting logit while the others learn', () => {
    const critic = new PlanCritic(2, 2, prior);
    for (let k = 0; k < 10; k++) critic.observe(batch(1));
    const logits = new Float64Array(4);
    critic.writeLogits(logits);
    expect([logits[0], logits[1]]).toEqual([2, 0]);
    expect(Math.abs(logitsAt(logits, 1)[1]! * PLAN_CRITIC.temperature - 0.8)).toBeLessThan(0.03);
  });

  it('forgets: when an option’s returns change (the step heads improved), the estimate follows', () => {
    const late = (discount: number) => {
      const critic = new PlanCritic(2, 2, prior, { ...PLAN_CRITIC, discount });
      for (let k = 0; k < 200; k++) critic.observe(batch(0, () => 0.2));
      for (let k = 0; k < 400; k++) critic.observe(batch(0, () => 0.7));
      const logits = new Float64Array(4);
      critic.writeLogits(logits);
      return logitsAt(logits, 0.5)[0]! * PLAN_CRITIC.temperature;
    };
    expect(late(PLAN_CRITIC.discount)).toBeGreaterThan(0.68);
    // Without the discount, the old returns still weigh a third: (200 · 0.2 + 400 · 0.7) / 600.
    expect(late(1)).toBeCloseTo(0.533, 2);
  });
});
