/**
 * Asking a model for JSON held to a schema, as the router's models are asked (the meta-router's
 * plan, the arbiter's label): the reply is untrusted, so a reply `read` refuses is answered with
 * why — the model can correct itself — up to `attempts` replies, and every refusal is counted.
 */
import type { ChatMessage, Provider } from '../providers/types';

export type Reading<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message: string };

export interface JsonAnswer<T> {
  /** The first reply that read, or undefined when none did. */
  readonly value: T | undefined;
  /** Replies refused, with why. */
  readonly refused: readonly string[];
  readonly messages: readonly ChatMessage[];
}

export async function askForJson<T>(
  provider: Provider,
  opening: readonly ChatMessage[],
  read: (text: string) => Reading<T>,
  options: {
    readonly model: string;
    readonly profile: string;
    readonly attempts?: number;
    readonly seed?: number;
    /** Who is asking, for the simulated provider's players. */
    readonly subtask: { readonly id: string; readonly descriptor: unknown };
    /** What the model is told about a refused reply. */
    readonly correction: (message: string) => string;
  },
): Promise<JsonAnswer<T>> {
  const messages: ChatMessage[] = [...opening];
  const refused: string[] = [];
  for (let turn = 1; turn <= (options.attempts ?? 3); turn++) {
    const response = await provider.complete({
      model: options.model,
      messages: [...messages],
      response_format: { type: 'json_object' },
      seed: options.seed ?? 0,
      metadata: { profile: options.profile, turn, subtask: options.subtask },
    });
    const text = response.choices[0]?.message.content ?? '';
    messages.push({ role: 'assistant', content: text });
    const reading = read(text);
    if (reading.ok) return { value: reading.value, refused, messages };
    refused.push(reading.message);
    messages.push({ role: 'user', content: options.correction(reading.message) });
  }
  return { value: undefined, refused, messages };
}
