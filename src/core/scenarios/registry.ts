import { compareOptions } from './compare-options';
import { deepSearch } from './deep-search';
import { general } from './general';
import { mixedCoding } from './mixed-coding';
import { ragQa } from './rag-qa';
import { teachExplain } from './teach-explain';
import type { KindNeeds, PlanMode, ScenarioInstance, ScenarioKind } from './types';
import { wideSearch } from './wide-search';
import { writeStory } from './write-story';

// biome-ignore lint/suspicious/noExplicitAny: each kind is typed by its own spec; the registry erases it.
type AnyKind = ScenarioKind<any, ScenarioInstance>;

/**
 * The task scenario kinds by the `kind` their files declare: the one list of them. Every other
 * list of kinds (the API's scenarios, the router's workflows, the CLI's help, the page's cards and
 * quality words, what a host must lend a run) is derived from it (tests/architecture/kinds.test.ts).
 */
const kinds = {
  'wide-search': wideSearch,
  'deep-search': deepSearch,
  'mixed-coding': mixedCoding,
  'write-story': writeStory,
  'teach-explain': teachExplain,
  'rag-qa': ragQa,
  'compare-options': compareOptions,
  // Last: a request that fits none of the above (the router's fallback), and the router's labels
  // keep this order.
  general,
} as const satisfies Readonly<Record<string, AnyKind>>;

export type KindId = keyof typeof kinds;

/** The kinds by id; each kind's own types are erased here, as a run's kind is known only at run time. */
export const scenarioKinds: Readonly<Record<KindId, AnyKind>> = kinds;

/** A kind's file, as its schema gives it. */
type SpecOf<K> = K extends ScenarioKind<infer S, infer _I> ? S : never;

/** Any task scenario file, validated (spec.ts): one of the registered kinds' files. */
export type TaskScenarioSpec = SpecOf<(typeof kinds)[KindId]>;

/** Every kind's id, in the registry's order (which the router's labels keep). */
export const KIND_IDS = Object.keys(scenarioKinds) as KindId[];

/** The kind of this id, or undefined for one that is no task kind (`graph`, a retired kind). */
export const kindOf = (kind: string): AnyKind | undefined =>
  Object.hasOwn(scenarioKinds, kind) ? (scenarioKinds[kind as KindId] as AnyKind) : undefined;

/** What a host must lend a run of this file: a code sandbox, the user's knowledge base. */
export const needsOf = (spec: TaskScenarioSpec): KindNeeds => kindOf(spec.kind)?.needs?.(spec) ?? {};

/**
 * The formation a kind's requests run in when nothing says otherwise (ScenarioKind.defaultFormation):
 * the router's default topology for it, the formation its gallery card opens on.
 */
export function defaultFormationOf(kind: string): PlanMode {
  const k = kindOf(kind);
  return k?.defaultFormation ?? (k?.formations?.includes('peers') ? 'peers' : 'swarm');
}
