/**
 * How the simulated model fills rows of a wide table (descriptor kind `wide-rows`). Per row it
 * searches the entity's name, opens a page about it from the hits, reads each column's value out
 * of the page text and writes a note to itself: `ROW[name]{col=value|…}`. It keeps no memory but
 * its notes in the messages it is sent, so a strategy that drops them makes it redo rows. When
 * every row is noted it answers with the Markdown table.
 *
 * Errors (each drawn from the turn's seeded rng against `errorRate`): it may open an archived page
 * (whose figures are stale) instead of the article, and each cell it copies may be misread.
 */

import type { Player, PlayerInput, PlayerMove } from '../../providers/player';
import type { ChatMessage } from '../../providers/types';
import type { EntityKind } from '../../world/types';

export interface WideRowsDescriptor {
  readonly kind: 'wide-rows';
  readonly entityKind: EntityKind;
  readonly key: string;
  readonly columns: readonly { readonly name: string; readonly attr: string }[];
  /** The entities (by name) whose rows this subtask fills, in table order. */
  readonly names: readonly string[];
}

type Call = PlayerMove['calls'][number];

/** Where each attribute stands in an article (the sentences of src/core/world/generate.ts `describe`). */
const patterns: Record<EntityKind, Record<string, RegExp>> = {
  country: {
    continent: /is a country in ([^.]+)\./,
    capital: /Its capital is ([^.]+)\./,
    population: /population of (\d+)/,
    currency: /The currency is the ([^.]+)\./,
  },
  city: {
    country: /is a city in ([^.]+)\./,
    founded: /founded in (\d+)/,
    population: /Its population is (\d+)/,
    elevation: /elevation of (\d+)/,
  },
  person: {
    born: /\(born (\d+)\)/,
    occupation: /is an? ([a-z]+) from/,
    birthplace: /from ([^.]+)\./,
    employer: /works for ([^.]+)\./,
  },
  company: {
    industry: /is an? ([a-z]+) company/,
    founded: /founded in (\d+)/,
    founder: /founded in \d+ by ([^.]+)\./,
    headquarters: /headquartered in (.+?) and has/,
    employees: /has (\d+) employees/,
    website: /Website: (\S+?)\.?$/m,
  },
};

const NOTE = /ROW\[([^\]]+)\]\{([^}]*)\}/g;

/** Rows already noted in anything the model can still see (its replies, a summary). */
function notedRows(messages: readonly ChatMessage[]): Map<string, Map<string, string>> {
  const rows = new Map<string, Map<string, string>>();
  for (const m of messages) {
    if (m.role === 'tool' || typeof m.content !== 'string') continue;
    // A summary quotes replies as JSON strings: undo the escaping of quotes and backslashes.
    const text = m.content.replaceAll('\\"', '"');
    for (const match of text.matchAll(NOTE)) {
      const cells = new Map<string, string>();
      for (const pair of (match[2] as string).split('|')) {
        const eq = pair.indexOf('=');
        if (eq > 0) cells.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      rows.set(match[1] as string, cells);
    }
  }
  return rows;
}

/** The calls of the model's latest turn and what each returned (when still visible). */
function lastResults(messages: readonly ChatMessage[]): { call: Call; result: string }[] {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as ChatMessage;
    if (m.role !== 'assistant') continue;
    return (m.tool_calls ?? []).flatMap((tc) => {
      const answer = messages.slice(i + 1).find((r) => r.role === 'tool' && r.tool_call_id === tc.id);
      let args: Record<string, unknown>;
      try {
        args = JSON.parse(tc.function.arguments) as Record<string, unknown>;
      } catch {
        return [];
      }
      return answer && answer.role === 'tool'
        ? [{ call: { name: tc.function.name, args }, result: answer.content }]
        : [];
    });
  }
  return [];
}

const HIT = /^\[([^\]]+)\] (.*?) — /;

/** The page to open among the hits for `name`: the article, or by mistake an archived copy. */
function choosePage(result: string, name: string, input: PlayerInput): string | undefined {
  const hits = result.split('\n').flatMap((line) => {
    const m = HIT.exec(line);
    return m ? [{ id: m[1] as string, title: m[2] as string }] : [];
  });
  const article = hits.find((h) => h.title === name);
  const archived = hits.find((h) => h.title === `${name} (archived page)`);
  if (archived && input.rng.next() < input.errorRate) return archived.id;
  return (article ?? hits.find((h) => h.title.includes(name)) ?? hits[0])?.id;
}

/** A value copied wrong: a number off by 5–40 %, a web address on the wrong host, a name garbled. */
function misread(value: string, input: PlayerInput): string {
  if (/^\d+$/.test(value)) {
    const n = Number(value);
    const factor = 1 + (input.rng.next() < 0.5 ? -1 : 1) * (0.05 + 0.35 * input.rng.next());
    const wrong = Math.round(n * factor);
    return String(wrong === n ? n + 1 : wrong);
  }
  if (value.startsWith('http')) return value.replace('://www.', '://').replace('.example', '.example.com');
  const words = value.split(' ');
  const i = input.rng.int(0, words.length - 1);
  words[i] = (words[i] as string).slice(0, -2) || 'unknown';
  return words.join(' ');
}

/** Reads the row of `name` from an opened page, or undefined when the page is not about it. */
function readRow(
  page: string,
  name: string,
  d: WideRowsDescriptor,
  input: PlayerInput,
): Map<string, string> | undefined {
  const text = page.slice(page.indexOf('\n') + 1);
  if (!text.includes(name)) return undefined;
  const cells = new Map<string, string>();
  for (const column of d.columns) {
    const pattern = patterns[d.entityKind][column.attr];
    const found = pattern?.exec(text)?.[1]?.trim() ?? '';
    // The cell is drawn even when empty, so one misread does not shift every later draw.
    const wrong = input.rng.next() < input.errorRate;
    cells.set(column.name, wrong && found !== '' ? misread(found, input) : found);
  }
  return cells;
}

const note = (name: string, cells: Map<string, string>): string =>
  `ROW[${name}]{${[...cells].map(([k, v]) => `${k}=${v.replace(/[|}]/g, ' ')}`).join('|')}}`;

export function playWideRows(input: PlayerInput): PlayerMove {
  const d = input.descriptor as WideRowsDescriptor;
  const noted = notedRows(input.messages);
  const notes: string[] = [];
  const pages = new Map<string, string>();
  for (const { call, result } of lastResults(input.messages)) {
    if (result.startsWith('Error')) continue;
    const name = String(call.args.query ?? '');
    if (call.name === 'search' && d.names.includes(name) && !noted.has(name)) {
      const page = choosePage(result, name, input);
      if (page) pages.set(name, page);
    }
    if (call.name === 'open') {
      const about = d.names.find((n) => !noted.has(n) && result.split('\n', 2)[1]?.includes(n));
      const row = about === undefined ? undefined : readRow(result, about, d, input);
      if (about !== undefined && row) {
        noted.set(about, row);
        notes.push(note(about, row));
      }
    }
  }
  const pending = d.names.filter((n) => !noted.has(n));
  if (pending.length === 0) {
    const header = [d.key, ...d.columns.map((c) => c.name)];
    const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
    for (const name of d.names) {
      const cells = noted.get(name) as Map<string, string>;
      lines.push(`| ${[name, ...d.columns.map((c) => cells.get(c.name) ?? '')].join(' | ')} |`);
    }
    return { content: [...notes, '', lines.join('\n')].join('\n').trim(), calls: [] };
  }
  const calls: Call[] = pending.slice(0, Math.max(1, input.callsPerTurn)).map((name) => {
    const page = pages.get(name);
    return page ? { name: 'open', args: { id: page } } : { name: 'search', args: { query: name } };
  });
  return { content: notes.length > 0 ? notes.join('\n') : null, calls };
}

/** This kind's players by descriptor kind: what its `players()` loads (players.ts). */
export const players: Readonly<Record<string, Player>> = { 'wide-rows': playWideRows };
