import { describe, expect, it } from 'vitest';
import { threadPool } from '../../../src/adapters/common/thread-pool';
import { timeoutScheduler } from '../../../src/adapters/common/timeout-scheduler';
import { nodeSandbox } from '../../../src/adapters/node/node-sandbox';
import { chaosRun } from '../../../src/core/experiments/chaos';
import { hooksFor } from '../../../src/core/healing/setup';
import { policyByName } from '../../../src/core/policy/registry';
import type { ChatResponse, Provider } from '../../../src/core/providers/types';
import { prepareRun } from '../../../src/core/run/prepare';
import type { AttemptRequest, Clock } from '../../../src/core/runtime/ports';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import type { FaultKind } from '../../../src/core/trace/events';
import { loadProfiles, loadSpec } from '../../support/scenarios';

// Issue 57, item 6: with the simulated model the loop judges a turn by the model's own time, so
// a slow or busy host (a cold worker through Redis) gets the verdicts a quiet one gets; with a real
// model the watchdog learns the model's pace, so a slow but steady model is never taken for hung.

const profiles = loadProfiles();
const all: FaultKind[] = ['hang', 'loop', 'crash', 'malformed', 'inject', 'slow'];

/** A host whose every look at the clock finds `lagMs` more gone: each turn seems that much slower. */
const slowHost = (lagMs: number): Clock => {
  let lag = 0;
  return {
    now: () => {
      lag += lagMs;
      return performance.now() + lag;
    },
  };
};

async function chaos(seed: number, clock: Clock, timing: 'model' | 'wall') {
  const spec = loadSpec('wide-search', 'wide-search');
  const prepared = prepareRun({ scenario: { type: 'task', spec }, seed, plan: 'swarm', profiles });
  if (prepared.type !== 'task') throw new Error('not a task run');
  const report = await chaosRun(prepared, {
    faults: all,
    healing: 'heal',
    seed,
    policy: policyByName('heuristic'),
    provider: simulatedProviderFor(profiles),
    clock,
    scheduler: timeoutScheduler,
    unresponsiveMs: 1000,
    slowMs: 600,
    timing,
    expectedMsPerToken: 0,
    ports: { sandbox: nodeSandbox },
    pool: (inner, capacity) => threadPool(inner, { capacity, hangMs: 20_000 }),
  });
  // mttrMs is wall-clock time by definition: the one figure a host's speed may change.
  return { ...report, mttrMs: null };
}

describe('the simulated model is judged by its own time', () => {
  it('gives the same verdicts, seed by seed, on a host that seems 1.5 s slower at every look at the clock', async () => {
    for (const seed of [1, 2]) {
      const quiet = await chaos(seed, { now: () => performance.now() }, 'model');
      const slowed = await chaos(seed, slowHost(1500), 'model');
      expect(slowed, `seed ${seed}`).toEqual(quiet);
      expect(quiet.falsePositives).toBe(0);
      expect(quiet.detected).toBe(quiet.faultsInjected);
      expect(quiet.faults.map((f) => [f.fault, f.detectedAs]).sort()).toEqual(
        [
          ['crash', 'crash'],
          ['hang', 'unresponsive'],
          ['inject', 'capability-violation'],
          ['loop', 'loop'],
          ['malformed', 'error-burst'],
          ['slow', 'slow'],
        ].sort(),
      );
    }
  }, 120_000);

  it('while the wall clock, on the same slowed host, flags healthy agents (what a cold worker did)', async () => {
    const slowed = await chaos(1, slowHost(1500), 'wall');
    expect(slowed.falsePositives).toBeGreaterThan(0);
  }, 60_000);
});

/** Timers on a clock the test moves: `advance` fires what falls due, in order. */
function fakeTime() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 0;
  return {
    clock: { now: () => now },
    scheduler: (fn: () => void, ms: number) => {
      const id = next++;
      timers.push({ at: now + ms, fn, id });
      return () => {
        timers = timers.filter((t) => t.id !== id);
      };
    },
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.fn();
      }
      now = end;
    },
  };
}

const reply: ChatResponse = {
  id: 'r',
  model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 10, completion_tokens: 40, total_tokens: 50 },
};

describe("a real model's watchdog learns the model's pace", () => {
  // The bench's ceiling with a real model: the longest reply deadline (small profile) plus 5 s.
  const ceilingMs = 167_000;

  function watched(replyMs: (turn: number) => number | 'never') {
    const time = fakeTime();
    const hooks = hooksFor(
      { mode: 'heal', timing: 'wall', unresponsiveMs: ceilingMs },
      { seed: 1, taskIds: ['a'] },
      time,
    );
    let turn = 0;
    const provider: Provider = {
      name: 'openai',
      complete: async () => {
        const ms = replyMs(turn++);
        if (ms === 'never') {
          time.advance(ceilingMs);
          return new Promise<never>(() => {});
        }
        time.advance(ms);
        return reply;
      },
    };
    const stopped: string[] = [];
    const request = { subagent: 'sa-1', taskId: 'a', attempt: 1 } as unknown as AttemptRequest;
    const session = hooks.begin(request, provider, (reason) => stopped.push(reason));
    return { session, stopped, time };
  }

  it('never quarantines a model that takes 20–40 s a reply, steadily', async () => {
    const { session, stopped } = watched((turn) => 20_000 + ((turn * 7919) % 20_000));
    for (let i = 0; i < 40; i++) await session.provider.complete({ model: 'm', messages: [] });
    expect(session.drain()).toEqual([]);
    expect(stopped).toEqual([]);
  });

  it('once it knows a model answers in about a second, takes a silent turn for hung at the floor, not the ceiling', async () => {
    const { session, stopped, time } = watched((turn) => (turn < 5 ? 1000 : 'never'));
    for (let i = 0; i < 5; i++) await session.provider.complete({ model: 'm', messages: [] });
    const started = time.clock.now();
    void session.provider.complete({ model: 'm', messages: [] });
    await Promise.resolve();
    const [detected] = session.drain();
    expect(detected).toMatchObject({ type: 'anomaly.detected', kind: 'unresponsive', value: 10_000 });
    expect(stopped).toEqual([
      expect.stringMatching(/^quarantined: unresponsive: no answer from the model in 10000 ms/),
    ]);
    expect(time.clock.now() - started).toBe(ceilingMs);
  });

  it('before it has a pace, waits the whole ceiling (a cold server’s first reply is its slowest)', async () => {
    const { session } = watched((turn) => (turn === 0 ? 150_000 : 1000));
    await session.provider.complete({ model: 'm', messages: [] });
    expect(session.drain()).toEqual([]);
  });
});
