import { afterEach, describe, expect, it } from 'vitest';
import { slotPool, threadPool } from '../../src/adapters/common/thread-pool';
import { executorFromSetup, type SubagentSetup } from '../../src/core/run/subagent-setup';
import type { SubagentPool } from '../../src/core/runtime/pool';
import type { AsyncExecutor, AttemptOutcome, AttemptRequest } from '../../src/core/runtime/ports';
import { simulatedProviderFor } from '../../src/core/scenarios/players';
import { poolContract, requestsFor, wideSearchSetup } from '../support/pool-contract';
import { faults, gatedProvider } from '../support/test-subagent';

async function subagent(setup: SubagentSetup, gate?: string): Promise<AsyncExecutor> {
  const provider = simulatedProviderFor(setup.profiles);
  return executorFromSetup(setup, gate ? gatedProvider(provider, gate) : provider);
}

poolContract('in-thread', {
  make: async (setup, capacity, gate) => threadPool(await subagent(setup, gate), { capacity }),
  makeCrashing: async (setup, capacity) => {
    const inner = await subagent(setup);
    return threadPool(
      {
        run(request, signal) {
          if (request.taskId === faults.crash) throw new Error('the subagent fell over');
          return inner.run(request, signal);
        },
      },
      { capacity },
    );
  },
});

const request = requestsFor(wideSearchSetup())[0] as AttemptRequest;
const answer: AttemptOutcome = {
  steps: 2,
  ok: true,
  answer: 'done',
  usage: { steps: 2, toolCalls: 0, 'gen_ai.usage.input_tokens': 3, 'gen_ai.usage.output_tokens': 4 },
};

describe('threadPool', () => {
  const open: SubagentPool[] = [];
  const track = (pool: SubagentPool) => {
    open.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((p) => p.close()));
  });

  it('refuses a capacity that is not a whole number ≥ 1', () => {
    const executor: AsyncExecutor = { run: async () => answer };
    expect(() => threadPool(executor, { capacity: 0 })).toThrow(/capacity ≥ 1, got 0/);
    expect(() => threadPool(executor, { capacity: 1.5 })).toThrow(/got 1.5/);
  });

  it('counts a rejected call as a crash, with its message', async () => {
    const pool = track(
      threadPool({ run: () => Promise.reject(new Error('out of memory')) }, { capacity: 1 }),
    );
    expect(await pool.run(request)).toMatchObject({
      ok: false,
      retryable: true,
      error: 'worker crashed: out of memory',
    });
    expect(pool.stats()).toMatchObject({ crashes: 1, completed: 1 });
  });

  it('gives up on an attempt with no answer within hangMs, and frees its slot', async () => {
    let calls = 0;
    let signal: AbortSignal | undefined;
    const pool = track(
      threadPool(
        {
          run: (_request, s) => {
            calls++;
            if (calls > 1) return Promise.resolve(answer);
            signal = s;
            return new Promise(() => {});
          },
        },
        { capacity: 1, hangMs: 30 },
      ),
    );
    const [hung, next] = await Promise.all([pool.run(request), pool.run(request)]);
    expect(hung).toMatchObject({ ok: false, retryable: true, error: 'worker hung: no reply within 30 ms' });
    expect(signal?.aborted).toBe(true);
    expect(next).toEqual(answer);
    expect(pool.stats()).toMatchObject({ hangs: 1, completed: 2, started: 2, alive: 1 });
  });

  it('counts an attempt that keeps telling its progress as alive, however long it runs', async () => {
    const told: number[] = [];
    const pool = track(
      threadPool(
        {
          // Ten turns 100 ms apart, each told: a second in all, over three times the 300 ms limit (a
          // timer late by the limit's length would be a machine far past its load).
          run: async (r) => {
            for (let turn = 1; turn <= 10; turn++) {
              await new Promise((resolve) => setTimeout(resolve, 100));
              r.progress?.({
                taskId: 't',
                attempt: 1,
                subagent: 'sa-1',
                profile: 'medium',
                turns: turn,
                inputTokens: 0,
                outputTokens: 0,
                toolCalls: 0,
              });
            }
            return answer;
          },
        },
        { capacity: 1, hangMs: 300 },
      ),
    );
    const outcome = await pool.run({ ...request, progress: (p) => told.push(p.turns) });
    expect(outcome).toEqual(answer);
    // The caller's own progress still hears every turn.
    expect(told).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pool.stats()).toMatchObject({ hangs: 0 });
  });

  it('gives each attempt its own abort signal', async () => {
    const seen: AbortSignal[] = [];
    const pool = track(
      threadPool(
        {
          run: async (_request, signal) => {
            seen.push(signal as AbortSignal);
            await new Promise((resolve) => setTimeout(resolve, 5));
            return answer;
          },
        },
        { capacity: 1 },
      ),
    );
    const controller = new AbortController();
    const first = pool.run(request, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 1));
    controller.abort();
    expect((await first).ok).toBe(false);
    expect(await pool.run(request)).toEqual(answer);
    expect(seen.map((s) => s.aborted)).toEqual([true, false]);
  });

  it('takes the request as it was when run was called, not when its turn came', async () => {
    const read: (string | undefined)[] = [];
    const pool = track(
      threadPool(
        {
          run: async (r) => {
            read.push(r.answers?.get('rows-1'));
            await new Promise((resolve) => setTimeout(resolve, 1));
            return answer;
          },
        },
        { capacity: 1 },
      ),
    );
    const answers = new Map<string, string>();
    const runs = [pool.run({ ...request, answers }), pool.run({ ...request, answers })];
    answers.set('rows-1', 'later');
    await Promise.all(runs);
    expect(read).toEqual([undefined, undefined]);
  });
});

describe('slotPool start-up', () => {
  it('gives up on a slot that does not start in time, and does not respawn it on its own', async () => {
    let made = 0;
    const pool = slotPool({
      capacity: 2,
      startupMs: 20,
      create: () => {
        made++;
        return { ready: new Promise(() => {}), run: async () => answer, abort() {}, terminate() {} };
      },
    });
    await expect(pool.warm(1)).rejects.toThrow(
      'a subagent did not start (worker hung: did not start within 20 ms)',
    );
    expect(pool.stats()).toMatchObject({ alive: 0, started: 1, hangs: 1 });
    expect(await pool.run(request)).toMatchObject({ error: 'worker hung: did not start within 20 ms' });
    expect(made).toBe(2);
    await pool.close();
  });

  it('ends the attempt of a slot whose start fails as a crash, and reports start-up times', async () => {
    let made = 0;
    let clock = 0;
    const pool = slotPool({
      capacity: 1,
      now: () => (clock += 10),
      create: () => {
        made++;
        const ready = made === 1 ? Promise.reject(new Error('no such model')) : Promise.resolve();
        return { ready, run: async () => answer, abort() {}, terminate() {} };
      },
    });
    expect(await pool.run(request)).toMatchObject({
      error: 'worker crashed: could not start: no such model',
    });
    expect(await pool.run(request)).toEqual(answer);
    expect(pool.startupTimes()).toEqual([10]);
    await pool.close();
  });

  it('never runs an attempt aborted while its subagent was starting', async () => {
    let start: () => void = () => {};
    const ran: number[] = [];
    const pool = slotPool({
      capacity: 1,
      create: () => ({
        ready: new Promise<void>((resolve) => {
          start = resolve;
        }),
        run: async (r) => {
          ran.push(r.attempt);
          return answer;
        },
        abort() {},
        terminate() {},
      }),
    });
    const controller = new AbortController();
    const aborted = pool.run(request, controller.signal);
    const next = pool.run({ ...request, attempt: 2 });
    controller.abort('changed my mind');
    expect(await aborted).toMatchObject({ error: 'aborted: changed my mind' });
    start();
    expect(await next).toEqual(answer);
    expect(ran).toEqual([2]);
    await pool.close();
  });

  it('kills a running attempt on request, as a crash, and says when there is none', async () => {
    const terminated: number[] = [];
    let made = 0;
    const pool = slotPool({
      capacity: 1,
      create: () => {
        const id = ++made;
        return {
          ready: Promise.resolve(),
          run: () => (id === 1 ? new Promise(() => {}) : Promise.resolve(answer)),
          abort() {},
          terminate: () => terminated.push(id),
        };
      },
    });
    expect(pool.kill()).toBeUndefined();
    const killed = pool.run(request);
    const next = pool.run(request);
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(pool.kill()).toEqual({
      subagent: request.subagent,
      taskId: request.taskId,
      attempt: request.attempt,
    });
    expect(await killed).toMatchObject({
      ok: false,
      retryable: true,
      error: 'worker crashed: killed on request',
    });
    expect(await next).toEqual(answer);
    expect(terminated).toEqual([1]);
    expect(pool.stats()).toMatchObject({ crashes: 1, started: 2, alive: 1 });
    await pool.close();
    expect(terminated).toEqual([1, 2]);
  });
});
