/**
 * What the simulated deep-search player reads off the messages it was sent: its own notes, the
 * last turn's tool calls and their results, search hits, opened pages, and the entity names in
 * sight. It parses the same text a real model would read (the forms of src/core/tools/registry.ts).
 */

import type { ChatMessage } from '../../providers/types';
import type { EntityKind } from '../../world/types';
import { normStr } from '../wide-search/normalize';
import { linkedNames, subjectOf } from './relations';

export interface Hit {
  readonly id: string;
  readonly title: string;
  readonly snippet: string;
}

export interface Page {
  readonly id: string;
  readonly title: string;
  /** The page text, after the `[doc-id] Title` line. */
  readonly body: string;
}

/** One call of the latest assistant turn, with the tool's answer when it is in sight. */
export interface LastCall {
  readonly name: string;
  /** The arguments as the model wrote them (maybe not JSON). */
  readonly raw: string;
  /** The parsed arguments, when they were a JSON object. */
  readonly args: Readonly<Record<string, unknown>> | undefined;
  readonly result: string | undefined;
}

export const noteLine = (question: number, hop: number, name: string): string =>
  `NOTE q${question} hop ${hop}: ${name}`;
export const noteKey = (question: number, hop: number): string => `${question}:${hop}`;

// A note ends at a line break, at another note, or where a summary's quote of it closes or was cut
// ("…"): a cut name is not a name, so such a note is skipped.
const NOTE = /NOTE q(\d+) hop (\d+): ([^"\n…]+?)(?=(\s*NOTE q\d|["\n…]|$))/g;

/**
 * The notes the player wrote itself, by `noteKey`, wherever they are still in sight: in its own
 * replies, or quoted in a summary the context strategy put in a user message. A later note of the
 * same hop wins.
 */
export function readNotes(messages: readonly ChatMessage[]): Map<string, string> {
  const notes = new Map<string, string>();
  for (const m of messages) {
    if ((m.role !== 'assistant' && m.role !== 'user') || typeof m.content !== 'string') continue;
    for (const [, q, hop, name, end] of m.content.matchAll(NOTE)) {
      const text = name?.trim();
      if (text && end !== '…') notes.set(noteKey(Number(q), Number(hop)), text);
    }
  }
  return notes;
}

/** The calls of the latest assistant message and their answers; empty when it made none. */
export function lastCalls(messages: readonly ChatMessage[]): LastCall[] {
  let at = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role === 'assistant') {
      at = i;
      break;
    }
  }
  const reply = messages[at];
  if (reply?.role !== 'assistant' || !Array.isArray(reply.tool_calls)) return [];
  const results = new Map<string, string>();
  for (const m of messages.slice(at + 1)) {
    if (m.role === 'tool' && typeof m.content === 'string') results.set(m.tool_call_id, m.content);
  }
  return reply.tool_calls.map((call) => {
    const raw = typeof call?.function?.arguments === 'string' ? call.function.arguments : '';
    return {
      name: typeof call?.function?.name === 'string' ? call.function.name : '',
      raw,
      args: parseArgs(raw),
      result: results.get(call?.id),
    };
  });
}

/** A tool call's arguments as an object, or undefined when they are not a JSON object. */
export function parseArgs(raw: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const HIT = /^\[(doc-[^\]\s]+)\] (.*?) — (.*)$/;
const PAGE_HEAD = /^\[(doc-[^\]\s]+)\] (.*)$/;

export function parseHits(text: string): Hit[] {
  return text.split('\n').flatMap((line) => {
    const m = HIT.exec(line.trim());
    return m ? [{ id: m[1]!, title: m[2]!, snippet: m[3]! }] : [];
  });
}

export function parsePage(text: string): Page | undefined {
  const newline = text.indexOf('\n');
  if (newline < 0) return undefined;
  const m = PAGE_HEAD.exec(text.slice(0, newline).trim());
  return m ? { id: m[1]!, title: m[2]!, body: text.slice(newline + 1) } : undefined;
}

export const isToolError = (text: string): boolean => /^\s*Error\b/.test(text);

export const sameName = (a: string, b: string): boolean => normStr(a) === normStr(b);

/** Whether a page is about the entity: its text opens with that entity, or its title is its name. */
export function isPageAbout(page: Page, entity: string): boolean {
  const subject = subjectOf(page.body);
  return subject ? sameName(subject.name, entity) : sameName(page.title, entity);
}

/**
 * The hit to open for an entity: its own article (titled with its name), else any page whose
 * snippet opens with it (an archived copy, a mirror, an interview), else none.
 */
export function pickHit(hits: readonly Hit[], entity: string): Hit | undefined {
  return (
    hits.find((h) => sameName(h.title, entity)) ??
    hits.find((h) => {
      const subject = subjectOf(h.snippet);
      return subject !== undefined && sameName(subject.name, entity);
    })
  );
}

/**
 * Every entity name the visible tool outputs show, with the kind their sentence implies, in order
 * of appearance: subjects of hits and pages and the names their link sentences give.
 */
export function visibleNames(messages: readonly ChatMessage[]): { name: string; kind: EntityKind }[] {
  const names: { name: string; kind: EntityKind }[] = [];
  for (const m of messages) {
    if (m.role !== 'tool' || typeof m.content !== 'string') continue;
    const page = parsePage(m.content);
    const texts =
      page && parseHits(m.content).length === 0 ? [page.body] : parseHits(m.content).map((h) => h.snippet);
    for (const text of texts) {
      const subject = subjectOf(text);
      if (subject) names.push(subject);
      names.push(...linkedNames(text));
    }
  }
  return names;
}
