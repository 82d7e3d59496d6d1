/**
 * The swarm control API's semantics, in-process from the source (library.test.ts drives the
 * built library): the same seed gives the same events, `events` replays then follows, a swarm
 * runs its tasks in order within its concurrency, and refused calls change nothing.
 */
import { describe, expect, it } from 'vitest';
import { createSwarmApi, type SwarmApi } from '../../src/api/api';
import { SwarmApiError } from '../../src/api/errors';
import type { SwarmEvent } from '../../src/api/types';
import { frozenClock } from '../../src/core/runtime/ports';
import { refusal } from '../support/api-refusal';

const fresh = (): SwarmApi => createSwarmApi({ clock: frozenClock });

async function collect(events: AsyncIterable<SwarmEvent>): Promise<SwarmEvent[]> {
  const out: SwarmEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe('the swarm control API', () => {
  it('gives the same events for the same seed, and others for another', async () => {
    const api = fresh();
    const task = { scenario: 'wide-search', seed: 7, size: 20 } as const;
    // Two swarms at once on the same task: their runs interleave, their traces do not mix.
    const [a, b, c] = await Promise.all([
      api.create(task),
      api.create(task),
      api.create({ ...task, seed: 8 }),
    ]);
    const [ea, eb, ec] = await Promise.all([a, b, c].map((id) => collect(api.events(id))));
    expect(ea?.length).toBeGreaterThan(50);
    expect(JSON.stringify(eb)).toBe(JSON.stringify(ea));
    expect(JSON.stringify(ec)).not.toBe(JSON.stringify(ea));
    expect(ea?.at(-1)?.type).toBe('run.finished');
  });

  it('replays the events so far to a late reader, then follows the live ones', async () => {
    const api = fresh();
    const id = await api.create({ scenario: 'deep-search', seed: 1 }, { pace: 2 });
    const early = collect(api.events(id));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const late = collect(api.events(id));
    const [first, second] = await Promise.all([early, late]);
    expect(second).toEqual(first);
    expect(first.map((e) => e.seq)).toEqual(first.map((_, i) => i));
    // After the swarm finished, a new reader gets the whole log and ends at once.
    expect(await collect(api.events(id))).toEqual(first);
  });

  it('runs a swarm’s tasks in submission order within its concurrency', async () => {
    const api = fresh();
    const id = await api.create({ scenario: 'write-story', seed: 1 }, { concurrency: 1, label: 'stories' });
    expect(await api.submit(id, { scenario: 'teach-explain', seed: 1 })).toBe(1);
    expect(await api.submit(id, { scenario: 'compare-options', seed: 1, policy: 'peers' })).toBe(2);
    const now = await api.status(id);
    expect(now.label).toBe('stories');
    expect(now.tasks).toMatchObject({ submitted: 3, running: 1, queued: 2 });
    const events = await collect(api.events(id));
    // One at a time: each run's events come after the previous run's last.
    const runs = events.map((e) => e.run);
    expect(runs).toEqual([...runs].sort((x, y) => x - y));
    const done = await api.wait(id);
    expect(done.state).toBe('done');
    expect(done.runs.map((r) => r.task.policy)).toEqual(['heuristic', 'heuristic', 'peers']);
    const peers = (await api.agents(id)).filter((a) => a.run === 2);
    expect(peers.length).toBeGreaterThan(1);
    expect(peers.every((a) => a.role === 'peer' && a.capabilities.actions.includes('message'))).toBe(true);
  });

  it('runs tasks alongside when its concurrency allows', async () => {
    const api = fresh();
    const id = await api.create({ scenario: 'wide-search', seed: 1, size: 10 }, { concurrency: 2, pace: 1 });
    await api.submit(id, { scenario: 'wide-search', seed: 2, size: 10 });
    expect((await api.status(id)).tasks).toMatchObject({ running: 2, queued: 0 });
    await api.wait(id);
  });

  it('terminates a queued task without running it, and refuses what follows', async () => {
    const api = fresh();
    const id = await api.create({ scenario: 'wide-search', seed: 1, size: 60 }, { pace: 2 });
    await api.submit(id, { scenario: 'deep-search' });
    const final = await api.terminate(id);
    expect(final.runs.map((r) => r.state)).toEqual(['terminated', 'terminated']);
    expect(final.runs[1]?.items.cancelled).toBe(final.runs[1]?.items.total);
    expect((await refusal(() => api.submit(id, { scenario: 'deep-search' }))).code).toBe('terminated');
    expect((await refusal(() => api.terminate(id))).code).toBe('terminated');
    // Reading a terminated swarm still works.
    expect((await api.status(id)).state).toBe('terminated');
  });

  it('refuses a task to a finished swarm', async () => {
    const api = fresh();
    const id = await api.create({ scenario: 'rag-qa' });
    await api.wait(id);
    const error = await refusal(() => api.submit(id, { scenario: 'rag-qa' }));
    expect(error.code).toBe('finished');
    expect((await api.status(id)).tasks.submitted).toBe(1);
  });

  it('names the field of an invalid task or option', async () => {
    const api = fresh();
    const cases: [unknown, unknown, string, string][] = [
      [{ scenario: 'nowhere' }, undefined, 'invalid-task', 'scenario'],
      [{ scenario: 'wide-search', seed: -1 }, undefined, 'invalid-task', 'seed'],
      [{ scenario: 'wide-search', seed: 1.5 }, undefined, 'invalid-task', 'seed'],
      [{ scenario: 'deep-search', size: 99 }, undefined, 'invalid-task', 'size'],
      [{ scenario: 'wide-search', profile: 'huge' }, undefined, 'invalid-task', 'profile'],
      [{ scenario: 'wide-search', policy: 'random' }, undefined, 'invalid-task', 'policy'],
      [{ scenario: 'wide-search', policy: 'peers' }, undefined, 'invalid-task', 'policy'],
      [{ scenario: 'wide-search', sise: 20 }, undefined, 'invalid-task', 'sise'],
      [{ scenario: 'mixed-coding' }, undefined, 'invalid-task', 'scenario'],
      ['wide-search', undefined, 'invalid-task', 'task'],
      [{ scenario: 'wide-search' }, { concurrency: 0 }, 'invalid-options', 'options.concurrency'],
      [{ scenario: 'wide-search' }, { pace: -1 }, 'invalid-options', 'options.pace'],
      [{ scenario: 'wide-search' }, { speed: 2 }, 'invalid-options', 'options.speed'],
    ];
    for (const [task, options, code, field] of cases) {
      const error = await refusal(() => api.create(task as never, options as never));
      expect({ task, code: error.code, field: error.field }).toEqual({ task, code, field });
    }
    expect((await refusal(() => api.status('swarm-9'))).code).toBe('unknown-swarm');
    expect((await refusal(() => api.agents('swarm-9'))).code).toBe('unknown-swarm');
    expect(() => api.events('swarm-9')).toThrow(SwarmApiError);
    // Nothing was made.
    expect(api.list()).toEqual([]);
  });
});
