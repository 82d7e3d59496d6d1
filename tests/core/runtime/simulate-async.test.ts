import { describe, expect, it } from 'vitest';
import { randomGraph } from '../../../src/core/graph/generate';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { makeConfig } from '../../../src/core/runtime/config';
import { graphExecutor, pacedGraphExecutor } from '../../../src/core/runtime/graph-executor';
import type { AsyncExecutor, AttemptOutcome, AttemptRequest } from '../../../src/core/runtime/ports';
import { simulate, simulateAsync } from '../../../src/core/runtime/simulate';
import type { TraceEvent } from '../../../src/core/trace/events';
import { diamond } from '../graph/test-graphs';

/** Resolves after `ms` real milliseconds: attempts finish in an order unrelated to step-time. */
const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/** The graph executor behind a promise that resolves after a delay decreasing with the task index. */
const slowGraphExecutor: AsyncExecutor = {
  run: (request) => after((7 * (13 - (request.task % 13))) % 11, graphExecutor.simulate(request)),
};

describe('simulateAsync', () => {
  it('gives the trace simulate gives, whatever order the attempts resolve in', async () => {
    const graph = graphOrThrow(randomGraph({ tasks: 40, seed: 3, method: 'layrprob' }));
    const config = makeConfig({ seed: 5, budgets: { maxConcurrentSubagents: 6 } });
    const sync = simulate({ graph, config, policy: criticalPathPolicy });
    const async = await simulateAsync({
      graph,
      config,
      policy: criticalPathPolicy,
      executor: slowGraphExecutor,
    });
    expect(async.events).toEqual(sync.events);
    expect(async.metrics).toEqual(sync.metrics);
  });

  it('starts the attempts of one decision before awaiting any', async () => {
    let running = 0;
    let peak = 0;
    const executor: AsyncExecutor = {
      async run(request) {
        running++;
        peak = Math.max(peak, running);
        await after(5, null);
        running--;
        return graphExecutor.simulate(request);
      },
    };
    // diamond: after a, b and c are ready together.
    await simulateAsync({
      graph: graphOrThrow(diamond),
      config: makeConfig(),
      policy: criticalPathPolicy,
      executor,
    });
    expect(peak).toBe(2);
  });

  it("records an attempt's inner events at their step-times and hands answers to dependents", async () => {
    const seen: Record<string, string[]> = {};
    const executor: AsyncExecutor = {
      async run(request: AttemptRequest): Promise<AttemptOutcome> {
        seen[request.taskId] = [...(request.answers?.keys() ?? [])].sort();
        const steps = request.spec.steps;
        return {
          steps,
          ok: true,
          usage: { steps, toolCalls: 0, 'gen_ai.usage.input_tokens': 0, 'gen_ai.usage.output_tokens': 0 },
          answer: `answer of ${request.taskId}`,
          events: Array.from({ length: steps }, (_, i) => ({
            after: i + 1,
            body: {
              type: 'llm.turn' as const,
              subagent: request.subagent,
              task: request.taskId,
              finishReason: 'stop',
              'gen_ai.usage.input_tokens': 1,
              'gen_ai.usage.output_tokens': 1,
            },
          })),
        };
      },
    };
    const result = await simulateAsync({
      graph: graphOrThrow(diamond),
      config: makeConfig({ mainStepCost: 0 }),
      policy: criticalPathPolicy,
      executor,
    });
    // d runs after b and c, which both ran after a; each sees its own dependencies' answers only
    // (handing every answer so far to every attempt would copy O(tasks²) into workers).
    expect(seen.a).toEqual([]);
    expect(seen.b).toEqual(['a']);
    expect(seen.d).toEqual(['b', 'c']);
    expect([...result.answers.keys()].sort()).toEqual(['a', 'b', 'c', 'd']);
    // diamond costs a1 b2 c4 d1; with no decision cost c's turns end at 2, 3, 4, 5.
    const turns = result.events.filter(
      (e): e is Extract<TraceEvent, { type: 'llm.turn' }> => e.type === 'llm.turn' && e.task === 'c',
    );
    expect(turns.map((e) => e.t)).toEqual([2, 3, 4, 5]);
    const seqs = result.events.map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i));
    const times = result.events.map((e) => e.t);
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it('ends a paced graph run stopped mid-wait as aborted, not as a failure', async () => {
    const graph = graphOrThrow(randomGraph({ tasks: 30, seed: 2 }));
    const controller = new AbortController();
    // A pace whose wait rejects when the signal aborts, as the page's timer does.
    const wait = (ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, ms);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
    setTimeout(() => controller.abort('stopped by the user'), 30);
    const result = await simulateAsync({
      graph,
      config: makeConfig({ seed: 1 }),
      policy: criticalPathPolicy,
      executor: pacedGraphExecutor({ msPerSecond: 20, wait }),
      signal: controller.signal,
    });
    expect(result.reason).toBe('aborted');
    expect(result.events.some((e) => e.type === 'task.cancelled')).toBe(true);
    expect(result.events.at(-1)?.type).toBe('run.finished');
  });

  it('drops the inner events of an attempt cancelled by an abort', async () => {
    const controller = new AbortController();
    const executor: AsyncExecutor = {
      async run(request) {
        controller.abort('stop');
        return {
          steps: 10,
          ok: true,
          usage: { steps: 10, toolCalls: 0, 'gen_ai.usage.input_tokens': 0, 'gen_ai.usage.output_tokens': 0 },
          events: [
            {
              after: 5,
              body: {
                type: 'tool.call',
                caller: request.subagent,
                callId: 'x',
                tool: 'search',
                args: {},
                ok: true,
                result: '',
              },
            },
          ],
        };
      },
    };
    const result = await simulateAsync({
      graph: graphOrThrow(diamond),
      config: makeConfig(),
      policy: criticalPathPolicy,
      executor,
      signal: controller.signal,
    });
    expect(result.reason).toBe('aborted');
    expect(result.events.some((e) => e.type === 'tool.call')).toBe(false);
  });

  it('refuses a promise in the synchronous driver', () => {
    expect(() =>
      simulate({
        graph: graphOrThrow(diamond),
        config: makeConfig(),
        policy: criticalPathPolicy,
        grade: (() => Promise.resolve({ 'pass@1': 1, itemF1: 1, rowF1: 1, success: true })) as never,
      }),
    ).toThrow(/simulateAsync/);
  });

  it('hands the header over before the first event, equal to the one it returns', () => {
    const order: string[] = [];
    let header: unknown;
    const result = simulate({
      graph: graphOrThrow(diamond),
      config: makeConfig({ seed: 1 }),
      policy: criticalPathPolicy,
      onHeader: (h) => {
        header = h;
        order.push('header');
      },
      onEvent: (e) => order.push(e.type),
    });
    expect(header).toEqual(result.header);
    expect(order[0]).toBe('header');
    expect(order.filter((o) => o === 'header')).toHaveLength(1);
    expect(order.length).toBe(result.events.length + 1);
  });
});
