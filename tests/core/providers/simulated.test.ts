import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Player, PlayerInput, PlayerMove } from '../../../src/core/providers/player';
import {
  ContextWindowExceeded,
  itemErrorRate,
  type SimulatedProfile,
  type SimulatorParams,
  simulatedProvider,
} from '../../../src/core/providers/simulated';
import {
  estimateMessagesTokens,
  estimateTextTokens,
  estimateToolsTokens,
} from '../../../src/core/providers/tokens';
import type { ChatMessage, ChatRequest, ToolDefinition } from '../../../src/core/providers/types';

const PARAMS: SimulatorParams = {
  itemError: 0.05,
  contextDegradation: 0.4,
  degradationExponent: 2,
  callsPerTurn: 3,
  malformedRate: 0,
  outputTokensPerStep: 20,
  wallMsPerToken: 10,
};

function profile(overrides: Partial<SimulatorParams> = {}, contextWindow = 1000): SimulatedProfile {
  return { model: 'sim-small', contextWindow, simulator: { ...PARAMS, ...overrides } };
}

const SEARCH_TOOL: ToolDefinition = {
  type: 'function',
  function: {
    name: 'search',
    description: 'Searches the corpus.',
    parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  },
};

/** A player that records what it was handed and answers with `move`. */
function echoPlayer(move: (input: PlayerInput) => PlayerMove = () => ({ content: 'done', calls: [] })) {
  const inputs: PlayerInput[] = [];
  const player: Player = (input) => {
    inputs.push(input);
    return move(input);
  };
  return { player, inputs };
}

interface RequestOptions {
  readonly messages?: readonly ChatMessage[];
  readonly tools?: readonly ToolDefinition[];
  readonly seed?: number;
  readonly turn?: number;
  readonly subtaskId?: string;
  readonly kind?: string;
  readonly profile?: string;
  readonly signal?: AbortSignal;
}

function request(options: RequestOptions = {}): ChatRequest {
  return {
    model: 'sim-small',
    messages: options.messages ?? [{ role: 'user', content: 'Find the capital of France.' }],
    ...(options.tools ? { tools: options.tools } : {}),
    seed: options.seed ?? 7,
    metadata: {
      subtask: {
        id: options.subtaskId ?? 'rows-1',
        prompt: 'Find the capital of France.',
        descriptor: { kind: options.kind ?? 'echo', rows: [1, 2] },
      },
      profile: options.profile ?? 'small',
      turn: options.turn ?? 0,
    },
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

function words(n: number): ChatMessage {
  return { role: 'user', content: 'word '.repeat(n) };
}

describe('itemErrorRate', () => {
  const params: SimulatorParams = {
    ...PARAMS,
    itemError: 0.1,
    contextDegradation: 0.5,
    degradationExponent: 2,
  };

  it('adds contextDegradation · fill^exponent to the base error', () => {
    expect(itemErrorRate(params, 0)).toBeCloseTo(0.1, 12);
    expect(itemErrorRate(params, 0.5)).toBeCloseTo(0.1 + 0.5 * 0.25, 12);
    expect(itemErrorRate(params, 1)).toBeCloseTo(0.6, 12);
    expect(itemErrorRate({ ...params, degradationExponent: 1 }, 0.3)).toBeCloseTo(0.1 + 0.5 * 0.3, 12);
  });

  it('clamps the fill to [0, 1]', () => {
    // With an even exponent an unclamped fill of −1 would give the full-context error.
    expect(itemErrorRate(params, -1)).toBeCloseTo(0.1, 12);
    expect(itemErrorRate(params, 3)).toBeCloseTo(0.6, 12);
  });

  it('never exceeds 1', () => {
    expect(itemErrorRate({ ...params, itemError: 0.7, contextDegradation: 0.5 }, 1)).toBe(1);
  });
});

describe('simulatedProvider', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands the player the descriptor, messages, tool names and callsPerTurn', async () => {
    const { player, inputs } = echoPlayer();
    const provider = simulatedProvider({ profiles: { small: profile() }, players: { echo: player } });
    const req = request({ tools: [SEARCH_TOOL] });
    await provider.complete(req);
    expect(inputs).toHaveLength(1);
    expect(inputs[0]?.descriptor).toEqual({ kind: 'echo', rows: [1, 2] });
    expect(inputs[0]?.messages).toEqual(req.messages);
    expect(inputs[0]?.tools).toEqual(['search']);
    expect(inputs[0]?.callsPerTurn).toBe(3);
  });

  it('reports the prompt estimate (messages and tool definitions) and the written tokens plus the step cost', async () => {
    const { player } = echoPlayer(() => ({
      content: 'Looking it up.',
      calls: [{ name: 'search', args: { q: 'capital of France' } }],
    }));
    const provider = simulatedProvider({ profiles: { small: profile() }, players: { echo: player } });
    const req = request({ tools: [SEARCH_TOOL] });
    const response = await provider.complete(req);

    const prompt = estimateMessagesTokens(req.messages) + estimateToolsTokens([SEARCH_TOOL]);
    expect(estimateToolsTokens([SEARCH_TOOL])).toBeGreaterThan(0);
    const written =
      estimateTextTokens('Looking it up.') + estimateTextTokens('search{"q":"capital of France"}');
    expect(response.usage).toEqual({
      prompt_tokens: prompt,
      completion_tokens: written + 20,
      total_tokens: prompt + written + 20,
    });
    expect(response.model).toBe('sim-small');
  });

  it('charges a final answer its text plus the step cost', async () => {
    const { player } = echoPlayer(() => ({ content: 'Paris is the capital of France.', calls: [] }));
    const provider = simulatedProvider({ profiles: { small: profile() }, players: { echo: player } });
    const response = await provider.complete(request());
    expect(response.usage.completion_tokens).toBe(estimateTextTokens('Paris is the capital of France.') + 20);
  });

  it('refuses a prompt larger than the context window, naming both sizes', async () => {
    const { player, inputs } = echoPlayer();
    const provider = simulatedProvider({ profiles: { small: profile() }, players: { echo: player } });
    const messages = [words(2000)];
    const prompt = estimateMessagesTokens(messages);
    expect(prompt).toBeGreaterThan(1000);

    const failure = provider.complete(request({ messages }));
    await expect(failure).rejects.toBeInstanceOf(ContextWindowExceeded);
    await expect(failure).rejects.toThrow(String(prompt));
    await expect(failure).rejects.toThrow('1000');
    expect(inputs).toHaveLength(0);
  });

  it('counts the tool definitions against the context window', async () => {
    const messages = [words(10)];
    const window = estimateMessagesTokens(messages) + 1;
    const { player } = echoPlayer();
    const provider = simulatedProvider({
      profiles: { small: profile({}, window) },
      players: { echo: player },
    });
    await expect(provider.complete(request({ messages }))).resolves.toBeDefined();
    await expect(provider.complete(request({ messages, tools: [SEARCH_TOOL] }))).rejects.toBeInstanceOf(
      ContextWindowExceeded,
    );
  });

  it('accepts a prompt that exactly fills the window', async () => {
    const messages = [words(50)];
    const { player } = echoPlayer();
    const window = estimateMessagesTokens(messages);
    const provider = simulatedProvider({
      profiles: { small: profile({}, window) },
      players: { echo: player },
    });
    const response = await provider.complete(request({ messages }));
    expect(response.usage.prompt_tokens).toBe(window);
  });

  it('raises the error rate it hands the player as the context fills', async () => {
    const { player, inputs } = echoPlayer();
    const provider = simulatedProvider({ profiles: { small: profile() }, players: { echo: player } });
    const short = [{ role: 'user', content: 'hi' } as const];
    const long = [words(600)];
    await provider.complete(request({ messages: short }));
    await provider.complete(request({ messages: long }));

    const [low, high] = inputs.map((i) => i.errorRate);
    expect(high).toBeGreaterThan(low as number);
    expect(low).toBeCloseTo(itemErrorRate(PARAMS, estimateMessagesTokens(short) / 1000), 12);
    expect(high).toBeCloseTo(itemErrorRate(PARAMS, estimateMessagesTokens(long) / 1000), 12);
  });

  describe('determinism', () => {
    function drawingProvider() {
      const draws: number[][] = [];
      const { player } = echoPlayer((input) => {
        draws.push([input.rng.next(), input.rng.next(), input.rng.next()]);
        return { content: 'notes', calls: [{ name: 'search', args: { q: String(input.rng.int(1, 1000)) } }] };
      });
      const provider = simulatedProvider({
        profiles: { small: profile({ malformedRate: 0.5 }) },
        players: { echo: player },
      });
      return { provider, draws };
    }

    it('gives the same request the same response and the same draws, whatever ran in between', async () => {
      const { provider, draws } = drawingProvider();
      const first = await provider.complete(request({ seed: 3, subtaskId: 'a', turn: 2 }));
      await provider.complete(request({ seed: 3, subtaskId: 'b', turn: 5 }));
      const again = await provider.complete(request({ seed: 3, subtaskId: 'a', turn: 2 }));
      expect(again).toEqual(first);
      expect(draws[2]).toEqual(draws[0]);

      // A fresh provider too: nothing is carried in the provider's own state.
      const other = drawingProvider();
      expect(await other.provider.complete(request({ seed: 3, subtaskId: 'a', turn: 2 }))).toEqual(first);
      expect(other.draws[0]).toEqual(draws[0]);
    });

    it('draws differently on another turn, seed or subtask', async () => {
      const { provider, draws } = drawingProvider();
      await provider.complete(request({ seed: 3, subtaskId: 'a', turn: 2 }));
      await provider.complete(request({ seed: 3, subtaskId: 'a', turn: 3 }));
      await provider.complete(request({ seed: 4, subtaskId: 'a', turn: 2 }));
      await provider.complete(request({ seed: 3, subtaskId: 'b', turn: 2 }));
      const [base, ...others] = draws;
      for (const other of others) expect(other).not.toEqual(base);
    });
  });

  describe('tool calls', () => {
    const threeCalls = () =>
      echoPlayer(() => ({
        content: null,
        calls: [
          { name: 'search', args: { q: 'a' } },
          { name: 'search', args: { q: 'b' } },
          { name: 'open', args: { id: 3 } },
        ],
      }));

    it('cuts the first call short when malformedRate is 1, leaving the others valid', async () => {
      const { player } = threeCalls();
      const provider = simulatedProvider({
        profiles: { small: profile({ malformedRate: 1 }) },
        players: { echo: player },
      });
      for (let turn = 0; turn < 10; turn++) {
        const calls = (await provider.complete(request({ turn }))).choices[0].message.tool_calls ?? [];
        expect(calls).toHaveLength(3);
        expect(() => JSON.parse(calls[0]?.function.arguments ?? '')).toThrow();
        expect(JSON.parse(calls[1]?.function.arguments ?? '')).toEqual({ q: 'b' });
        expect(JSON.parse(calls[2]?.function.arguments ?? '')).toEqual({ id: 3 });
      }
    });

    it('writes every call as valid JSON when malformedRate is 0', async () => {
      const { player } = threeCalls();
      const provider = simulatedProvider({ profiles: { small: profile() }, players: { echo: player } });
      for (let turn = 0; turn < 10; turn++) {
        const calls = (await provider.complete(request({ turn }))).choices[0].message.tool_calls ?? [];
        expect(calls.map((c) => JSON.parse(c.function.arguments))).toEqual([
          { q: 'a' },
          { q: 'b' },
          { id: 3 },
        ]);
      }
    });

    it('numbers call ids by turn and position, and finishes with tool_calls', async () => {
      const { player } = threeCalls();
      const provider = simulatedProvider({ profiles: { small: profile() }, players: { echo: player } });
      const choice = (await provider.complete(request({ turn: 4 }))).choices[0];
      expect(choice.message.tool_calls?.map((c) => c.id)).toEqual(['call_4_1', 'call_4_2', 'call_4_3']);
      expect(choice.message.tool_calls?.map((c) => c.function.name)).toEqual(['search', 'search', 'open']);
      expect(choice.finish_reason).toBe('tool_calls');
    });

    it('answers without tool_calls and finishes with stop when the player makes no calls', async () => {
      const { player } = echoPlayer(() => ({ content: 'Paris', calls: [] }));
      const provider = simulatedProvider({
        profiles: { small: profile({ malformedRate: 1 }) },
        players: { echo: player },
      });
      const choice = (await provider.complete(request())).choices[0];
      expect(choice.finish_reason).toBe('stop');
      expect(choice.message.content).toBe('Paris');
      expect(choice.message).not.toHaveProperty('tool_calls');
    });
  });

  describe('rejections', () => {
    it('names an unknown profile', async () => {
      const { player } = echoPlayer();
      const provider = simulatedProvider({ profiles: { small: profile() }, players: { echo: player } });
      await expect(provider.complete(request({ profile: 'huge' }))).rejects.toThrow('"huge"');
      // Inherited keys of a plain object are not profiles.
      await expect(provider.complete(request({ profile: 'toString' }))).rejects.toThrow('"toString"');
    });

    it('names an unknown descriptor kind', async () => {
      const { player } = echoPlayer();
      const provider = simulatedProvider({ profiles: { small: profile() }, players: { echo: player } });
      await expect(provider.complete(request({ kind: 'mystery' }))).rejects.toThrow('"mystery"');
      await expect(provider.complete(request({ kind: 'constructor' }))).rejects.toThrow('"constructor"');
    });

    it('rejects an aborted request without playing it', async () => {
      const { player, inputs } = echoPlayer();
      const provider = simulatedProvider({ profiles: { small: profile() }, players: { echo: player } });
      const controller = new AbortController();
      controller.abort();
      await expect(provider.complete(request({ signal: controller.signal }))).rejects.toThrow(/abort/);
      expect(inputs).toHaveLength(0);
    });
  });

  describe('pace', () => {
    it('waits completion × wallMsPerToken at the pace (real time here), with the request signal, before answering', async () => {
      const { player } = echoPlayer(() => ({ content: 'Paris', calls: [] }));
      let release = (): void => {};
      const delay = vi.fn(
        (_ms: number, _signal?: AbortSignal) =>
          new Promise<void>((resolve) => {
            release = resolve;
          }),
      );
      const provider = simulatedProvider({
        profiles: { small: profile() },
        players: { echo: player },
        pace: { msPerSecond: 1000, wait: delay },
      });
      const signal = new AbortController().signal;
      let settled = false;
      const pending = provider.complete(request({ signal })).then((r) => {
        settled = true;
        return r;
      });
      await vi.waitFor(() => expect(delay).toHaveBeenCalledTimes(1));
      await Promise.resolve();
      expect(settled).toBe(false);

      release();
      const response = await pending;
      expect(delay).toHaveBeenCalledWith(response.usage.completion_tokens * 10, signal);
      expect(response.usage.completion_tokens).toBe(estimateTextTokens('Paris') + 20);
    });

    it('scales the latency by the pace: 250 ms per model second waits a quarter of it', async () => {
      const { player } = echoPlayer(() => ({ content: 'Paris', calls: [] }));
      const delay = vi.fn(async (_ms: number, _signal?: AbortSignal) => {});
      const provider = simulatedProvider({
        profiles: { small: profile() },
        players: { echo: player },
        pace: { msPerSecond: 250, wait: delay },
      });
      const response = await provider.complete(request());
      expect(delay).toHaveBeenCalledWith((response.usage.completion_tokens * 10) / 4, undefined);
    });

    it('passes on a rejection from the wait (an abort mid-reply)', async () => {
      const { player } = echoPlayer();
      const delay = vi.fn(async () => {
        throw new Error('aborted while waiting');
      });
      const provider = simulatedProvider({
        profiles: { small: profile() },
        players: { echo: player },
        pace: { msPerSecond: 1000, wait: delay },
      });
      await expect(provider.complete(request())).rejects.toThrow('aborted while waiting');
    });

    it('answers without touching a timer when no pace is given', async () => {
      vi.useFakeTimers();
      try {
        const { player } = echoPlayer();
        const provider = simulatedProvider({ profiles: { small: profile() }, players: { echo: player } });
        // With fake timers a setTimeout would never fire, and this would time out.
        await expect(provider.complete(request())).resolves.toBeDefined();
        expect(vi.getTimerCount()).toBe(0);
      } finally {
        // Unit test files share their worker (isolate: false): the next file needs real timers.
        vi.useRealTimers();
      }
    });
  });
});
