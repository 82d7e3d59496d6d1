/**
 * The simulated model on deep-search subtasks. Per hop: search the current entity, open its page,
 * read the link; the name read goes into a note (`NOTE q1 hop 2: Name`) written along with the next
 * call. The player keeps no memory: each turn it rebuilds where it is from the notes still in sight
 * and the latest tool output, so a context strategy that drops its notes makes it redo hops, as it
 * would make a real model lose its place.
 */

import type { Player, PlayerInput, PlayerMove } from '../../providers/player';
import {
  isPageAbout,
  isToolError,
  type LastCall,
  lastCalls,
  noteKey,
  noteLine,
  parseHits,
  parsePage,
  pickHit,
  readNotes,
  sameName,
  visibleNames,
} from './reading';
import { isRelation, linkedNames, RELATIONS, type Relation } from './relations';

/** One question's part of a subtask: a whole chain (deep-chain) or a single hop of it (deep-hop). */
interface Leg {
  readonly question: number;
  /** The hop number of the first relation, so that notes carry the question's own numbering. */
  readonly firstHop: number;
  /** null: the entity to start from is unknown, and so is the answer. */
  readonly start: string | null;
  readonly relations: readonly Relation[];
}

interface Job {
  readonly legs: readonly Leg[];
  /** `lines`: one `Q<n>: name` line per question; `name`: the bare name. */
  readonly style: 'name' | 'lines';
}

/** Where a leg stands: the relation to follow next (`at` = relations.length when done) and from what. */
interface Position {
  readonly at: number;
  readonly entity: string | null;
  /** Entities of the chain so far, start first. */
  readonly seen: readonly string[];
}

type Call = PlayerMove['calls'][number];

const UNKNOWN = 'unknown';

/** The player of both descriptor kinds: `deep-chain` (one agent, all questions) and `deep-hop`. */
export function playDeepSearch(input: PlayerInput): PlayerMove {
  const job = readJob(input.descriptor);
  if (!job) return { content: UNKNOWN, calls: [] };
  return decide(job, readNotes(input.messages), input, null);
}

function decide(
  job: Job,
  notes: Map<string, string>,
  input: PlayerInput,
  content: string | null,
): PlayerMove {
  const current = job.legs
    .map((leg) => ({ leg, pos: position(leg, notes) }))
    .find(({ leg, pos }) => pos.at < leg.relations.length);
  const canAct = input.callsPerTurn >= 1 && input.tools.includes('search') && input.tools.includes('open');
  if (!current || current.pos.entity === null || !canAct) {
    return { content: answerText(job, notes), calls: [] };
  }
  const { leg, pos } = current;
  const entity = pos.entity as string;
  const relation = leg.relations[pos.at]!;
  const hop = leg.firstHop + pos.at;
  const act = (call: Call): PlayerMove => ({ content, calls: [call] });
  const search = act({ name: 'search', args: { query: entity } });
  // The latest output answers this step only if no note moved the player on in this very turn.
  const last = content === null ? lastCalls(input.messages)[0] : undefined;
  if (last?.result === undefined) return search;
  if (isToolError(last.result)) return retry(last, act) ?? search;

  let found: string | undefined;
  if (last.name === 'search' && last.args?.query === entity) {
    const hit = pickHit(parseHits(last.result), entity);
    if (hit) return act({ name: 'open', args: { id: hit.id } });
    found = UNKNOWN; // nothing about it came back: a careful reader gives up rather than guess
  } else if (last.name === 'open') {
    const page = parsePage(last.result);
    if (!page || !isPageAbout(page, entity)) return search;
    // A page of the wrong kind (a misread earlier on) has no such sentence: a confused reader takes
    // the first name it links to, so a wrong chain runs its full length rather than stopping short.
    const read = readLink(page.body, relation) ?? linkedNames(page.body)[0]?.name;
    if (read === undefined) found = UNKNOWN;
    else found = input.rng.next() < input.errorRate ? misread(input, relation, read, pos.seen) : read;
  } else {
    return search;
  }
  notes.set(noteKey(leg.question, hop), found);
  return decide(job, notes, input, progress(job, notes, leg.question));
}

/**
 * Where a leg stands: after the furthest hop it has a note of. Notes only move forward, so one
 * note per question is enough to go on from, whatever older turns the context dropped.
 */
function position(leg: Leg, notes: ReadonlyMap<string, string>): Position {
  let at = 0;
  let entity = leg.start;
  const seen = entity === null ? [] : [entity];
  leg.relations.forEach((_, i) => {
    const note = notes.get(noteKey(leg.question, leg.firstHop + i));
    if (note === undefined) return;
    at = i + 1;
    entity = sameName(note, UNKNOWN) ? null : note;
    if (entity !== null) seen.push(entity);
  });
  return entity === null ? { at: leg.relations.length, entity, seen } : { at, entity, seen };
}

/**
 * The notes a turn writes: the one just learned first, then where every other question stands, so
 * the latest note turn alone tells the whole progress (a sliding window keeps it; a summary quotes
 * its first ~160 characters, which hold the new note).
 */
function progress(job: Job, notes: ReadonlyMap<string, string>, first: number): string {
  const lines = job.legs.flatMap((leg) => {
    const pos = position(leg, notes);
    let hop = leg.firstHop + leg.relations.length - 1;
    while (hop >= leg.firstHop && !notes.has(noteKey(leg.question, hop))) hop--;
    if (hop < leg.firstHop) return [];
    return [{ first: leg.question === first, line: noteLine(leg.question, hop, pos.entity ?? UNKNOWN) }];
  });
  return [...lines.filter((l) => l.first), ...lines.filter((l) => !l.first)].map((l) => l.line).join('\n');
}

function answerText(job: Job, notes: ReadonlyMap<string, string>): string {
  const finals = job.legs.map((leg) => {
    const pos = position(leg, notes);
    return pos.at === leg.relations.length && pos.entity !== null ? pos.entity : UNKNOWN;
  });
  if (job.style === 'name') return finals[0] ?? UNKNOWN;
  return job.legs.map((leg, i) => `Q${leg.question}: ${finals[i]}`).join('\n');
}

/**
 * A failed call is made again: an `open` of a page id that can still be read off its arguments
 * (even broken JSON), unless the page does not exist. Anything else restarts the hop with a search.
 */
function retry(last: LastCall, act: (call: Call) => PlayerMove): PlayerMove | undefined {
  if (last.name !== 'open' || /no page/i.test(last.result ?? '')) return undefined;
  const id = typeof last.args?.id === 'string' ? last.args.id : /doc-[A-Za-z0-9-]+/.exec(last.raw)?.[0];
  return id ? act({ name: 'open', args: { id } }) : undefined;
}

function readLink(body: string, relation: Relation): string | undefined {
  for (const pattern of RELATIONS[relation].patterns) {
    const m = pattern.exec(body);
    if (m?.[1]) return m[1].trim();
  }
  return undefined;
}

/**
 * A wrong but plausible name, never the right one: another entity in sight of the kind the link
 * leads to, else any other entity in sight, else the entity itself (a city page names nothing but
 * the city and its country). Entities the chain has visited are avoided while there is a choice.
 */
function misread(input: PlayerInput, relation: Relation, right: string, seen: readonly string[]): string {
  const pool: { name: string; kind: string }[] = [];
  for (const n of visibleNames(input.messages)) {
    if ([right, ...seen].some((x) => sameName(x, n.name)) || pool.some((p) => sameName(p.name, n.name)))
      continue;
    pool.push(n);
  }
  const sameKind = pool.filter((n) => n.kind === RELATIONS[relation].to);
  const from = sameKind.length > 0 ? sameKind : pool;
  if (from.length > 0) return from[input.rng.int(0, from.length - 1)]!.name;
  const here = seen[seen.length - 1];
  return here !== undefined && !sameName(here, right) ? here : UNKNOWN;
}

/** The descriptor as a job, or undefined when it is not one of ours. */
function readJob(descriptor: unknown): Job | undefined {
  if (typeof descriptor !== 'object' || descriptor === null) return undefined;
  const d = descriptor as Record<string, unknown>;
  const name = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
  const whole = (v: unknown, fallback: number): number =>
    typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : fallback;
  if (d.kind === 'deep-hop') {
    if (!isRelation(d.relation)) return undefined;
    const leg = { question: whole(d.question, 1), firstHop: whole(d.hop, 1), start: name(d.entity) };
    return { legs: [{ ...leg, relations: [d.relation] }], style: 'name' };
  }
  if (d.kind !== 'deep-chain' || !Array.isArray(d.questions)) return undefined;
  const legs: Leg[] = [];
  d.questions.forEach((q: unknown, i) => {
    if (typeof q !== 'object' || q === null) return;
    const r = q as Record<string, unknown>;
    const relations = Array.isArray(r.relations) ? r.relations.filter(isRelation) : [];
    legs.push({ question: whole(r.index, i + 1), firstHop: 1, start: name(r.start), relations });
  });
  if (legs.length === 0) return undefined;
  return { legs, style: legs.length === 1 ? 'name' : 'lines' };
}

/** This kind's players by descriptor kind: what its `players()` loads (players.ts). */
export const players: Readonly<Record<string, Player>> = {
  'deep-chain': playDeepSearch,
  'deep-hop': playDeepSearch,
};
