/**
 * The Provider port: the chat-completions shape shared by WebLLM's engine and OpenAI-compatible
 * servers, so real adapters stay thin. Only what SwarmFlight uses is typed.
 */

export interface ToolCall {
  readonly id: string;
  readonly type: 'function';
  /** `arguments` is a JSON string, as the wire format has it; it may be malformed. */
  readonly function: { readonly name: string; readonly arguments: string };
}

/**
 * A part of a user message, in the chat-completions shape: text, or an image as a URL. SwarmFlight
 * sends images only as `data:` URLs (image/png or image/jpeg, base64), checked by
 * src/core/vision/image-limits.ts before any call: a model never fetches a URL on our behalf.
 */
export type ContentPart =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'image_url';
      readonly image_url: { readonly url: string; readonly detail?: 'auto' | 'low' | 'high' };
    };

export type ChatMessage =
  | { readonly role: 'system'; readonly content: string }
  /** Text, or parts (text and images) for a model that can see (src/core/vision/). */
  | { readonly role: 'user'; readonly content: string | readonly ContentPart[] }
  | { readonly role: 'assistant'; readonly content: string | null; readonly tool_calls?: readonly ToolCall[] }
  | { readonly role: 'tool'; readonly tool_call_id: string; readonly content: string };

export interface ToolDefinition {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description: string;
    /** JSON Schema of the arguments object. */
    readonly parameters: Readonly<Record<string, unknown>>;
  };
}

export type ToolChoice =
  | 'auto'
  | 'none'
  | 'required'
  | { readonly type: 'function'; readonly function: { readonly name: string } };

export interface ChatRequest {
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly ToolDefinition[];
  readonly tool_choice?: ToolChoice;
  readonly response_format?:
    | { readonly type: 'text' }
    | { readonly type: 'json_object' }
    | {
        readonly type: 'json_schema';
        readonly json_schema: { readonly name: string; readonly schema: unknown };
      };
  readonly max_tokens?: number;
  readonly temperature?: number;
  readonly seed?: number;
  /**
   * Not sent to real servers: what the simulated provider reads to play its part (the subtask
   * descriptor, the profile, the turn number). Adapters drop it.
   */
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly signal?: AbortSignal;
}

export interface ChatUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'abort';

export interface ChatResponse {
  readonly id: string;
  readonly model: string;
  readonly choices: readonly [
    {
      readonly index: 0;
      readonly message: {
        readonly role: 'assistant';
        readonly content: string | null;
        readonly tool_calls?: readonly ToolCall[];
      };
      readonly finish_reason: FinishReason;
    },
  ];
  readonly usage: ChatUsage;
  /**
   * Not sent by servers: the time this reply takes in the simulated model's own clock (its latency
   * model at the run's pace, 0 at full speed; a chaos fault adds to it, a hung reply is Infinity).
   * The self-healing loop judges a simulated turn by it, never by the host's clock
   * (docs/healing.md, "Timing").
   */
  readonly modelMs?: number;
}

export interface Provider {
  /** Shown in traces ("simulated", "webllm", "openai"). Never carries a secret. */
  readonly name: string;
  complete(request: ChatRequest): Promise<ChatResponse>;
}
