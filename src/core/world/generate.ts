import { createRng, type Rng } from '../util/rng';
import type { Entity, EntityKind, World, WorldDocument } from './types';

export interface WorldOptions {
  readonly seed: number;
  /** Entities of each kind. Defaults: 12 countries, 60 cities, 120 people, 120 companies. */
  readonly counts?: Partial<Record<EntityKind, number>>;
  /** Share of entities that get a stale page with wrong figures (default 0.3). */
  readonly staleShare?: number;
  /** Share of entities whose article is mirrored word for word under another title (default 0.3). */
  readonly mirrorShare?: number;
}

const syllables = [
  'ka',
  'lo',
  'mi',
  'ra',
  'ven',
  'dor',
  'sel',
  'tir',
  'nu',
  'bar',
  'zan',
  'quo',
  'el',
  'fen',
  'gar',
  'hol',
  'is',
  'jun',
  'kel',
  'mor',
  'nor',
  'os',
  'pel',
  'ri',
  'sa',
  'tum',
  'ul',
  'vor',
  'wes',
  'yan',
];
const continents = ['Arvenia', 'Borealis', 'Calder', 'Dusk Isles', 'Eastmarch'];
const currencies = ['crown', 'mark', 'sol', 'florin', 'dinar', 'real', 'lev'];
const occupations = [
  'engineer',
  'physician',
  'economist',
  'architect',
  'chemist',
  'historian',
  'pilot',
  'composer',
];
const industries = [
  'shipping',
  'software',
  'mining',
  'textiles',
  'pharmaceuticals',
  'aviation',
  'banking',
  'agriculture',
];

function word(rng: Rng, parts: number): string {
  let w = '';
  for (let i = 0; i < parts; i++) w += syllables[rng.int(0, syllables.length - 1)];
  return w.charAt(0).toUpperCase() + w.slice(1);
}

function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[rng.int(0, xs.length - 1)] as T;
}

/**
 * A seeded encyclopedia of countries, cities, people and companies, linked to each other (a city's
 * country, a company's founder and headquarters, a person's birthplace and employer), with pages of
 * four kinds: a reliable article per entity, word-for-word mirrors, stale pages with wrong figures,
 * and passing mentions — the distractors a search agent must see through. Same seed, same world.
 */
export function generateWorld(options: WorldOptions): World {
  const rng = createRng(options.seed);
  const counts = { country: 12, city: 60, person: 120, company: 120, ...options.counts };
  const used = new Set<string>();
  const uniqueName = (make: () => string) => {
    for (;;) {
      const name = make();
      if (!used.has(name)) {
        used.add(name);
        return name;
      }
    }
  };
  const ids = (kind: EntityKind) =>
    Array.from({ length: counts[kind] }, (_, i) => `${kind}-${String(i + 1).padStart(3, '0')}`);
  const countryIds = ids('country');
  const cityIds = ids('city');
  const personIds = ids('person');
  const companyIds = ids('company');
  const entities: Entity[] = [];

  for (const id of countryIds) {
    const name = uniqueName(() => word(rng, 2) + pick(rng, ['ia', 'land', 'stan', 'ora']));
    entities.push({
      id,
      kind: 'country',
      name,
      aliases: [`the Republic of ${name}`],
      attrs: {
        continent: pick(rng, continents),
        population: rng.int(1, 90) * 1_000_000,
        currency: pick(rng, currencies),
      },
      links: {},
    });
  }
  for (const id of cityIds) {
    const name = uniqueName(() => word(rng, rng.int(2, 3)));
    entities.push({
      id,
      kind: 'city',
      name,
      aliases: [`${name} City`],
      attrs: {
        population: rng.int(20, 3000) * 1000,
        founded: rng.int(900, 1900),
        elevation: rng.int(0, 2400),
      },
      links: { country: pick(rng, countryIds) },
    });
  }
  // Each country's capital is one of its cities (or any city, when it has none).
  for (const country of entities.filter((e) => e.kind === 'country')) {
    const own = entities.filter((e) => e.kind === 'city' && e.links.country === country.id);
    (country.links as Record<string, string>).capital = (
      own[0] ??
      pick(
        rng,
        entities.filter((e) => e.kind === 'city'),
      )
    ).id;
  }
  for (const id of personIds) {
    const name = uniqueName(() => `${word(rng, 2)} ${word(rng, 2)}`);
    const [first, last] = name.split(' ') as [string, string];
    entities.push({
      id,
      kind: 'person',
      name,
      aliases: [`${first.charAt(0)}. ${last}`],
      attrs: { born: rng.int(1900, 2000), occupation: pick(rng, occupations) },
      links: { birthplace: pick(rng, cityIds), employer: pick(rng, companyIds) },
    });
  }
  for (const id of companyIds) {
    const base = uniqueName(() => word(rng, 2));
    const name = `${base} ${pick(rng, ['Group', 'Works', 'Holdings', 'Systems', 'Lines'])}`;
    entities.push({
      id,
      kind: 'company',
      name,
      aliases: [base.toUpperCase().slice(0, 4)],
      attrs: {
        founded: rng.int(1850, 2020),
        industry: pick(rng, industries),
        employees: rng.int(10, 90_000),
        website: `https://www.${base.toLowerCase()}.example`,
      },
      links: { founder: pick(rng, personIds), headquarters: pick(rng, cityIds) },
    });
  }

  const byId = new Map(entities.map((e) => [e.id, e]));
  const nameOf = (id: string | undefined) => (id ? (byId.get(id)?.name ?? id) : '');
  const documents: WorldDocument[] = [];
  const staleShare = options.staleShare ?? 0.3;
  const mirrorShare = options.mirrorShare ?? 0.3;
  for (const e of entities) {
    const text = describe(e, nameOf);
    documents.push({ id: `doc-${e.id}`, title: e.name, text, about: e.id, kind: 'article' });
    if (rng.next() < mirrorShare) {
      documents.push({
        id: `doc-${e.id}-mirror`,
        title: `${e.aliases[0] ?? e.name} (mirror)`,
        text,
        about: e.id,
        kind: 'mirror',
      });
    }
    if (rng.next() < staleShare) {
      const stale = Object.fromEntries(
        Object.entries(e.attrs).map(([k, v]) => [
          k,
          typeof v === 'number' ? Math.round(v * (0.6 + 0.3 * rng.next())) : v,
        ]),
      );
      documents.push({
        id: `doc-${e.id}-archive`,
        title: `${e.name} (archived page)`,
        text: `Archived copy, not updated since long ago. ${describe({ ...e, attrs: stale }, nameOf)}`,
        about: e.id,
        kind: 'stale',
      });
    }
  }
  // Mentions: a person's page names their employer, so a search for a company also finds people.
  for (const e of entities) {
    if (e.kind !== 'person') continue;
    const employer = byId.get(e.links.employer as string);
    if (employer && rng.next() < 0.5) {
      documents.push({
        id: `doc-${e.id}-interview`,
        title: `Interview with ${e.name}`,
        text: `${e.name} talks about working at ${employer.name} and about growing up in ${nameOf(e.links.birthplace)}.`,
        about: e.id,
        kind: 'mention',
      });
    }
  }
  return { seed: options.seed, entities, documents };
}

/** The article's text: every attribute and link in a sentence of its own, so a reader can extract it. */
export function describe(e: Entity, nameOf: (id: string | undefined) => string): string {
  const a = e.attrs;
  const l = e.links;
  switch (e.kind) {
    case 'country':
      return `${e.name}, also called ${e.aliases[0]}, is a country in ${a.continent}. Its capital is ${nameOf(l.capital)}. It has a population of ${a.population}. The currency is the ${a.currency}.`;
    case 'city':
      return `${e.name} is a city in ${nameOf(l.country)}. It was founded in ${a.founded}. Its population is ${a.population}. It lies at an elevation of ${a.elevation} metres.`;
    case 'person':
      return `${e.name} (born ${a.born}) is a ${a.occupation} from ${nameOf(l.birthplace)}. ${e.name} works for ${nameOf(l.employer)}.`;
    case 'company':
      return `${e.name} (${e.aliases[0]}) is a ${a.industry} company founded in ${a.founded} by ${nameOf(l.founder)}. It is headquartered in ${nameOf(l.headquarters)} and has ${a.employees} employees. Website: ${a.website}.`;
  }
}
