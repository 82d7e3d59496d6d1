/**
 * The world's invented names (syllables such as "ka", "lo", "ven" joined: "Kalomi", "Norel
 * Zanbar", "Venka Holdings") written in another script, as Chinese and Russian texts write every
 * foreign name: 卡洛米 / Каломи. Each language gives its rendering of the syllables and of the
 * few suffixes; a name is cut back into its syllables (the cut always exists, since that is how
 * the name was made) and rendered piece by piece. A name that cannot be cut, or whose rendering
 * another entity already has, keeps its Latin spelling, so names stay unique.
 */

import type { Entity } from '../../world/types';

export interface NameScript {
  /** Every syllable of the world's names (src/core/world/generate.ts), in the script. */
  readonly syllables: Readonly<Record<string, string>>;
  /** A word from its syllables' renderings, in order (the script's spelling rules applied). */
  word(syllables: readonly string[]): string;
  /** Country-name endings (generate.ts: ia, land, stan, ora). */
  readonly countrySuffixes: Readonly<Record<string, string>>;
  /** A country's rendered base and ending as one name. */
  country(base: string, suffix: string): string;
  /** Company-name endings (Group, Works, Holdings, Systems, Lines). */
  readonly companySuffixes: Readonly<Record<string, string>>;
  /** A person's rendered first and last name as one name. */
  person(first: string, last: string): string;
  /** A company's rendered base and ending as one name. */
  company(base: string, suffix: string): string;
}

/** The syllables a Latin word is made of, or undefined when it is not made of them. */
export function syllablesOf(word: string, syllables: readonly string[]): string[] | undefined {
  const lower = word.toLowerCase();
  const cut = (from: number): string[] | undefined => {
    if (from === lower.length) return [];
    for (const s of syllables) {
      if (!lower.startsWith(s, from)) continue;
      const rest = cut(from + s.length);
      if (rest) return [s, ...rest];
    }
    return undefined;
  };
  return lower === '' ? undefined : cut(0);
}

/** The entities with their names in the script (ids, attributes and links unchanged). */
export function localizeNames(entities: readonly Entity[], script: NameScript): Entity[] {
  const keys = Object.keys(script.syllables);
  const word = (latin: string): string | undefined => {
    const parts = syllablesOf(latin, keys);
    return parts && script.word(parts.map((p) => script.syllables[p] as string));
  };
  const render = (e: Entity): string | undefined => {
    switch (e.kind) {
      case 'city':
        return word(e.name);
      case 'person': {
        const [first, last, ...more] = e.name.split(' ');
        const a = first && word(first);
        const b = last && word(last);
        return a && b && more.length === 0 ? script.person(a, b) : undefined;
      }
      case 'company': {
        const [base, suffix, ...more] = e.name.split(' ');
        const a = base && word(base);
        const b = suffix && script.companySuffixes[suffix];
        return a && b && more.length === 0 ? script.company(a, b) : undefined;
      }
      case 'country':
        for (const [latin, local] of Object.entries(script.countrySuffixes)) {
          if (!e.name.endsWith(latin)) continue;
          const a = word(e.name.slice(0, -latin.length));
          if (a) return script.country(a, local);
        }
        return undefined;
    }
  };
  const taken = new Set<string>();
  return entities.map((e) => {
    const local = render(e);
    const name = local === undefined || taken.has(local) ? e.name : local;
    taken.add(name);
    return { ...e, name };
  });
}
