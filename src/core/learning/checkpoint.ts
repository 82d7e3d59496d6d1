/**
 * A learned policy as data: `swarmflight.policy/1` JSON holding the weights (or the bandit's
 * state), the feature and action names they index, the hyper-parameters, the training run's
 * configuration and progress, and the SHA-256 of every frozen profile it was trained against.
 * Loading checks all of that and refuses, naming the difference, anything it cannot trust: not a
 * policy, another version, another kind, other features or actions, other profiles. What every
 * kind shares is checked here (checkpoint-format.ts); a kind's own fields by its folder under
 * kinds/, found in kinds/registry.ts.
 */

import { OLD_PLAN_WORDS, todaysPlanWords } from '../trace/events';
import { type Arm, armWidth } from './bandit-policy';
import { POLICY_SCHEMA, POLICY_VERSION, sameActions, sameList } from './checkpoint-format';
import { inputsOfFeatures } from './features';
import { LEARNED_KINDS, type LearnedKindId, type Loaded, learnedKindOf } from './kinds/registry';
import { AT_REFERENCE_PRICES, PRICE_FEATURES } from './price-features';

export { POLICY_SCHEMA, POLICY_VERSION, type TrainingRecord } from './checkpoint-format';
export { type BanditCheckpoint, banditCheckpoint } from './kinds/bandit';
export { type ParlCheckpoint, parlCheckpoint } from './kinds/parl';
export type { Loaded } from './kinds/registry';

/** Why a checkpoint of an older version cannot be read, by version. */
const OLDER: Readonly<Record<number, string>> = {
  1: 'version 1 was trained before the runtime had its trade-offs and before the plan head, single or swarm',
  2: 'version 2 was trained before the retry head (retry, escalate or degrade a failed task), parts of a task that differ in difficulty, and the mix of five kinds',
  3: 'version 3 was trained before a swarm could be cut: the plan options that run parts as replicas that vote or set the shard size, the vote head (run or drop spare replicas) and the bandit arms that cut',
};
/** The kinds of learned policy a checkpoint holds (and a `KIND:REF` policy name names): kinds/registry.ts. */
export const POLICY_KINDS: readonly LearnedKindId[] = LEARNED_KINDS;
export type PolicyKind = LearnedKindId;

/** A checkpoint of any kind, as written. */
export type PolicyCheckpoint = Loaded['checkpoint'];

/** The schema of the retired orchestration environment's policies, still met in saved files. */
export const RETIRED_ORCHESTRATION_SCHEMA = 'swarmflight.orchestration-policy/1';

/**
 * Checks and restores a checkpoint. `profiles` are the hashes of the profiles the caller will run
 * (name → sha256); every profile the policy was trained against must be there, unchanged.
 * Throws an Error whose message starts "not a usable policy: " and names what differs.
 */
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
  if (typeof c.kind !== 'string' || !learnedKindOf(c.kind))
    throw new Error(
      `"kind" is ${JSON.stringify(c.kind ?? null)}, expected ${LEARNED_KINDS.map((k) => `"${k}"`).join(' or ')}`,
    );
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

/** Why a policy without price inputs is refused a profile priced otherwise than it was trained at. */
export const priceRefusalWords = (profile: string) =>
  `profile "${profile}" is priced otherwise than the reference table (scenarios/profiles.json) it was trained at, and it was trained without price inputs (its features have no ${PRICE_FEATURES[0]}), so it plays only the prices it was trained at; use the profiles' reference prices, or a policy trained across price tables (swarm train --prices sample)`;

function restoreInTodaysWords(
  c: Partial<Record<string, unknown>>,
  profiles: Readonly<Record<string, string>>,
): Loaded {
  const kind = learnedKindOf(c.kind as string) as NonNullable<ReturnType<typeof learnedKindOf>>;
  // With the preference features (trained since issue 59), with the price features too (trained
  // across price tables), or without (before): each is read, where the kind has that layout.
  const listed = Array.isArray(c.features) ? inputsOfFeatures(c.features) : 'task';
  const layouts = { task: kind.features, preference: kind.withPreference, prices: kind.withPrices };
  const inputs = layouts[listed] !== undefined ? listed : 'task';
  sameList('features', c.features, layouts[inputs] as readonly string[]);
  sameActions(c);
  const trained = c.profiles;
  if (typeof trained !== 'object' || trained === null)
    throw new Error('it does not say which profiles it was trained against');
  for (const [name, hash] of Object.entries(trained as Record<string, unknown>)) {
    const here = profiles[name];
    if (here === undefined)
      throw new Error(`it was trained against profile "${name}", which is not defined here`);
    // A profile changed only in its prices (hashesToPlay): a policy reading prices plays under
    // them; one without is refused in words that say so.
    if (here !== hash && profiles[`${name}${AT_REFERENCE_PRICES}`] === hash) {
      if (inputs === 'prices') continue;
      throw new Error(priceRefusalWords(name));
    }
    if (here !== hash) {
      throw new Error(
        `profile "${name}" has changed since training (trained against ${String(hash)}, now ${here})`,
      );
    }
  }
  if (typeof c.training !== 'object' || c.training === null)
    throw new Error('its "training" record is missing');
  return kind.restore(c, inputs) as Loaded;
}
