/**
 * A learned policy as data: `swarmflight.policy/1` JSON holding the weights (or the bandit's
 * state), the feature and action names they index, the hyper-parameters, the training run's
 * configuration and progress, and the SHA-256 of every frozen profile it was trained against.
 * Loading checks all of that and refuses, naming the difference, anything it cannot trust: not a
 * policy, another version, another kind, other features or actions, other profiles.
 */

import { OLD_PLAN_WORDS, todaysPlanWords } from '../trace/events';
import { CONTROLS, PROFILES, RETRIES, VOTES, WIDTHS } from './actions';
import type { AdamState } from './adam';
import type { Bandit } from './bandit';
import { type BanditState, banditFromJSON } from './bandit-from-json';
import { type Arm, armWidth } from './bandit-policy';
import { featureLayout, PREFERENCE_FEATURES, taskWidth } from './features';
import { holdOf, initParams, type ParlParams, PLANS, readsPreference } from './parl';
import type { PlanCriticState } from './plan-critic';

export const POLICY_SCHEMA = 'swarmflight.policy';
/**
 * 2: the plan head (single or swarm) and single-agent arms, task features of the task before it is split
 * (units, engines, budget), and the runtime's trade-offs. A version-1 file is refused, saying so.
 */
export const POLICY_VERSION = 4;
/** Why a checkpoint of an older version cannot be read, by version. */
const OLDER: Readonly<Record<number, string>> = {
  1: 'version 1 was trained before the runtime had its trade-offs and before the plan head, single or swarm',
  2: 'version 2 was trained before the retry head (retry, escalate or degrade a failed task), parts of a task that differ in difficulty, and the mix of five kinds',
  3: 'version 3 was trained before a swarm could be cut: the plan options that run parts as replicas that vote or set the shard size, the vote head (run or drop spare replicas) and the bandit arms that cut',
};
/** The kinds of learned policy a checkpoint holds (and a `KIND:REF` policy name names). */
export const POLICY_KINDS = ['parl', 'bandit'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

export interface TrainingRecord {
  readonly scenario: string;
  readonly episodes: number;
  /** Episodes done when this checkpoint was written (less than `episodes` if training stopped early). */
  readonly completedEpisodes: number;
  readonly seed: number;
  readonly [key: string]: unknown;
}

interface Common {
  readonly schema: typeof POLICY_SCHEMA;
  readonly version: typeof POLICY_VERSION;
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

interface Weights {
  readonly plan: number[];
  readonly width: number[];
  readonly profile: number[];
  readonly control: number[];
  readonly retry: number[];
  readonly vote: number[];
  readonly value: number[];
}

export interface ParlCheckpoint extends Common {
  readonly kind: 'parl';
  readonly allowedProfiles: readonly string[];
  readonly weights: Weights;
  /**
   * Adam's moments and step count, so that training resumed from this checkpoint takes the steps
   * the uninterrupted run would have. Optional: files written before it load, and resume with a
   * fresh optimizer.
   */
  readonly optimizer?: {
    readonly algorithm: 'adam';
    readonly t: number;
    readonly m: Weights;
    readonly v: Weights;
  };
  /**
   * The plan head's least-squares sums when it was learned by regression (plan-critic.ts), so a
   * resumed training refits it from what the uninterrupted run had seen. Optional, as `optimizer`.
   */
  readonly planCritic?: {
    readonly algorithm: 'discounted-ridge';
    readonly gram: number[];
    readonly moment: number[];
  };
}

export interface BanditCheckpoint extends Common {
  readonly kind: 'bandit';
  readonly arms: readonly Arm[];
  readonly bandit: BanditState;
}

export type PolicyCheckpoint = ParlCheckpoint | BanditCheckpoint;

const actionNames = {
  plan: [...PLANS],
  width: [...WIDTHS],
  profile: [...PROFILES],
  control: [...CONTROLS],
  retry: [...RETRIES],
  vote: [...VOTES],
};

const plain = (params: ParlParams): Weights => ({
  plan: Array.from(params.plan),
  width: Array.from(params.width),
  profile: Array.from(params.profile),
  control: Array.from(params.control),
  retry: Array.from(params.retry),
  vote: Array.from(params.vote),
  value: Array.from(params.value),
});

export function parlCheckpoint(
  params: ParlParams,
  rest: {
    hyper: Record<string, unknown>;
    training: TrainingRecord;
    profiles: Record<string, string>;
    allowedProfiles: readonly string[];
    optimizer?: AdamState;
    planCritic?: PlanCriticState;
  },
): ParlCheckpoint {
  const { optimizer, planCritic, ...fields } = rest;
  return {
    schema: POLICY_SCHEMA,
    version: POLICY_VERSION,
    kind: 'parl',
    // With the preference features when the weights read them: what loading tells apart.
    features: [...featureLayout(readsPreference(params)).step],
    actions: actionNames,
    ...fields,
    allowedProfiles: [...rest.allowedProfiles],
    weights: plain(params),
    ...(optimizer
      ? { optimizer: { algorithm: 'adam', t: optimizer.t, m: plain(optimizer.m), v: plain(optimizer.v) } }
      : {}),
    ...(planCritic
      ? {
          planCritic: {
            algorithm: 'discounted-ridge',
            gram: Array.from(planCritic.gram),
            moment: Array.from(planCritic.moment),
          },
        }
      : {}),
  };
}

export function banditCheckpoint(
  bandit: Bandit,
  arms: readonly Arm[],
  rest: { hyper: Record<string, unknown>; training: TrainingRecord; profiles: Record<string, string> },
  /** Whether its contexts hold the preference features (makeBandit's `preference`). */
  preference = false,
): BanditCheckpoint {
  return {
    schema: POLICY_SCHEMA,
    version: POLICY_VERSION,
    kind: 'bandit',
    features: [...featureLayout(preference).task],
    actions: actionNames,
    ...rest,
    arms: arms.map((a) => ({ ...a })),
    // Every Bandit is one of the algorithms bandit-from-json.ts restores.
    bandit: bandit.toJSON() as BanditState,
  };
}

/**
 * A loaded checkpoint; `preference` says whether it reads the cost and time preference (its
 * features include PREFERENCE_FEATURES) or was trained before them and plays the default only.
 */
export type Loaded = (
  | {
      readonly kind: 'parl';
      readonly checkpoint: ParlCheckpoint;
      readonly params: ParlParams;
      /** Present when the checkpoint saved it (training resumes from it). */
      readonly optimizer?: AdamState;
      /** Present when its plan head was learned by regression (training resumes from it). */
      readonly planCritic?: PlanCriticState;
    }
  | { readonly kind: 'bandit'; readonly checkpoint: BanditCheckpoint; readonly bandit: Bandit }
) & { readonly preference: boolean };

const sameList = (what: string, got: unknown, want: readonly string[]): void => {
  if (!Array.isArray(got)) throw new Error(`its ${what} are missing`);
  const i = want.findIndex((w, k) => got[k] !== w);
  if (i >= 0 || got.length !== want.length) {
    const k = i >= 0 ? i : Math.min(got.length, want.length);
    throw new Error(
      `its ${what} differ from this build's at position ${k + 1}: ${JSON.stringify(got[k] ?? null)} where this build has ${JSON.stringify(want[k] ?? null)}`,
    );
  }
};

function numbers(what: string, got: unknown, length: number): Float64Array {
  if (
    !Array.isArray(got) ||
    got.length !== length ||
    !got.every((x) => typeof x === 'number' && Number.isFinite(x))
  ) {
    throw new Error(`its ${what} weights are not ${length} finite numbers`);
  }
  return Float64Array.from(got as number[]);
}

/** The four weight arrays of a PARL policy, checked against this build's shapes. */
function weights(what: string, got: unknown, preference: boolean): ParlParams {
  const w = (typeof got === 'object' && got !== null ? got : {}) as Record<string, unknown>;
  const shape = initParams(preference);
  return {
    plan: numbers(`${what}plan`, w.plan, shape.plan.length),
    width: numbers(`${what}width`, w.width, shape.width.length),
    profile: numbers(`${what}profile`, w.profile, shape.profile.length),
    control: numbers(`${what}control`, w.control, shape.control.length),
    retry: numbers(`${what}retry`, w.retry, shape.retry.length),
    vote: numbers(`${what}vote`, w.vote, shape.vote.length),
    value: numbers(`${what}value`, w.value, shape.value.length),
  };
}

function planCriticState(got: unknown, preference: boolean): PlanCriticState {
  const o = (typeof got === 'object' && got !== null ? got : {}) as Record<string, unknown>;
  if (o.algorithm !== 'discounted-ridge')
    throw new Error(`its plan critic is ${JSON.stringify(o.algorithm ?? null)}, expected "discounted-ridge"`);
  const d = taskWidth(preference);
  return {
    gram: numbers('plan critic gram', o.gram, PLANS.length * d * d),
    moment: numbers('plan critic moment', o.moment, PLANS.length * d),
  };
}

function adamState(got: unknown, preference: boolean): AdamState {
  const o = (typeof got === 'object' && got !== null ? got : {}) as Record<string, unknown>;
  if (o.algorithm !== 'adam')
    throw new Error(`its optimizer is ${JSON.stringify(o.algorithm ?? null)}, expected "adam"`);
  if (typeof o.t !== 'number' || !Number.isInteger(o.t) || o.t < 0)
    throw new Error(`its optimizer's step count is ${JSON.stringify(o.t ?? null)}, expected a whole number`);
  return {
    t: o.t,
    m: weights('optimizer m ', o.m, preference),
    v: weights('optimizer v ', o.v, preference),
  };
}

/**
 * Checks and restores a checkpoint. `profiles` are the hashes of the profiles the caller will run
 * (name → sha256); every profile the policy was trained against must be there, unchanged.
 * Throws an Error whose message starts "not a usable policy: " and names what differs.
 */
/** The schema of the retired orchestration environment's policies, still met in saved files. */
export const RETIRED_ORCHESTRATION_SCHEMA = 'swarmflight.orchestration-policy/1';

export function loadPolicy(json: unknown, profiles: Readonly<Record<string, string>>): Loaded {
  try {
    return restore(json, profiles);
  } catch (error) {
    throw new Error(`not a usable policy: ${(error as Error).message}`);
  }
}

function restore(json: unknown, profiles: Readonly<Record<string, string>>): Loaded {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new Error('expected a JSON object');
  const c = json as Partial<Record<string, unknown>>;
  if (c.schema !== POLICY_SCHEMA) {
    const hint =
      c.schema === RETIRED_ORCHESTRATION_SCHEMA
        ? ' (this file was trained in the retired orchestration environment, a simulator beside the runtime whose decisions do not map onto a run: train again with swarm train --scenario mix)'
        : typeof c.schema === 'string' && c.schema.startsWith('swarmflight.')
          ? ` (this is a ${c.schema} file)`
          : '';
    throw new Error(`"schema" is ${JSON.stringify(c.schema ?? null)}, expected "${POLICY_SCHEMA}"${hint}`);
  }
  if (c.version !== POLICY_VERSION) {
    const older = typeof c.version === 'number' ? OLDER[c.version] : undefined;
    const why = older ? ` (${older}: train it again with swarm train)` : '';
    throw new Error(
      `it is version ${JSON.stringify(c.version ?? null)}; this build reads version ${POLICY_VERSION}${why}`,
    );
  }
  if (c.kind !== 'parl' && c.kind !== 'bandit')
    throw new Error(`"kind" is ${JSON.stringify(c.kind ?? null)}, expected "parl" or "bandit"`);
  return restoreInTodaysWords(inTodaysWords(c), profiles);
}

/**
 * A checkpoint written in the learned policies' older words — the feature `solo`, the plan options
 * `solo`, `spawn`, `spawn/vote3`…, arms of width `solo`, a held `plan: spawn` — in today's (`single`,
 * `swarm`): the same weights under the names every other part of the project uses. Its hash is the
 * file's own (resolve-policy.ts hashes what was read), so a trace still names the file it ran.
 */
function inTodaysWords(c: Partial<Record<string, unknown>>): Partial<Record<string, unknown>> {
  const word = (x: unknown) => (typeof x === 'string' ? todaysPlanWords(x) : x);
  const listed = (x: unknown, each: (y: unknown) => unknown) => (Array.isArray(x) ? x.map(each) : x);
  const actions = c.actions as Record<string, unknown> | undefined;
  const hold = (c.training as { hold?: Record<string, unknown> } | undefined)?.hold;
  return {
    ...c,
    features: listed(c.features, (f) =>
      typeof f === 'string' && Object.hasOwn(OLD_PLAN_WORDS, f) ? word(f) : f,
    ),
    ...(actions && typeof actions === 'object'
      ? { actions: { ...actions, plan: listed(actions.plan, word) } }
      : {}),
    ...(Array.isArray(c.arms)
      ? {
          arms: c.arms.map((a: Partial<Arm> | null) =>
            typeof a?.width === 'string' ? { ...a, width: armWidth(a.width) } : a,
          ),
        }
      : {}),
    ...(hold && typeof hold === 'object' && typeof hold.plan === 'string'
      ? { training: { ...(c.training as object), hold: { ...hold, plan: word(hold.plan) } } }
      : {}),
  };
}

function restoreInTodaysWords(
  c: Partial<Record<string, unknown>>,
  profiles: Readonly<Record<string, string>>,
): Loaded {
  const json: unknown = c;
  // With the preference features (trained since issue 59) or without (before): both are read.
  const layout = (preference: boolean) =>
    c.kind === 'parl' ? featureLayout(preference).step : featureLayout(preference).task;
  const preference =
    Array.isArray(c.features) &&
    c.features.some((f) => (PREFERENCE_FEATURES as readonly unknown[]).includes(f));
  sameList('features', c.features, layout(preference));
  const actions = (c.actions ?? {}) as Record<string, unknown>;
  for (const head of ['plan', 'width', 'profile', 'control', 'retry', 'vote'] as const)
    sameList(`${head} actions`, actions[head], actionNames[head]);
  const trained = c.profiles;
  if (typeof trained !== 'object' || trained === null)
    throw new Error('it does not say which profiles it was trained against');
  for (const [name, hash] of Object.entries(trained as Record<string, unknown>)) {
    const here = profiles[name];
    if (here === undefined)
      throw new Error(`it was trained against profile "${name}", which is not defined here`);
    if (here !== hash) {
      throw new Error(
        `profile "${name}" has changed since training (trained against ${String(hash)}, now ${here})`,
      );
    }
  }
  if (typeof c.training !== 'object' || c.training === null)
    throw new Error('its "training" record is missing');
  if (c.kind === 'parl') {
    const params = weights('', c.weights, preference);
    const allowed = c.allowedProfiles;
    if (!Array.isArray(allowed) || !allowed.every((p) => (PROFILES as readonly unknown[]).includes(p))) {
      throw new Error(`"allowedProfiles" must list profiles among ${PROFILES.join(', ')}`);
    }
    const hold = (c.training as Record<string, unknown>).hold;
    if (hold !== undefined) {
      if (typeof hold !== 'object' || hold === null || Array.isArray(hold))
        throw new Error('its "training.hold" must be an object of HEAD: OPTION');
      holdOf(hold as Record<string, string>);
    }
    const optimizer = c.optimizer === undefined ? undefined : adamState(c.optimizer, preference);
    const planCritic = c.planCritic === undefined ? undefined : planCriticState(c.planCritic, preference);
    return {
      kind: 'parl',
      preference,
      checkpoint: json as ParlCheckpoint,
      params,
      ...(optimizer ? { optimizer } : {}),
      ...(planCritic ? { planCritic } : {}),
    };
  }
  const arms = c.arms;
  if (!Array.isArray(arms) || arms.length === 0) throw new Error('its "arms" are missing');
  for (const [i, a] of arms.entries()) {
    const arm = a as Partial<Arm>;
    const whole = (x: unknown) => x === undefined || (typeof x === 'number' && Number.isInteger(x) && x >= 1);
    if (
      !(['single', ...WIDTHS] as readonly unknown[]).includes(arm?.width) ||
      !(PROFILES as readonly unknown[]).includes(arm?.profile) ||
      !whole(arm?.replicas) ||
      !whole(arm?.shard) ||
      !(
        arm?.cascade === undefined ||
        (Array.isArray(arm.cascade) &&
          arm.cascade.length > 0 &&
          arm.cascade.every((step) => (RETRIES as readonly unknown[]).includes(step)))
      )
    ) {
      throw new Error(
        `arm ${i + 1} is ${JSON.stringify(a)}, expected a width among single, ${WIDTHS.join(', ')}, a profile, whole numbers for replicas and shard where given, and cascade steps among ${RETRIES.join(', ')} where given`,
      );
    }
  }
  const bandit = banditFromJSON(c.bandit, {
    arms: arms.length,
    ...(c.bandit && (c.bandit as BanditState).algorithm !== 'epsilon-greedy'
      ? { dim: taskWidth(preference) }
      : {}),
  });
  return { kind: 'bandit', preference, checkpoint: json as BanditCheckpoint, bandit };
}
