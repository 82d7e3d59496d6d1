/**
 * The scenarios the app offers, from the repository's own files (bundled as JSON), validated by
 * the same parsers as the CLI. Graph scenarios are pure scheduling; the stress graph is generated.
 */

import askKnowledgeBase from '../../scenarios/ask-knowledge-base.json';
import compareOptions from '../../scenarios/compare-options.json';
import deepSearch from '../../scenarios/deep-search.json';
import deepChain from '../../scenarios/graphs/deep-chain.json';
import diamond from '../../scenarios/graphs/diamond.json';
import stg100 from '../../scenarios/graphs/stg-100.json';
import wideFanout from '../../scenarios/graphs/wide-fanout.json';
import mixJson from '../../scenarios/mix.json';
import mixedCoding from '../../scenarios/mixed-coding.json';
import profilesJson from '../../scenarios/profiles.json';
import ragQa from '../../scenarios/rag-qa.json';
import teachExplain from '../../scenarios/teach-explain.json';
import teachExplainRu from '../../scenarios/teach-explain-ru.json';
import wideSearch from '../../scenarios/wide-search.json';
import writeStory from '../../scenarios/write-story.json';
import writeStoryZh from '../../scenarios/write-story-zh.json';
import { randomGraph } from '../core/graph/generate';
import type { GraphScenario } from '../core/graph/types';
import { type MixSpec, parseMix } from '../core/learning/mix';
import { parseProfiles } from '../core/scenarios/profiles';
import { parseScenario } from '../core/scenarios/spec';
import type { ProfileSpec, TaskScenarioSpec } from '../core/scenarios/spec-types';

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

export const catalog: readonly CatalogEntry[] = [
  taskEntry(task(wideSearch, 'scenarios/wide-search.json')),
  taskEntry(task(deepSearch, 'scenarios/deep-search.json')),
  taskEntry(task(mixedCoding, 'scenarios/mixed-coding.json')),
  taskEntry(task(writeStory, 'scenarios/write-story.json')),
  taskEntry(task(teachExplain, 'scenarios/teach-explain.json')),
  taskEntry(task(ragQa, 'scenarios/rag-qa.json')),
  // The same workflows asked in Chinese and in Russian: the request, the simulated answer and the
  // grading rules are in the card's language.
  taskEntry(task(writeStoryZh, 'scenarios/write-story-zh.json')),
  taskEntry(task(teachExplainRu, 'scenarios/teach-explain-ru.json')),
  taskEntry(task(askKnowledgeBase, 'scenarios/ask-knowledge-base.json')),
  // Its card opens the decentralized team: three peers, a shared board, a vote.
  taskEntry(task(compareOptions, 'scenarios/compare-options.json'), 'peers'),
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

/** The scenario that asks the user's own knowledge base: started from the Knowledge view, not a card. */
export const ASK_KNOWLEDGE_BASE = 'ask-knowledge-base';

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

const profilesParsed = parseProfiles(JSON.stringify(profilesJson), 'scenarios/profiles.json');
if (!profilesParsed.ok) throw new Error(profilesParsed.error);
export const profiles: Readonly<Record<string, ProfileSpec>> = profilesParsed.profiles;

const mixParsed = parseMix(JSON.stringify(mixJson), 'scenarios/mix.json');
if (!mixParsed.ok) throw new Error(mixParsed.error);
export const mix: MixSpec = mixParsed.spec;

/** The task scenarios the training mix names, by id. */
export const mixSpecs: Readonly<Record<string, TaskScenarioSpec>> = Object.fromEntries(
  catalog.flatMap((entry) => (entry.type === 'task' ? [[entry.id, entry.spec]] : [])),
);
