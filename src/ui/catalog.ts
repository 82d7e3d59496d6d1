/**
 * The scenarios the app offers, from the repository's own files (bundled as JSON), validated by
 * the same parsers as the CLI. Graph scenarios are pure scheduling; the stress graph is generated.
 */

import deepChain from '../../scenarios/graphs/deep-chain.json';
import diamond from '../../scenarios/graphs/diamond.json';
import stg100 from '../../scenarios/graphs/stg-100.json';
import wideFanout from '../../scenarios/graphs/wide-fanout.json';
import mixJson from '../../scenarios/mix.json';
import profilesJson from '../../scenarios/profiles.json';
import { randomGraph } from '../core/graph/generate';
import type { GraphScenario } from '../core/graph/types';
import { type MixSpec, parseMix } from '../core/learning/mix';
import { parseProfiles } from '../core/scenarios/profiles';
import type { TaskScenarioSpec } from '../core/scenarios/registry';
import { defaultFormationOf, KIND_IDS, kindOf, needsOf } from '../core/scenarios/registry';
import { parseScenario } from '../core/scenarios/spec';
import type { ProfileSpec } from '../core/scenarios/spec-types';
import { PROVIDER_IDS } from '../providers/registry';

export type CatalogEntry =
  | {
      readonly type: 'task';
      readonly id: string;
      readonly title: string;
      readonly description: string;
      readonly spec: TaskScenarioSpec;
      /** The policy its card opens it with (the formation it is there to show), when not the page's. */
      readonly policy?: string;
    }
  | {
      readonly type: 'graph';
      readonly id: string;
      readonly title: string;
      readonly description: string;
      /** Graph scenarios with a size are generated; the others are fixed files. */
      readonly size?: { readonly min: number; readonly max: number; readonly default: number };
      graph(size: number, seed: number): GraphScenario;
    };

function task(json: unknown, file: string): TaskScenarioSpec {
  const parsed = parseScenario(JSON.stringify(json), file);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.spec;
}

const fixed = (json: unknown, description: string): CatalogEntry => {
  const g = json as GraphScenario;
  return { type: 'graph', id: g.id, title: g.title ?? g.id, description, graph: () => g };
};

const taskEntry = (spec: TaskScenarioSpec, policy?: string): CatalogEntry => ({
  type: 'task',
  id: spec.id,
  title: spec.title ?? spec.id,
  description: spec.description ?? '',
  spec,
  ...(policy ? { policy } : {}),
});

// Every scenario file, bundled: a kind's own file is scenarios/<kind>.json.
const scenarioFiles = import.meta.glob<unknown>('../../scenarios/*.json', { import: 'default', eager: true });

function fileOf(id: string): TaskScenarioSpec {
  // A kind's own file is the kind's (ScenarioKind.file), wherever it keeps it; the others are here.
  const json = kindOf(id)?.file ?? scenarioFiles[`../../scenarios/${id}.json`];
  if (json === undefined) throw new Error(`scenarios/${id}.json is missing`);
  return task(json, `scenarios/${id}.json`);
}

/**
 * One card per registered kind, in the registry's order, from its own file: a new kind is a card
 * with no line here. A kind whose requests run as peers opens on them (the formation it is there
 * to show: independent judges, a shared board, a vote); the others on the page's policy.
 */
const kindCards = KIND_IDS.map((id) =>
  taskEntry(fileOf(id), defaultFormationOf(id) === 'peers' ? 'peers' : undefined),
);

/**
 * Other files of the same kinds the gallery shows, a choice of the product's: the same workflows
 * asked in Chinese and in Russian (the request, the simulated answer and the grading rules are in
 * the card's language), and the question on the user's own knowledge base.
 */
const VARIANTS = ['write-story-zh', 'teach-explain-ru', 'ask-knowledge-base'] as const;

export const catalog: readonly CatalogEntry[] = [
  ...kindCards,
  ...VARIANTS.map((id) => taskEntry(fileOf(id))),
  fixed(
    wideFanout,
    'The shape of a wide search, without its work: one task fans out to many independent ones. Parallelism pays in full. (The search itself is “Companies at a glance”.)',
  ),
  fixed(
    deepChain,
    'The shape of a deep search, without its work: a chain where every task waits for the one before. Parallelism cannot help.',
  ),
  fixed(
    diamond,
    'Pure scheduling: fan out to two branches and join; the longer branch is the critical path.',
  ),
  fixed(stg100, 'Pure scheduling: a 100-task random graph of the Standard Task Graph kind.'),
  {
    type: 'graph',
    id: 'stress',
    title: 'Stress: a large random task graph',
    description:
      'Pure scheduling on a generated layered graph (Standard Task Graph kind), 1,500 tasks by default and up to 5,000: how the runtime and the drawing hold up.',
    size: { min: 10, max: 5000, default: 1500 },
    graph: (size, seed) => ({
      ...randomGraph({ tasks: size, seed, method: 'layrpred', meanPreds: 2 }),
      id: 'stress',
      title: `${size} random tasks`,
    }),
  },
];

/**
 * The scenario that asks the user's own knowledge base (its kind needs one): started from the
 * Knowledge view, not a card.
 */
export const ASK_KNOWLEDGE_BASE: string =
  catalog.find((e) => e.type === 'task' && needsOf(e.spec).knowledgeBase)?.id ?? 'ask-knowledge-base';

/** The gallery's cards. */
export const galleryEntries = (): readonly CatalogEntry[] =>
  catalog.filter((e) => e.id !== ASK_KNOWLEDGE_BASE);

export function findScenario(id: string): CatalogEntry | undefined {
  return catalog.find((entry) => entry.id === id);
}

/** The size a run uses: the link's when set and in range, else the scenario's default. */
export function sizeRange(entry: CatalogEntry): { min: number; max: number; default: number } | undefined {
  return entry.type === 'task' ? entry.spec.size : entry.size;
}

const profilesParsed = parseProfiles(JSON.stringify(profilesJson), 'scenarios/profiles.json', PROVIDER_IDS);
if (!profilesParsed.ok) throw new Error(profilesParsed.error);
export const profiles: Readonly<Record<string, ProfileSpec>> = profilesParsed.profiles;

const mixParsed = parseMix(JSON.stringify(mixJson), 'scenarios/mix.json');
if (!mixParsed.ok) throw new Error(mixParsed.error);
export const mix: MixSpec = mixParsed.spec;

/** The task scenarios the training mix names, by id. */
export const mixSpecs: Readonly<Record<string, TaskScenarioSpec>> = Object.fromEntries(
  catalog.flatMap((entry) => (entry.type === 'task' ? [[entry.id, entry.spec]] : [])),
);
