import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { banditArms, banditPolicy, makeBandit, plainArms } from '../../../src/core/learning/bandit-policy';
import { DEFAULT_CASCADE } from '../../../src/core/learning/cascade';
import {
  cascadeSettings,
  fixedPolicy,
  parseFixed,
  settingName,
} from '../../../src/core/learning/fixed-policy';
import { type Budgets, makeConfig } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';
import type { TraceEvent } from '../../../src/core/trace/events';

/** A part `a` that fails every attempt, and `b`, which waits on it; the main step costs 1. */
const chain = graphOrThrow({
  kind: 'graph',
  id: 'failing-chain',
  tasks: [
    { id: 'a', steps: 3, deps: [], failProbability: 1 },
    { id: 'b', steps: 3, deps: ['a'] },
  ],
});

function play(setting: string, budgets: Partial<Budgets>, more: Parameters<typeof makeConfig>[0] = {}) {
  return simulate({
    graph: chain,
    // Attempts are not capped by the runtime here, so the cascade alone decides when `a` stops.
    config: makeConfig({ seed: 1, budgets, retry: { maxAttempts: 20 }, ...more }),
    policy: fixedPolicy(setting),
  });
}

/** What happened to `a`, in order: each attempt's profile and span, and when it was given up. */
function story(events: readonly TraceEvent[]) {
  const profileOf = new Map<string, string>();
  const attempts: { profile: string; assignedAt: number; startedAt: number; endedAt: number }[] = [];
  let givenUpAt: number | undefined;
  for (const e of events) {
    if (e.type === 'subagent.spawned') profileOf.set(e.subagent, e.profile);
    if (e.type === 'task.assigned' && e.task === 'a')
      attempts.push({
        profile: profileOf.get(e.subagent) as string,
        assignedAt: e.t,
        startedAt: -1,
        endedAt: -1,
      });
    if (e.type === 'task.started' && e.task === 'a')
      (attempts.at(-1) as { startedAt: number }).startedAt = e.t;
    if (e.type === 'task.failed' && e.task === 'a') (attempts.at(-1) as { endedAt: number }).endedAt = e.t;
    if (e.type === 'task.skipped' && e.task === 'a') givenUpAt = e.t;
  }
  return { attempts, givenUpAt };
}

describe('the deadline-aware cascade: retry, then escalate, then give up by the deadline', () => {
  it('retries a failed part on its profile, then escalates it one profile up at each later failure', () => {
    const { attempts } = story(play('all/small/cascade', { maxCriticalSteps: 60 }).events);
    expect(attempts.map((a) => a.profile)).toEqual(['small', 'small', 'medium', 'large', 'large', 'large']);
    // Other steps, in order, the last repeating: escalate at once, or retry twice then escalate.
    const escalated = story(play('all/small/cascade+escalate', { maxCriticalSteps: 60 }).events);
    expect(escalated.attempts.map((a) => a.profile)).toEqual([
      'small',
      'medium',
      'large',
      'large',
      'large',
      'large',
    ]);
    const patient = story(play('all/small/cascade+retry+retry+escalate', { maxCriticalSteps: 60 }).events);
    expect(patient.attempts.map((a) => a.profile)).toEqual([
      'small',
      'small',
      'small',
      'medium',
      'large',
      'large',
    ]);
  });

  it('gives the part up exactly when the budget left cannot fit another attempt, at every budget', () => {
    let gaveUp = 0;
    for (let budget = 8; budget <= 60; budget++) {
      const result = play('all/small/cascade', { maxCriticalSteps: budget });
      // Never run past the budget: the part and its dependent are given up instead.
      expect(result.reason, `budget ${budget}`).not.toMatch(/^budget/);
      const { attempts, givenUpAt } = story(result.events);
      // What another attempt of `a` needs from a decision at t, worked out from the trace: the
      // main step, the attempt (3 planned steps, or as long as the last one ran), then the longer
      // of `b` after it (main step + 3) and, should it fail, the backoff (1, 2, 4, 8, 8, … after
      // attempts 1, 2, 3, …) plus the step to give it up before the deadline.
      const need = (tried: number) => {
        const last = attempts[tried - 1] as { startedAt: number; endedAt: number };
        const backoff = Math.min(8, 2 ** tried);
        return 1 + Math.max(3, last.endedAt - last.startedAt) + Math.max(1 + 3, backoff + 1);
      };
      // Each retry was launched with room for it …
      for (let k = 1; k < attempts.length; k++) {
        const at = (attempts[k] as { assignedAt: number }).assignedAt;
        expect(budget - at, `budget ${budget}, attempt ${k + 1}`).toBeGreaterThanOrEqual(need(k));
      }
      // … and the part was given up at the first decision after a failure with no room.
      if (givenUpAt !== undefined) {
        gaveUp++;
        expect(budget - givenUpAt, `budget ${budget}`).toBeLessThan(need(attempts.length));
      }
    }
    expect(gaveUp).toBeGreaterThan(40);
  });

  it('a plain retry runs a failing part past the same budget and earns nothing; the cascade keeps what it has', () => {
    const fan = graphOrThrow({
      kind: 'graph',
      id: 'fan-with-a-failing-part',
      tasks: [
        { id: 'a', steps: 3, deps: [], failProbability: 1 },
        { id: 'b', steps: 3, deps: [] },
        { id: 'c', steps: 3, deps: [] },
      ],
    });
    const on = (setting: string) =>
      simulate({
        graph: fan,
        config: makeConfig({ seed: 1, budgets: { maxCriticalSteps: 14 }, retry: { maxAttempts: 20 } }),
        policy: fixedPolicy(setting),
      });
    const retried = on('all/small');
    expect(retried.reason).toBe('budget:maxCriticalSteps');
    expect(retried.metrics.reward).toBe(0);
    const cascaded = on('all/small/cascade');
    expect(cascaded.reason).toBe('completed-with-failures');
    expect(cascaded.metrics.quality).toBeCloseTo(2 / 3, 12);
  });

  it('estimates the next attempt from what the last one took, scaled by the profiles’ turn times', () => {
    // Medium takes 3 step-times a turn to small's 1: after the second failure (at t = 11, 14
    // left) the escalated attempt is expected to take 3 × 3 = 9, as long as small's took times the
    // turn-time ratio, not the 3 planned, so the part is given up: 1 + 9 + max(4 for b, backoff
    // 4 + 1) = 15 > 14, where the planned length alone (1 + 3 + 5 = 9) would have launched it.
    const slowLarge = { turnSteps: { small: 1, medium: 3, large: 3 } };
    const { attempts, givenUpAt } = story(
      play('all/small/cascade', { maxCriticalSteps: 25 }, slowLarge).events,
    );
    expect(attempts.map((a) => a.profile)).toEqual(['small', 'small']);
    expect(givenUpAt).toBe(11);
    // With every profile as fast, the same budget fits the escalation.
    const even = story(play('all/small/cascade', { maxCriticalSteps: 25 }).events);
    expect(even.attempts.map((a) => a.profile)).toEqual(['small', 'small', 'medium']);
  });

  it('is a fixed setting and a bandit arm for every setting, named …/cascade, parsed back', () => {
    const settings = cascadeSettings();
    expect(settings).toHaveLength(27);
    for (const s of settings) {
      expect(settingName(s)).toMatch(/\/cascade(\/|$)/);
      expect(parseFixed(settingName(s))).toEqual(s);
    }
    expect(parseFixed('all/medium/cascade')).toEqual({
      width: 'all',
      profile: 'medium',
      cascade: DEFAULT_CASCADE,
    });
    expect(settingName(parseFixed('all/large/cascade+retry+degrade') as never)).toBe(
      'all/large/cascade+retry+degrade',
    );
    // The bandit's arms: the 27 of before, then each with the cascade.
    expect(banditArms().map(settingName)).toEqual([...plainArms(), ...settings].map(settingName));
  });

  it('a bandit arm with the cascade plays it as the fixed setting does', () => {
    const arm = cascadeSettings().find((a) => settingName(a) === 'all/small/cascade');
    if (!arm) throw new Error('no all/small/cascade arm');
    const config = makeConfig({ seed: 1, budgets: { maxCriticalSteps: 30 }, retry: { maxAttempts: 20 } });
    const byBandit = simulate({
      graph: chain,
      config,
      policy: banditPolicy(makeBandit('linucb', 1, 1), [arm]),
    });
    const byFixed = simulate({ graph: chain, config, policy: fixedPolicy('all/small/cascade') });
    const shown = (events: readonly TraceEvent[]) =>
      events.filter((e) => e.type.startsWith('task.')).map((e) => `${e.type} ${e.t}`);
    expect(shown(byBandit.events)).toEqual(shown(byFixed.events));
    expect(story(byBandit.events).givenUpAt).toBeDefined();
  });

  it('refuses a cascade naming an unknown step, and a cascade with a retry rule, saying what is accepted', () => {
    expect(() => parseFixed('all/medium/cascade+retry+wait')).toThrow(
      'setting "all/medium/cascade+retry+wait": unknown cascade step "wait" in "cascade+retry+wait" (accepted steps: retry, escalate, degrade; the form is cascade or cascade+STEP+STEP…, e.g. cascade+retry+escalate)',
    );
    expect(() => parseFixed('all/medium/cascade+')).toThrow(/unknown cascade step ""/);
    expect(() => parseFixed('write-story=all/medium/escalate/cascade')).toThrow(
      /"cascade" is not a retry .* or is given twice \(a retry and a cascade are one choice\)/,
    );
  });
});
