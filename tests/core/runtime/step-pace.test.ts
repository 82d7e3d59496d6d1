/**
 * The page's "step" pace: a run moves one orchestrator decision per `next()`, and the run it
 * makes is the unpaced run, event for event (step mode changes wall time only).
 */
import { describe, expect, it } from 'vitest';
import { steppedPace } from '../../../src/adapters/common/pace';
import { randomGraph } from '../../../src/core/graph/generate';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { makeConfig } from '../../../src/core/runtime/config';
import { graphExecutor } from '../../../src/core/runtime/graph-executor';
import type { AsyncExecutor } from '../../../src/core/runtime/ports';
import { simulate, simulateAsync } from '../../../src/core/runtime/simulate';
import { withoutWallClock } from '../../../src/core/trace/jsonl';

const executor: AsyncExecutor = { run: async (request) => graphExecutor.simulate(request) };
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('step mode', () => {
  it('holds each orchestrator decision until next(), then gives the unpaced run', async () => {
    const graph = graphOrThrow(randomGraph({ tasks: 12, seed: 4 }));
    const config = makeConfig({ seed: 2, budgets: { maxConcurrentSubagents: 3 } });
    const pace = steppedPace(0);
    const holds: boolean[] = [];
    pace.onHold((holding) => holds.push(holding));
    const seen: string[] = [];
    let done = false;
    const running = simulateAsync({
      graph,
      config,
      policy: criticalPathPolicy,
      executor,
      pace,
      onEvent: (e) => seen.push(e.type),
    }).then((r) => {
      done = true;
      return r;
    });
    await settle();
    // Held before the first decision is carried out: nothing of it is seen, nothing has started.
    expect(holds).toEqual([true]);
    expect(seen).not.toContain('orchestrator.step');
    expect(seen).not.toContain('task.started');
    await settle();
    expect(seen).not.toContain('task.started');
    // One click, one decision carried out (its step and what it launched), then held at the next.
    pace.next();
    await settle();
    expect(seen.filter((t) => t === 'orchestrator.step')).toHaveLength(1);
    expect(seen).toContain('task.started');
    expect(holds.slice(0, 3)).toEqual([true, false, true]);
    let clicks = 1;
    while (!done && clicks < 500) {
      pace.next();
      clicks++;
      await settle();
    }
    const stepped = await running;
    expect(clicks).toBe(stepped.events.filter((e) => e.type === 'orchestrator.step').length);
    const unpaced = simulate({ graph, config, policy: criticalPathPolicy });
    expect(withoutWallClock(stepped.events)).toEqual(withoutWallClock(unpaced.events));
  });

  it('lets a stop end a held run at once, as aborted', async () => {
    const graph = graphOrThrow(randomGraph({ tasks: 8, seed: 1 }));
    const controller = new AbortController();
    const pace = steppedPace(0);
    const running = simulateAsync({
      graph,
      config: makeConfig({ seed: 1 }),
      policy: criticalPathPolicy,
      executor,
      pace,
      signal: controller.signal,
    });
    await settle();
    controller.abort('stopped by the user');
    const result = await running;
    expect(result.reason).toBe('aborted');
  });
});
