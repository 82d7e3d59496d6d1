/**
 * The Provider port over WebLLM engines: one engine, or a pool of engines holding the same model.
 *
 * One engine generates for one request at a time (its per-model lock would queue a second one
 * anyway, but out of our sight): requests wait at the engine's gate (engine-concurrency.ts), and
 * the meter there tells nominal from effective parallelism. Loading and the cache: webllm-load.ts.
 * Only types come from `@mlc-ai/web-llm` here.
 */
import type {
  ChatCompletionMessageParam,
  ChatCompletionRequestNonStreaming,
  ChatOptions,
} from '@mlc-ai/web-llm';
import type {
  ChatMessage,
  ChatRequest,
  ChatResponse,
  FinishReason,
  Provider,
  ToolCall,
} from '../../core/providers/types';
import { checkReplySize, MAX_REPLY_BYTES } from '../common/reply-size';
import {
  abortError,
  type ConcurrencyMeter,
  type EngineGate,
  gateFor,
  interruptible,
} from './engine-concurrency';

// ---------------------------------------------------------------------------------------------
// The engine

/** The fields read from WebLLM's `ChatCompletion`. */
export interface ChatCompletionLike {
  readonly id: string;
  readonly model: string;
  readonly choices: readonly {
    readonly finish_reason: string;
    readonly message: {
      readonly content: string | null;
      readonly tool_calls?: readonly {
        readonly id: string;
        readonly function: { readonly name: string; readonly arguments: string };
      }[];
    };
  }[];
  readonly usage?: {
    readonly prompt_tokens: number;
    readonly completion_tokens: number;
    readonly total_tokens: number;
  };
}

/** The part of WebLLM's `MLCEngineInterface` used here; `MLCEngine` and `WebWorkerMLCEngine` fit it. */
export interface EngineLike {
  readonly chat: {
    readonly completions: {
      create(request: ChatCompletionRequestNonStreaming): Promise<ChatCompletionLike>;
    };
  };
  interruptGenerate(): void;
  reload?(modelId: string, chatOpts?: ChatOptions): Promise<void>;
  unload?(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// The provider

export interface WebllmProviderOptions {
  readonly engine: EngineLike;
  /** The model_id the engine has loaded; sent with every request and reported as the model. */
  readonly model: string;
  /** @default 'webllm' */
  readonly name?: string;
  /** @default gateFor(engine): providers over one engine share its queue */
  readonly gate?: EngineGate;
  readonly meter?: ConcurrencyMeter;
  /**
   * The most bytes of text and tool calls one reply may hold (default `MAX_REPLY_BYTES`,
   * common/reply-size.ts). WebLLM does not stream here, and stops at `max_tokens` itself, so the
   * reply is measured whole: past the limit the call fails naming it, and nothing of it is kept.
   */
  readonly maxReplyBytes?: number;
}

export function webllmProvider(options: WebllmProviderOptions): Provider {
  const { engine, model, meter } = options;
  const gate = options.gate ?? gateFor(engine);
  return {
    name: options.name ?? 'webllm',
    async complete(request: ChatRequest): Promise<ChatResponse> {
      const { signal } = request;
      const body = toWebllmRequest(request, model);
      if (signal?.aborted) throw abortError(signal);
      const ticket = meter?.begin();
      let release: () => void;
      try {
        release = await gate.acquire(signal);
      } catch (error) {
        ticket?.end();
        throw error;
      }
      const done = (): void => {
        release();
        ticket?.end();
      };
      if (signal?.aborted) {
        done();
        throw abortError(signal);
      }
      ticket?.served();
      let pending: Promise<ChatCompletionLike>;
      try {
        pending = engine.chat.completions.create(body);
      } catch (error) {
        done();
        throw error;
      }
      // The turn ends when the engine lets go, not when the caller stops waiting: after an
      // interrupt the engine still finishes its step, and the next request must not overlap it.
      pending.then(done, done);
      const response = await interruptible(pending, signal, () => engine.interruptGenerate());
      const message = response.choices[0]?.message;
      checkReplySize(
        [
          message?.content,
          ...(message?.tool_calls ?? []).flatMap((c) => [c.function.name, c.function.arguments]),
        ],
        options.maxReplyBytes ?? MAX_REPLY_BYTES,
      );
      return fromWebllmResponse(response, model);
    },
  };
}

function toWebllmRequest(request: ChatRequest, model: string): ChatCompletionRequestNonStreaming {
  const format = request.response_format;
  return {
    model,
    stream: false,
    messages: request.messages.map(toWebllmMessage),
    ...(request.tools && request.tools.length > 0
      ? {
          tools: request.tools.map((tool) => ({
            type: 'function' as const,
            function: {
              name: tool.function.name,
              description: tool.function.description,
              parameters: tool.function.parameters,
            },
          })),
        }
      : {}),
    // WebLLM knows no 'required'; it reads no tool_choice at all today.
    ...(request.tool_choice !== undefined
      ? { tool_choice: request.tool_choice === 'required' ? 'auto' : request.tool_choice }
      : {}),
    // WebLLM spells a JSON schema as a json_object with the schema as a string.
    ...(format?.type === 'json_schema'
      ? {
          response_format: {
            type: 'json_object' as const,
            schema: JSON.stringify(format.json_schema.schema),
          },
        }
      : format
        ? { response_format: { type: format.type } }
        : {}),
    ...(request.max_tokens !== undefined ? { max_tokens: request.max_tokens } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.seed !== undefined ? { seed: request.seed } : {}),
  };
}

function toWebllmMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      // Image parts reach only a vision model (WebLLM's VLM builds): the caller refused the rest
      // before the call (src/core/vision/can-see.ts).
      return {
        role: 'user',
        content:
          typeof message.content === 'string' ? message.content : message.content.map((p) => ({ ...p })),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.tool_call_id, content: message.content };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content,
        ...(message.tool_calls && message.tool_calls.length > 0
          ? {
              tool_calls: message.tool_calls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: { name: call.function.name, arguments: call.function.arguments },
              })),
            }
          : {}),
      };
  }
}

const finishReasons: readonly string[] = ['stop', 'length', 'tool_calls', 'content_filter', 'abort'];

function fromWebllmResponse(response: ChatCompletionLike, model: string): ChatResponse {
  const choice = response.choices[0];
  if (!choice) throw new Error(`WebLLM returned no choice for ${model}`);
  const calls: ToolCall[] | undefined = choice.message.tool_calls?.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.function.name, arguments: call.function.arguments },
  }));
  const usage = response.usage;
  return {
    id: response.id,
    model: response.model || model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: choice.message.content,
          ...(calls && calls.length > 0 ? { tool_calls: calls } : {}),
        },
        finish_reason: finishReasons.includes(choice.finish_reason)
          ? (choice.finish_reason as FinishReason)
          : 'stop',
      },
    ],
    // WebLLM always reports usage on a non-streaming reply; without one, NaN makes the agent
    // loop fall back to its own estimate.
    usage: {
      prompt_tokens: usage?.prompt_tokens ?? Number.NaN,
      completion_tokens: usage?.completion_tokens ?? Number.NaN,
      total_tokens: usage?.total_tokens ?? Number.NaN,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Several engines

/**
 * One provider over several engines holding the same model (one per subagent worker): each request
 * goes to the engine with the shortest queue, so `n` engines serve up to `n` requests at once and
 * the rest wait in FIFO order at the engine they were given. Ties rotate, and an engine whose last
 * request failed (a lost device, a dead worker: it fails at once, so it is always idle) is passed
 * over for `coolDownMs` unless every engine is, so one broken engine does not draw the traffic.
 */
export function enginePool(
  options: Omit<WebllmProviderOptions, 'engine' | 'gate'> & {
    engines: readonly EngineLike[];
    /** How long an engine whose request failed is passed over (default 10 s). */
    readonly coolDownMs?: number;
    readonly now?: () => number;
  },
): Provider {
  const { engines, coolDownMs = 10_000, now = () => performance.now(), ...rest } = options;
  if (engines.length === 0) throw new Error('enginePool needs at least one engine');
  const members = engines.map((engine) => ({
    gate: gateFor(engine),
    provider: webllmProvider({ ...rest, engine }),
    failedAt: Number.NEGATIVE_INFINITY,
  }));
  let next = 0;
  // A failure may be the request's own (a prompt too long), not the engine's: the engine is passed
  // over for a while, not for good, so one bad request cannot take an engine out of the pool.
  const score = (m: (typeof members)[number]): number =>
    (now() - m.failedAt < coolDownMs ? 1e6 : 0) + (m.gate.busy ? 1 : 0) + m.gate.waiting;
  return {
    name: members[0]?.provider.name ?? 'webllm',
    async complete(request) {
      let best = members[next % members.length] as (typeof members)[number];
      for (let k = 1; k < members.length; k++) {
        const m = members[(next + k) % members.length] as (typeof members)[number];
        if (score(m) < score(best)) best = m;
      }
      next = (members.indexOf(best) + 1) % members.length;
      try {
        const response = await best.provider.complete(request);
        best.failedAt = Number.NEGATIVE_INFINITY;
        return response;
      } catch (error) {
        if (!request.signal?.aborted) best.failedAt = now();
        throw error;
      }
    },
  };
}
