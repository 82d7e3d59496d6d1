/**
 * A bound on the size of every model reply (docs/security.md, "model replies are bounded"). A
 * model endpoint is untrusted: before this bound, one 64 MB reply took the CLI to 665 MB and wrote
 * a 67 MB trace. The bytes of a reply's body are counted as they arrive, streamed or not, and the
 * request is aborted the moment they pass the limit, so no more than the limit is ever held, and
 * the call fails in words naming the limit. What a reply puts in a trace (its text and tool calls)
 * is never more than the bytes that carried it, so a trace grows by no more than the limit a reply.
 */

import { boundedText, utf8Length } from './bounded-body';
import { ProviderError } from './openai-errors';

/**
 * 4 MiB. The bytes counted are the body the server sends, framing included. The largest profile
 * asks for 4,096 output tokens (scenarios/profiles.json); a token is a few bytes of text, but a
 * stream sends one server-sent event per token, 150–400 bytes each with its id, model name and
 * (llama.cpp) timings, so an honest streamed reply of 4,096 tokens is up to about 1.6 MB. 4 MiB
 * leaves that room twice over and stays a sixteenth of the reply that showed the problem.
 */
export const MAX_REPLY_BYTES = 4 * 1024 * 1024;

/** `limit` in words: "4 MiB", "1.5 MiB", "64 KiB", "300 bytes". */
export function spokenBytes(limit: number): string {
  const unit = (size: number, name: string) =>
    `${Number.isInteger(limit / size) ? limit / size : (limit / size).toFixed(1)} ${name}`;
  if (limit >= 1024 * 1024) return unit(1024 * 1024, 'MiB');
  if (limit >= 1024) return unit(1024, 'KiB');
  return `${limit} bytes`;
}

export function replyTooLarge(limit: number): ProviderError {
  return new ProviderError(
    'bad-response',
    `The model's reply passed ${spokenBytes(limit)}, the limit per reply, and was cut off: a sound reply of its max_tokens is far smaller.`,
  );
}

/** The check the size of a reply that is not counted as it arrives (WebLLM's) passes through. */
export function checkReplySize(parts: readonly (string | null | undefined)[], limit: number): void {
  let bytes = 0;
  for (const part of parts) {
    bytes += utf8Length(part ?? '');
    if (bytes > limit) throw replyTooLarge(limit);
  }
}

/** The whole text of a reply body, refused past `limit` bytes; `touch` hears every chunk. */
export async function boundedBody(res: Response, limit: number, touch?: () => void): Promise<string> {
  if (!res.body) return '';
  let text = '';
  for await (const chunk of boundedText(res.body, limit, () => replyTooLarge(limit))) {
    touch?.();
    text += chunk;
  }
  return text;
}
