/**
 * The links a deep-search question hops along, once for the generator, the prompts and the player:
 * which kind each link leaves from and lands on, how a question says it, and how a page says it.
 * The page patterns mirror the sentence templates of `describe()` in src/core/world/generate.ts and
 * the interview pages of the same file; a change to either must be made here too.
 */

import type { EntityKind } from '../../world/types';

export type Relation = 'founder' | 'headquarters' | 'birthplace' | 'employer' | 'country' | 'capital';

export interface RelationInfo {
  readonly from: EntityKind;
  readonly to: EntityKind;
  /** The hop as a question says it, about `ref` ("that company", "the company Kalo Group"). */
  readonly ask: (ref: string) => string;
  /** Sentences that name the linked entity, on an article (and on an interview page where one does). */
  readonly patterns: readonly RegExp[];
}

// Names in the world are letters and spaces, never a period: `[^.\n]+?` up to the sentence's end.
export const RELATIONS: Readonly<Record<Relation, RelationInfo>> = {
  founder: {
    from: 'company',
    to: 'person',
    ask: (ref) => `who founded ${ref}`,
    patterns: [/ founded in \d+ by ([^.\n]+?)\./],
  },
  headquarters: {
    from: 'company',
    to: 'city',
    ask: (ref) => `in which city ${ref} is headquartered`,
    patterns: [/ headquartered in ([^.\n]+?) and has /],
  },
  birthplace: {
    from: 'person',
    to: 'city',
    ask: (ref) => `where ${ref} was born`,
    patterns: [/\) is an? [a-z]+ from ([^.\n]+?)\./, / growing up in ([^.\n]+?)\./],
  },
  employer: {
    from: 'person',
    to: 'company',
    ask: (ref) => `which company ${ref} works for`,
    patterns: [/ works for ([^.\n]+?)\./, / working at ([^.\n]+?) and about /],
  },
  country: {
    from: 'city',
    to: 'country',
    ask: (ref) => `which country ${ref} is in`,
    patterns: [/ is a city in ([^.\n]+?)\./],
  },
  capital: {
    from: 'country',
    to: 'city',
    ask: (ref) => `the capital of ${ref}`,
    patterns: [/ Its capital is ([^.\n]+?)\./],
  },
};

export const RELATION_NAMES = Object.keys(RELATIONS) as Relation[];

export const isRelation = (value: unknown): value is Relation =>
  typeof value === 'string' && Object.hasOwn(RELATIONS, value);

/** The links that leave an entity of this kind, in a fixed order. */
export const relationsFrom = (kind: EntityKind): Relation[] =>
  RELATION_NAMES.filter((r) => RELATIONS[r].from === kind);

/**
 * How a page's text (or a search snippet) opens, by the kind of entity it is about: an article
 * starts with its subject's name, an archived copy after a fixed preamble, an interview with the
 * person's name.
 */
const SUBJECTS: readonly { readonly kind: EntityKind; readonly pattern: RegExp }[] = [
  { kind: 'country', pattern: /^([^.\n]+?), also called / },
  { kind: 'city', pattern: /^([^.\n]+?) is a city in / },
  { kind: 'person', pattern: /^([^.\n]+?) \(born \d+\)/ },
  { kind: 'company', pattern: /^([^.\n]+?) \([^)\n]*\) is an? [a-z]+ company / },
  { kind: 'person', pattern: /^([^.\n]+?) talks about / },
];

const ARCHIVE_PREAMBLE = /^Archived copy[^.]*\.\s*/;

/** The entity a page or snippet is about, and its kind, or undefined when the text is none of ours. */
export function subjectOf(text: string): { name: string; kind: EntityKind } | undefined {
  const body = text.trimStart().replace(ARCHIVE_PREAMBLE, '');
  for (const { kind, pattern } of SUBJECTS) {
    const m = pattern.exec(body);
    if (m?.[1]) return { name: m[1].trim(), kind };
  }
  return undefined;
}

/** Every entity name a text mentions through a link sentence, with the kind the sentence implies. */
export function linkedNames(text: string): { name: string; kind: EntityKind }[] {
  const found: { name: string; kind: EntityKind }[] = [];
  for (const relation of RELATION_NAMES) {
    for (const pattern of RELATIONS[relation].patterns) {
      const global = new RegExp(pattern.source, 'g');
      for (const m of text.matchAll(global)) {
        if (m[1]) found.push({ name: m[1].trim(), kind: RELATIONS[relation].to });
      }
    }
  }
  return found;
}
