/**
 * The kinds of learned policy by id: the one list of them. A checkpoint's `kind`, the KIND of a
 * `KIND:REF` policy name, the policy names every host accepts, the saved policies the page offers
 * and the kinds `swarm train` trains are all read from here (tests/architecture/open-sets.test.ts
 * fails on a kind spelled by hand elsewhere). A new kind is one folder beside these and one line
 * below (tests/e2e/new-policy-kind.test.ts).
 */

import { bandit } from './bandit';
import { parl } from './parl';
import type { LearnedKind, LoadedBase } from './types';

// biome-ignore lint/suspicious/noExplicitAny: each kind is typed by its own checkpoint; the registry erases it.
type AnyKind = LearnedKind<any, any>;

const kinds = {
  parl,
  bandit,
} as const satisfies Readonly<Record<string, AnyKind>>;

export type LearnedKindId = keyof typeof kinds;

/** Every learned kind's id, in the registry's order. */
export const LEARNED_KINDS = Object.keys(kinds) as LearnedKindId[];

/** A checkpoint of any registered kind, read and checked (loadPolicy): narrowed by its `kind`. */
export type Loaded = { [K in LearnedKindId]: ReturnType<(typeof kinds)[K]['restore']> }[LearnedKindId];

/** Whether `id` names a learned kind (a checkpoint's `kind`, a policy name's KIND). */
export const isLearnedKind = (id: unknown): id is LearnedKindId =>
  typeof id === 'string' && Object.hasOwn(kinds, id);

/** The kind of this id; undefined for none. */
export const learnedKindOf = (id: string): AnyKind | undefined =>
  isLearnedKind(id) ? (kinds[id] as AnyKind) : undefined;

/** A kind `swarm train` and the Train view train (learning/train.ts): one whose `trainable` is true. */
export type TrainableKind = {
  [K in LearnedKindId]: (typeof kinds)[K]['trainable'] extends true ? K : never;
}[LearnedKindId];

/** The kinds `swarm train` and the Train view train, in the registry's order. */
export const TRAINABLE_KINDS = LEARNED_KINDS.filter((id): id is TrainableKind => kinds[id].trainable);

/** The policy a run plays from a loaded checkpoint of any kind. */
export const playLoaded = (loaded: LoadedBase, how: Parameters<AnyKind['play']>[1]) =>
  (learnedKindOf(loaded.kind) as AnyKind).play(loaded, how);
