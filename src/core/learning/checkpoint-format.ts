/**
 * What every learned policy's checkpoint shares, whatever its kind (kinds/registry.ts): the schema
 * and version, the training record, the profiles it was trained against, and the checks each
 * kind's reader uses. A kind's own fields and their reader live in its folder under kinds/.
 */

import { CONTROLS, PROFILES, RETRIES, VOTES, WIDTHS } from './actions';
import { PLANS } from './plan-options';

export const POLICY_SCHEMA = 'swarmflight.policy';
/**
 * 2: the plan head (single or swarm) and single-agent arms, task features of the task before it is split
 * (units, engines, budget), and the runtime's trade-offs. A version-1 file is refused, saying so.
 */
export const POLICY_VERSION = 4;

export interface TrainingRecord {
  readonly scenario: string;
  readonly episodes: number;
  /** Episodes done when this checkpoint was written (less than `episodes` if training stopped early). */
  readonly completedEpisodes: number;
  readonly seed: number;
  readonly [key: string]: unknown;
}

/** The fields of every kind's checkpoint. */
export interface CheckpointCommon {
  readonly schema: typeof POLICY_SCHEMA;
  readonly version: typeof POLICY_VERSION;
  readonly kind: string;
  readonly features: readonly string[];
  readonly actions: {
    readonly plan: readonly string[];
    readonly width: readonly string[];
    readonly profile: readonly string[];
    readonly control: readonly string[];
    readonly retry: readonly string[];
    readonly vote: readonly string[];
  };
  readonly hyper: Readonly<Record<string, unknown>>;
  readonly training: TrainingRecord;
  /** Profile name → `sha256:…` of its definition (scenarios/profiles.json). */
  readonly profiles: Readonly<Record<string, string>>;
}

/** The option names of each head, as a checkpoint lists them. */
export const actionNames = {
  plan: [...PLANS],
  width: [...WIDTHS],
  profile: [...PROFILES],
  control: [...CONTROLS],
  retry: [...RETRIES],
  vote: [...VOTES],
};

/** Throws, naming the first position, unless `got` is the list `want`. */
export const sameList = (what: string, got: unknown, want: readonly string[]): void => {
  if (!Array.isArray(got)) throw new Error(`its ${what} are missing`);
  const i = want.findIndex((w, k) => got[k] !== w);
  if (i >= 0 || got.length !== want.length) {
    const k = i >= 0 ? i : Math.min(got.length, want.length);
    throw new Error(
      `its ${what} differ from this build's at position ${k + 1}: ${JSON.stringify(got[k] ?? null)} where this build has ${JSON.stringify(want[k] ?? null)}`,
    );
  }
};

/** Throws unless the checkpoint's heads list this build's options. */
export function sameActions(c: Partial<Record<string, unknown>>): void {
  const actions = (c.actions ?? {}) as Record<string, unknown>;
  for (const head of ['plan', 'width', 'profile', 'control', 'retry', 'vote'] as const)
    sameList(`${head} actions`, actions[head], actionNames[head]);
}

/** `length` finite numbers, or an Error naming `what`. */
export function numbers(what: string, got: unknown, length: number): Float64Array {
  if (
    !Array.isArray(got) ||
    got.length !== length ||
    !got.every((x) => typeof x === 'number' && Number.isFinite(x))
  ) {
    throw new Error(`its ${what} weights are not ${length} finite numbers`);
  }
  return Float64Array.from(got as number[]);
}
