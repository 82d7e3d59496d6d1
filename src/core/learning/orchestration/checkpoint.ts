/**
 * A trained orchestration policy as JSON: its heads with their option and feature names, the
 * weights, and how it was trained. Loading checks every name and length, so a checkpoint of
 * another action space — the scenario mix's width/profile/control PARL among them — is refused
 * with a message that says what it is and what is expected.
 */
import { CONTROLS, MODES, PROFILES, RECOVERIES, REPLICAS, SHARDS, SPARES } from './decisions';
import { PLAN_FEATURES } from './features';
import { HEAD_NAMES, HEADS, type Head, initWeights, type Weights } from './linear-policy';

export const ORCHESTRATION_SCHEMA = 'swarmflight.orchestration-policy/1';

const OPTIONS: Record<Head, readonly (string | number)[]> = {
  mode: MODES,
  shard: SHARDS,
  replicas: REPLICAS,
  spares: SPARES,
  profile: PROFILES,
  recover: RECOVERIES,
  control: CONTROLS,
};

export interface OrchestrationCheckpoint {
  readonly schema: typeof ORCHESTRATION_SCHEMA;
  readonly heads: Record<Head, { options: string[]; features: string[]; weights: number[] }>;
  readonly value: { features: string[]; weights: number[] };
  readonly training: Record<string, unknown>;
}

export function toCheckpoint(weights: Weights, training: Record<string, unknown>): OrchestrationCheckpoint {
  const heads = {} as OrchestrationCheckpoint['heads'];
  for (const h of HEAD_NAMES) {
    heads[h] = {
      options: OPTIONS[h].map(String),
      features: [...HEADS[h].features],
      weights: [...weights[h]],
    };
  }
  return {
    schema: ORCHESTRATION_SCHEMA,
    heads,
    value: { features: [...PLAN_FEATURES], weights: [...weights.value] },
    training,
  };
}

const same = (a: unknown, b: readonly string[]) =>
  Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);

/** Reads a checkpoint; throws an Error naming what does not match and what is expected. */
export function fromCheckpoint(json: unknown): Weights {
  const c = json as Partial<OrchestrationCheckpoint> | null;
  if (!c || typeof c !== 'object') throw new Error('not a checkpoint: expected a JSON object');
  if (c.schema !== ORCHESTRATION_SCHEMA) {
    const old = (c as { heads?: unknown; width?: unknown }).width !== undefined || 'params' in (c as object);
    throw new Error(
      `schema ${JSON.stringify(c.schema ?? null)}${old ? ' (a policy of the scenario mix, width/profile/control)' : ''}: expected "${ORCHESTRATION_SCHEMA}", a policy trained with swarm orchestration train`,
    );
  }
  const w = initWeights(0);
  for (const h of HEAD_NAMES) {
    const head = c.heads?.[h];
    const options = OPTIONS[h].map(String);
    if (!head) throw new Error(`head "${h}" is missing (expected heads ${HEAD_NAMES.join(', ')})`);
    if (!same(head.options, options))
      throw new Error(
        `head "${h}" has options ${JSON.stringify(head.options)}: expected ${JSON.stringify(options)}`,
      );
    if (!same(head.features, HEADS[h].features))
      throw new Error(`head "${h}" reads other features: expected ${HEADS[h].features.join(', ')}`);
    if (
      !Array.isArray(head.weights) ||
      head.weights.length !== w[h].length ||
      !head.weights.every(Number.isFinite)
    )
      throw new Error(`head "${h}": expected ${w[h].length} finite weights`);
    w[h].set(head.weights);
  }
  if (!c.value || !same(c.value.features, PLAN_FEATURES) || c.value.weights.length !== w.value.length)
    throw new Error(
      `the value baseline: expected ${PLAN_FEATURES.length} weights over ${PLAN_FEATURES.join(', ')}`,
    );
  w.value.set(c.value.weights);
  return w;
}
