/**
 * Contextual bandits over a finite set of arms: the first learned piece of orchestration. This
 * file holds what every bandit shares — the interface, the checkpoint form and its checks — and
 * each algorithm has its own file (linucb.ts, linear-thompson.ts, epsilon-greedy.ts);
 * bandit-from-json.ts restores any of them.
 * Each bandit is deterministic given its options: random draws come from keyedRng(seed, step), so a
 * checkpoint (toJSON) restored with fromJSON continues with exactly the same choices.
 * A context of dimension 1 holding the value 1 makes the linear bandits non-contextual.
 */

export const BANDIT_SCHEMA = 'swarmflight.bandit/1';

export type BanditAlgorithm = 'linucb' | 'linear-thompson' | 'epsilon-greedy';

export interface Bandit {
  readonly name: BanditAlgorithm;
  readonly arms: number;
  readonly dim: number;
  /** The arm to play in this context; ties go to the lowest arm index. */
  select(context: Float64Array): number;
  /** The arm with the best estimated reward in this context, without exploring (evaluation). */
  exploit(context: Float64Array): number;
  /**
   * Each arm's estimated reward in this context, as `exploit` ranks them (its argmax is exploit's
   * arm): what a bandit played by sampling draws its softmax from (bandit-policy.ts).
   */
  estimates(context: Float64Array): Float64Array;
  /** Record the reward observed after playing `arm` in `context`. */
  update(arm: number, context: Float64Array, reward: number): void;
  toJSON(): BanditStateOf<BanditAlgorithm, object, { t: number }>;
}

/** A bandit's checkpoint: its header, its hyper-parameters, and what it has learned (`t` = select calls made). */
export interface BanditStateOf<A extends BanditAlgorithm, H, S extends { t: number }> {
  schema: typeof BANDIT_SCHEMA;
  algorithm: A;
  arms: number;
  dim: number;
  hyper: H;
  state: S;
}

/** What the caller expects a checkpoint to be; any field left out is accepted as found. */
export interface ExpectedShape {
  algorithm?: BanditAlgorithm;
  arms?: number;
  dim?: number;
}

/** The checkpoint of `bandit`; every bandit's toJSON writes through here, so the form is one. */
export function banditState<A extends BanditAlgorithm, H, S extends { t: number }>(
  bandit: { readonly name: A; readonly arms: number; readonly dim: number },
  hyper: H,
  state: S,
): BanditStateOf<A, H, S> {
  return { schema: BANDIT_SCHEMA, algorithm: bandit.name, arms: bandit.arms, dim: bandit.dim, hyper, state };
}

/**
 * Checks a checkpoint's header against what the caller expects and returns it as the state of
 * the bandit that will restore it. Its learned state is the restoring bandit's to check
 * (checkMatrixList, checkStep).
 */
export function readBanditState<T extends BanditStateOf<BanditAlgorithm, unknown, { t: number }>>(
  json: unknown,
  expected: ExpectedShape,
): T {
  if (typeof json !== 'object' || json === null) throw new Error('bandit state must be an object');
  const s = json as Partial<Record<keyof T, unknown>>;
  if (s.schema !== BANDIT_SCHEMA) {
    throw new Error(`bandit state schema is ${JSON.stringify(s.schema)}, expected "${BANDIT_SCHEMA}"`);
  }
  for (const key of ['algorithm', 'arms', 'dim'] as const) {
    const want = expected[key];
    if (want !== undefined && s[key] !== want) {
      throw new Error(`bandit state ${key} is ${JSON.stringify(s[key])}, expected ${JSON.stringify(want)}`);
    }
  }
  checkShape(s.arms as number, s.dim as number);
  if (typeof s.hyper !== 'object' || s.hyper === null)
    throw new Error('bandit state.hyper must be an object');
  if (typeof s.state !== 'object' || s.state === null)
    throw new Error('bandit state.state must be an object');
  return json as T;
}

export function checkStep(t: unknown): number {
  if (typeof t !== 'number' || !Number.isInteger(t) || t < 0)
    throw new Error(`bandit state.t must be a step count`);
  return t;
}

export function checkMatrixList(field: string, value: unknown, arms: number, len: number): void {
  if (!Array.isArray(value) || value.length !== arms)
    throw new Error(`bandit state.${field} must hold ${arms} arms`);
  for (const row of value) {
    if (!Array.isArray(row) || row.length !== len || !row.every(Number.isFinite))
      throw new Error(`bandit state.${field} entries must be ${len} finite numbers`);
  }
}

export function checkShape(arms: number, dim: number): void {
  if (!Number.isInteger(arms) || arms < 1)
    throw new Error(`bandit needs a whole number of arms ≥ 1, got ${arms}`);
  if (!Number.isInteger(dim) || dim < 1) throw new Error(`bandit needs a whole dim ≥ 1, got ${dim}`);
}

export function checkUpdate(b: Bandit, arm: number, context: Float64Array, reward: number): void {
  if (!Number.isInteger(arm) || arm < 0 || arm >= b.arms) throw new Error(`${b.name}: no arm ${arm}`);
  if (context.length !== b.dim)
    throw new Error(`${b.name}: context has dim ${context.length}, expected ${b.dim}`);
  if (!Number.isFinite(reward)) throw new Error(`${b.name}: reward ${reward} is not finite`);
}

/** Index of the largest score, lowest index on ties. */
export function argmax(scores: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[best]!) best = i;
  return best;
}
