import { describe, expect, it } from 'vitest';
import stg100 from '../../../scenarios/graphs/stg-100.json';
import type { GraphScenario, TaskGraph } from '../../../src/core/graph/types';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { heuristicPolicy } from '../../../src/core/policy/heuristic';
import { serialPolicy } from '../../../src/core/policy/serial';
import type { Policy } from '../../../src/core/policy/types';
import { prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import { pacedGraphExecutor } from '../../../src/core/runtime/graph-executor';
import type { Pace } from '../../../src/core/runtime/pace';
import { pacedSeconds, runLengthNote } from '../../../src/ui/model/run-length';
import { diamond } from '../../core/graph/test-graphs';

const stg = graphOrThrow(stg100 as GraphScenario);
const instant = { pace: 0, name: 'instant' };
const note = (graph: TaskGraph, pace: number, workers = 100) =>
  runLengthNote({ seconds: pacedSeconds(graph, workers, 1), pace, fastest: instant });

/** Model seconds a paced run waits through, on a virtual clock: each wait ends when it is the earliest. */
async function drivenSeconds(graph: TaskGraph, policy: Policy): Promise<number> {
  let now = 0;
  const timers: { at: number; resolve: () => void }[] = [];
  const pace: Pace = {
    msPerSecond: 1000,
    wait: (ms) => new Promise<void>((resolve) => timers.push({ at: now + ms, resolve })),
  };
  let done = false;
  const run = runPrepared(prepareRun({ scenario: { type: 'graph', graph }, seed: 1 }), {
    policy,
    pace,
    executor: pacedGraphExecutor(pace),
  }).finally(() => {
    done = true;
  });
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    timers.sort((a, b) => a.at - b.at);
    const next = timers.shift();
    if (!next) continue;
    now = next.at;
    next.resolve();
  }
  await run;
  return now / 1000;
}

describe('how long a paced graph run takes', () => {
  it('adds up each decision and the longest task it launched, as the driver waits', async () => {
    // Decisions at 0 (a), 2 (b, c), 5 (b ends), 7 (c ends: d): 1 + 1, 1 + 4, 1, 1 + 1.
    expect(pacedSeconds(graphOrThrow(diamond), 100, 1)).toBe(10);
    expect(pacedSeconds(stg, 100, 1)).toBe(await drivenSeconds(stg, heuristicPolicy));
    expect(pacedSeconds(stg, 1, 1)).toBe(await drivenSeconds(stg, serialPolicy));
    // Far from its 65 critical steps: the waits add up decision by decision.
    expect(pacedSeconds(stg, 100, 1)).toBe(292);
  });

  it('says nothing of a short run', () => {
    expect(note(graphOrThrow(diamond), 40)).toBeUndefined();
    expect(note(graphOrThrow(diamond), 400)).toBeUndefined();
  });

  it('says how long a long graph takes at the default pace, and what is faster', () => {
    expect(note(stg, 40)).toBe(
      'A run takes about 12 s at this pace; pace “instant” shows the result at once.',
    );
    expect(note(stg, 1000)).toBe(
      'A run takes about 5 min at this pace; pace “instant” shows the result at once.',
    );
    expect(runLengthNote({ seconds: 928, pace: 40, fastest: instant })).toBe(
      'A run takes about 40 s at this pace; pace “instant” shows the result at once.',
    );
    // Without a pace that skips the waiting, the fastest one's own time.
    expect(runLengthNote({ seconds: 928, pace: 400, fastest: { pace: 40, name: 'fast' } })).toBe(
      'A run takes about 6 min at this pace; pace “fast” shows the result in about 40 s.',
    );
  });

  it('says nothing at the fastest pace, nor of its own pace as a faster one', () => {
    expect(note(stg, 0)).toBeUndefined();
    expect(runLengthNote({ seconds: 928, pace: 40, fastest: { pace: 40, name: 'fast' } })).toBe(
      'A run takes about 40 s at this pace.',
    );
  });
});
