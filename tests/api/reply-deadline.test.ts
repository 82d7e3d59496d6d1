/**
 * The swarm API's `replyDeadlineMs` option (issue 45, part 3): every model reply of its runs is
 * held to it, a reply past it fails its attempt with the reason in the events, and the option is
 * checked like every other.
 */
import { describe, expect, it } from 'vitest';
import { createSwarmApi } from '../../src/api/api';
import { SwarmApiError } from '../../src/api/errors';
import type { SwarmEvent } from '../../src/api/types';
import { frozenClock } from '../../src/core/runtime/ports';

async function collect(events: AsyncIterable<SwarmEvent>): Promise<SwarmEvent[]> {
  const out: SwarmEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe('the reply deadline of a swarm', () => {
  it('fails a reply that takes longer than replyDeadlineMs, saying so, and the swarm ends', async () => {
    const api = createSwarmApi({ clock: frozenClock });
    // At pace 1000 the simulated model takes real time: 60 tokens at 15 ms, about 0.9 s a turn.
    const id = await api.create(
      { scenario: 'wide-search', seed: 1, size: 10, policy: 'serial' },
      { pace: 1000, replyDeadlineMs: 50 },
    );
    const events = await collect(api.events(id));
    const failed = events.filter((e) => e.type === 'task.failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const e of failed) expect(e.error).toContain('The reply passed its 50 ms deadline');
    const status = await api.wait(id);
    expect(status.runs[0]?.metrics.quality ?? 0).toBeLessThan(0.5);
  }, 60_000);

  it('leaves a reply within the deadline alone: the same events as without one', async () => {
    const api = createSwarmApi({ clock: frozenClock });
    const task = { scenario: 'wide-search', seed: 2, size: 10 } as const;
    const a = await api.create(task);
    const b = await api.create(task, { replyDeadlineMs: 600_000 });
    const [ea, eb] = await Promise.all([collect(api.events(a)), collect(api.events(b))]);
    expect(JSON.stringify(eb)).toBe(JSON.stringify(ea));
  });

  it('refuses a deadline that is not a whole number of ms from 1 to 2147483647, naming the field', async () => {
    const api = createSwarmApi({ clock: frozenClock });
    for (const replyDeadlineMs of [0, 1.5, -3, 2_147_483_648, '1000', null]) {
      const error = await api
        .create({ scenario: 'wide-search' }, { replyDeadlineMs } as never)
        .catch((e) => e);
      expect(error).toBeInstanceOf(SwarmApiError);
      expect({ replyDeadlineMs, code: error.code, field: error.field }).toEqual({
        replyDeadlineMs,
        code: 'invalid-options',
        field: 'options.replyDeadlineMs',
      });
    }
    expect(api.list()).toEqual([]);
  });
});
