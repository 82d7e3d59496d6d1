/**
 * The end-of-run reasons have one home (src/core/trace/end-reason.ts) and one wording: the
 * runtime makes only the reasons listed there, each has words of its own, and the page's three
 * places that show an end (the status line, the critical-path summary, the metric cards) say the
 * same end in the same words.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUDGET_NAMES,
  END_REASONS,
  endedEarly,
  endWords,
  isEndReason,
  runEndOf,
} from '../../../src/core/trace/end-reason';
import { earlyEnd } from '../../../src/ui/dag/path-summary';
import { metricCards } from '../../../src/ui/model/metric-cards';
import { endNote } from '../../../src/ui/model/status-words';
import { RUNS, run, scenarios } from '../runtime/run-arbitrary';

describe('the end-of-run reasons', () => {
  it('are the only reasons the runtime ends a run for, and each is worded', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(scenarios(), (s) => {
        const { result } = run(s);
        seen.add(result.reason);
        const finished = result.events.at(-1);
        expect(finished).toMatchObject({ type: 'run.finished', reason: result.reason });
        expect(isEndReason(result.reason), result.reason).toBe(true);
        for (const e of result.events)
          if (e.type === 'task.cancelled') expect(isEndReason(e.reason), e.reason).toBe(true);
      }),
      RUNS,
    );
    // The random runs reach budgets and failures, not only clean ends: the check saw several.
    expect(seen.size).toBeGreaterThan(2);
  });

  it('has words of its own for each reason, and shows an unknown one as it is', () => {
    const words = END_REASONS.map(endWords);
    for (const w of words) expect(w).not.toMatch(/^ended \(/);
    expect(new Set(words).size).toBe(END_REASONS.length);
    expect(END_REASONS).toHaveLength(7 + BUDGET_NAMES.length);
    expect(endWords('budget:maxWallMs')).toBe('stopped when its wall-clock budget ran out');
    expect(endWords('budget:maxSomething')).toBe('stopped when its maxSomething budget ran out');
    expect(endWords('overflow')).toBe('ended (overflow)');
    expect(isEndReason('overflow')).toBe(false);
  });

  it('is said the same way by the status line, the path summary and the metric cards', () => {
    for (const reason of END_REASONS.filter(endedEarly)) {
      const words = endWords(reason);
      expect(endNote('done', reason)).toBe(words);
      expect(earlyEnd(reason)).toBe(`the run ${words}`);
    }
    // The cards know a run stopped early by its status; 'cancelled' is the user's stop, 'aborted'.
    expect(runEndOf('cancelled', undefined)).toBe('aborted');
    for (const status of ['cancelled', 'failed', 'interrupted']) {
      const cards = metricCards({
        metrics: { criticalSteps: 3 },
        lowerBound: 2,
        maxToolCalls: 1500,
        maxTokens: Number.POSITIVE_INFINITY,
        running: 0,
        graded: false,
        endedEarly: status,
      });
      const words = endWords(runEndOf(status, undefined) as string);
      expect(cards.find((c) => c.id === 'quality')?.detail).toBe(
        `not graded: the run ${words} before its tasks ended`,
      );
      expect(cards.find((c) => c.id === 'critical-steps')?.detail).toMatch(
        new RegExp(`^the run ${words.replace(/[()]/g, '\\$&')} here`),
      );
    }
  });
});
