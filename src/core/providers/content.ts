/**
 * A user message's content read either way: text alone, or parts (text and images, the
 * chat-completions shape, types.ts). Code that reads what a message says (a context summary, a
 * protocol's facts, a token estimate) reads its text; only a model that can see reads its images.
 */

import type { ChatMessage, ContentPart } from './types';

type Content = string | readonly ContentPart[];

/** The message's text: the string itself, or its text parts joined by newlines (images left out). */
export function textOf(content: Content): string {
  if (typeof content === 'string') return content;
  return content
    .filter((p): p is Extract<ContentPart, { type: 'text' }> => p.type === 'text')
    .map((p) => p.text)
    .join('\n');
}

/** The image URLs a content carries, in order (none for a string). */
export function imageUrlsOf(content: Content): string[] {
  if (typeof content === 'string') return [];
  return content.flatMap((p) => (p.type === 'image_url' ? [p.image_url.url] : []));
}

/** The image URLs a whole conversation carries: what a model that cannot see must not be sent. */
export function imagesInMessages(messages: readonly ChatMessage[]): string[] {
  return messages.flatMap((m) => (m.role === 'user' ? imageUrlsOf(m.content) : []));
}
