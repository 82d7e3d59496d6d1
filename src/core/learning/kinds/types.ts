/**
 * What a kind of learned policy is (issue 60): the one description each kind gives of itself — its
 * name in `KIND:REF` policy names and in checkpoints, its label, whether `swarm train` trains it,
 * the features its checkpoint indexes, its checkpoint's reader, and the policy a run plays from
 * it. A new kind is one folder here and one line in registry.ts (tests/e2e/new-policy-kind.test.ts).
 */

import type { Policy } from '../../policy/types';
import type { PlayMode } from '../../trace/events';
import type { CheckpointCommon } from '../checkpoint-format';
import type { Inputs } from '../features';

/** A checkpoint read and checked: its kind, the file as read, and what the kind restored from it. */
export interface LoadedBase<C extends CheckpointCommon = CheckpointCommon> {
  readonly kind: C['kind'];
  readonly checkpoint: C;
  /**
   * Whether it reads the cost and time preference (its features include PREFERENCE_FEATURES), or
   * was trained before them and plays the default preference only.
   */
  readonly preference: boolean;
  /** The inputs it reads beyond the task's: none, the preference, or the preference and the prices. */
  readonly inputs: Inputs;
}

export interface LearnedKind<C extends CheckpointCommon, L extends LoadedBase<C>> {
  /** The kind's name: the checkpoint's `kind` and the KIND of a `KIND:REF` policy name. */
  readonly id: C['kind'];
  /** Its name in a sentence or a picker ("PARL", "contextual bandit"). */
  readonly label: string;
  /** Whether `swarm train` and the Train view train it (learning/train.ts); a kind may only be played. */
  readonly trainable: boolean;
  /** The features its weights index, in order: a checkpoint listing others is refused. */
  readonly features: readonly string[];
  /**
   * The features of its checkpoints trained with preference inputs (issue 59: the cost and time
   * preference, trace/preference.ts), when the kind reads a preference; a checkpoint lists these
   * or `features`, and is restored with `preference` saying which.
   */
  readonly withPreference?: readonly string[];
  /**
   * The features of its checkpoints trained with price inputs too (a training that samples price
   * tables, learning/price-features.ts), when the kind reads prices.
   */
  readonly withPrices?: readonly string[];
  /**
   * Its own fields of a checkpoint whose shared fields (checkpoint-format.ts) were checked already:
   * restored, or an Error naming what is wrong (loadPolicy prefixes "not a usable policy: "), its
   * weights of the width `inputs` (the features it lists) says.
   */
  restore(c: Partial<Record<string, unknown>>, inputs: Inputs): L;
  /**
   * The policy a run plays from it, named `name` (the policy name the run was given), playing
   * greedily or by sampling, and logging every decision in full for off-policy evaluation.
   */
  play(loaded: L, how: { readonly name: string; readonly mode: PlayMode }): Policy;
}
