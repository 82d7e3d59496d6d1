import { describe, expect, it } from 'vitest';
import type { AttemptProgress } from '../../../src/core/runtime/ports';
import type { TraceEvent } from '../../../src/core/trace/events';
import { LiveAttempts } from '../../../src/ui/model/live-attempts';
import { metricCards } from '../../../src/ui/model/metric-cards';

const progress = (taskId: string, attempt: number, n: number, words?: string): AttemptProgress => ({
  taskId,
  attempt,
  subagent: 'sa-1',
  profile: 'small',
  turns: n,
  inputTokens: 100 * n,
  outputTokens: 10 * n,
  toolCalls: n,
  ...(words ? { words } : {}),
});

const usage = { steps: 2, toolCalls: 2, 'gen_ai.usage.input_tokens': 200, 'gen_ai.usage.output_tokens': 20 };
const finished = (task: string, attempt: number) =>
  ({ type: 'task.finished', task, attempt, subagent: 'sa-1', usage, seq: 1, t: 2, wallMs: 0 }) as TraceEvent;

describe('the running attempts’ tally', () => {
  it('keeps each attempt’s latest progress and drops it when its end is recorded', () => {
    const live = new LiveAttempts({ small: { input: 0.001, output: 0.01 } });
    live.tell(progress('rows-1', 1, 1));
    live.tell(progress('rows-1', 1, 2, 'Searching for Acme'));
    live.tell(progress('rows-2', 1, 1));
    expect(live.tally()).toMatchObject({ attempts: 2, inputTokens: 300, outputTokens: 30, toolCalls: 3 });
    // Priced as the attempts' ends will price them: 300 × 0.001 + 30 × 0.01.
    expect(live.tally().cost).toBeCloseTo(0.6, 10);
    expect(live.words().get('rows-1')).toBe('Searching for Acme');
    live.settle(finished('rows-1', 1));
    expect(live.tally()).toMatchObject({ attempts: 1, inputTokens: 100, outputTokens: 10, toolCalls: 1 });
    // A message still in flight for an ended attempt is not counted again.
    live.tell(progress('rows-1', 1, 2));
    expect(live.tally().attempts).toBe(1);
    // Its retry is a new attempt.
    live.tell(progress('rows-1', 2, 1));
    expect(live.tally().attempts).toBe(2);
  });

  it('adds the running attempts’ work to the cards, and says how much of it is still running', () => {
    const base = {
      metrics: { tokensIn: 1000, tokensOut: 100, toolCalls: 7, cost: 0.5 },
      lowerBound: 5,
      maxToolCalls: Number.POSITIVE_INFINITY,
      maxTokens: Number.POSITIVE_INFINITY,
      running: 2,
      graded: false,
    };
    const live = { attempts: 2, inputTokens: 300, outputTokens: 30, toolCalls: 3, cost: 0.25 };
    const card = (cards: ReturnType<typeof metricCards>, id: string) => cards.find((c) => c.id === id);
    const before = metricCards(base);
    const during = metricCards({ ...base, live });
    expect(card(before, 'tokens')?.value).toBe('1,100');
    expect(card(during, 'tokens')?.value).toBe('1,430');
    expect(card(during, 'tokens')?.detail).toContain('330 of them from the 2 attempts still running');
    expect(card(before, 'tokens')?.detail).toContain('0.5000 cost units');
    expect(card(during, 'tokens')?.detail).toContain('0.7500 cost units');
    expect(card(before, 'tool-calls')?.value).toBe('7');
    expect(card(during, 'tool-calls')?.value).toBe('10');
    // No running attempt: the cards are the recorded figures alone.
    expect(
      metricCards({ ...base, live: { attempts: 0, inputTokens: 0, outputTokens: 0, toolCalls: 0, cost: 0 } }),
    ).toEqual(before);
  });
});
