/**
 * What the running attempts have done so far, as they tell it turn by turn (AttemptProgress), for
 * the page's counters to move while the swarm works. The trace records an attempt's tokens and
 * tool calls only when it ends (its `task.finished` or `task.failed` carries its usage), and the
 * driver waits for every attempt a decision started before it records any: without this, a wide
 * search's counters sat at 0 for seconds and then jumped. An attempt leaves this tally the moment
 * its end is recorded, so nothing is counted twice.
 */

import type { AttemptProgress } from '../../core/runtime/ports';
import type { TraceEvent } from '../../core/trace/events';

/** The running attempts' work so far, summed: what the cards add to the recorded figures. */
export interface LiveTally {
  readonly attempts: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly toolCalls: number;
  /** Their tokens at their profiles' prices, in the run's cost units. */
  readonly cost: number;
}

export const NO_LIVE: LiveTally = { attempts: 0, inputTokens: 0, outputTokens: 0, toolCalls: 0, cost: 0 };

/** A profile's price per token, in and out (the run config's `prices`). */
type Prices = Readonly<Record<string, { readonly input: number; readonly output: number }>>;

const keyOf = (task: string, attempt: number) => `${task}#${attempt}`;

export class LiveAttempts {
  private readonly running = new Map<string, AttemptProgress>();
  /** Attempts whose end is recorded: a progress message still in flight for one is dropped. */
  private readonly ended = new Set<string>();

  /** `prices`: the run's, so a running attempt's tokens are priced as its end will price them. */
  constructor(private readonly prices: Prices = {}) {}

  /** An attempt's latest progress (cumulative: it replaces the one before). */
  tell(progress: AttemptProgress): void {
    const key = keyOf(progress.taskId, progress.attempt);
    if (!this.ended.has(key)) this.running.set(key, progress);
  }

  /** Reads a recorded event: an attempt that ended leaves the tally. */
  settle(event: TraceEvent): void {
    if (event.type !== 'task.finished' && event.type !== 'task.failed' && event.type !== 'task.cancelled')
      return;
    if (event.attempt === undefined) return;
    const key = keyOf(event.task, event.attempt);
    this.running.delete(key);
    this.ended.add(key);
  }

  tally(): LiveTally {
    let inputTokens = 0;
    let outputTokens = 0;
    let toolCalls = 0;
    let cost = 0;
    for (const p of this.running.values()) {
      inputTokens += p.inputTokens;
      outputTokens += p.outputTokens;
      toolCalls += p.toolCalls;
      const price = this.prices[p.profile] ?? { input: 0, output: 0 };
      cost += p.inputTokens * price.input + p.outputTokens * price.output;
    }
    return { attempts: this.running.size, inputTokens, outputTokens, toolCalls, cost };
  }

  /** The first words of each running attempt's latest turn, by task id: what the agent is saying. */
  words(): ReadonlyMap<string, string> {
    const out = new Map<string, string>();
    for (const p of this.running.values()) if (p.words) out.set(p.taskId, p.words);
    return out;
  }
}
