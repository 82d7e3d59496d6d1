/**
 * What a writer has saved so far: the parts it put on its `draft` pad, read back from its own
 * calls in the conversation. A call counts unless its arguments do not parse or the tool
 * answered with an error (a result a context strategy hid is taken as saved: the call is still in
 * sight), and a later draft of a part replaces an earlier one. Parts a context strategy dropped
 * from the messages are gone, as they would be for a real model.
 */

import type { ChatMessage } from '../../providers/types';
import { DRAFT_TOOL } from '../../tools/draft';
import { parseArgs } from '../deep-search/reading';

export function readDrafts(messages: readonly ChatMessage[]): Map<string, string> {
  const refused = new Set<string>();
  for (const m of messages) {
    if (m.role === 'tool' && typeof m.content === 'string' && m.content.startsWith('Error')) {
      refused.add(m.tool_call_id);
    }
  }
  const drafts = new Map<string, string>();
  for (const m of messages) {
    if (m.role !== 'assistant' || !Array.isArray(m.tool_calls)) continue;
    for (const call of m.tool_calls) {
      if (call?.function?.name !== DRAFT_TOOL || refused.has(call.id)) continue;
      const args =
        typeof call.function.arguments === 'string' ? parseArgs(call.function.arguments) : undefined;
      if (typeof args?.part === 'string' && typeof args.text === 'string') drafts.set(args.part, args.text);
    }
  }
  return drafts;
}

/** The slips of one written part: each drawn once, at the turn's error rate. */
export function drawSlips<S extends string>(
  slips: readonly S[],
  errorRate: number,
  rng: { next(): number },
): Set<S> {
  const drawn = new Set<S>();
  for (const slip of slips) if (rng.next() < errorRate) drawn.add(slip);
  return drawn;
}
