/**
 * The bandit layer: per task type (the workflow the rules or the classifier guessed), a value for
 * each arm (a "topology/workflow" choice), learned from rewards by an exponential recency-weighted
 * average (Sutton & Barto §2.5):
 *
 *   Q ← Q + α·(r − Q)
 *
 * A constant α weights recent rewards more than old ones, so the values follow a drifting world
 * (a new model, a new simulator) instead of freezing on the first thousand runs.
 *
 * An arm's first value is `initialQ` unless it was seeded: training seeds the rules' own choice
 * with the rules' confidence, so evidence has to pile up before the bandit overrules them.
 * Selection is ε-greedy: with probability ε (drawn from a seeded Rng) a uniformly random arm of the
 * row, else the best value, ties going to the proposed arm and then to sorted order. Without an Rng
 * there is no exploration: a plain `route` answers the same every time.
 */
import type { Rng } from '../util/rng';

export interface ArmValue {
  /** The current estimate Q. */
  q: number;
  /** Rewards seen (a seed is not a reward: 0). */
  n: number;
}

export interface BanditHyper {
  /** Step size α in (0, 1]. @default 0.1 */
  readonly alpha: number;
  /** Exploration rate ε in [0, 1]. @default 0.1 */
  readonly epsilon: number;
  /** Value of an arm neither seeded nor rewarded yet. @default 0 */
  readonly initialQ: number;
}

export const defaultBanditHyper: BanditHyper = { alpha: 0.1, epsilon: 0.1, initialQ: 0 };

/** Task type → arm → value. */
export type QTable = Record<string, Record<string, ArmValue>>;

export interface BanditSelection {
  readonly arm: string;
  /** True when the arm was drawn at random (the ε branch). */
  readonly explored: boolean;
}

export class RecencyBandit {
  readonly hyper: BanditHyper;
  readonly table: QTable;

  constructor(hyper: Partial<BanditHyper> = {}, table: QTable = {}) {
    this.hyper = { ...defaultBanditHyper, ...hyper };
    const { alpha, epsilon, initialQ } = this.hyper;
    if (!(alpha > 0 && alpha <= 1)) throw new Error(`bandit alpha must be in (0, 1], got ${alpha}`);
    if (!(epsilon >= 0 && epsilon <= 1)) throw new Error(`bandit epsilon must be in [0, 1], got ${epsilon}`);
    if (!Number.isFinite(initialQ)) throw new Error(`bandit initialQ must be finite, got ${initialQ}`);
    this.table = table;
  }

  value(type: string, arm: string): number {
    return this.table[type]?.[arm]?.q ?? this.hyper.initialQ;
  }

  /** Gives an arm a starting value, unless it already has one. */
  seed(type: string, arm: string, q: number): void {
    const row = this.row(type);
    if (!Object.hasOwn(row, arm)) row[arm] = { q, n: 0 };
  }

  /** Q ← Q + α·(r − Q) for the arm played on a task of this type. */
  update(type: string, arm: string, reward: number): void {
    if (!Number.isFinite(reward)) throw new Error(`bandit reward must be finite, got ${reward}`);
    const row = this.row(type);
    const entry = row[arm] ?? { q: this.hyper.initialQ, n: 0 };
    entry.q += this.hyper.alpha * (reward - entry.q);
    entry.n += 1;
    row[arm] = entry;
  }

  /**
   * The arm to play for a task of this type when the layers below propose `proposed`: the best
   * `allowed` arm of the row (the proposed one included), or a random one with probability ε.
   */
  select(
    type: string,
    proposed: string,
    rng?: Rng,
    allowed: (arm: string) => boolean = () => true,
  ): BanditSelection {
    const known = Object.keys(this.table[type] ?? {}).filter(allowed);
    const arms = [...new Set([proposed, ...known])].sort();
    if (rng && arms.length > 1 && rng.next() < this.hyper.epsilon) {
      return { arm: arms[rng.int(0, arms.length - 1)] as string, explored: true };
    }
    let best = proposed;
    for (const arm of arms) if (this.value(type, arm) > this.value(type, best)) best = arm;
    return { arm: best, explored: false };
  }

  private row(type: string): Record<string, ArmValue> {
    this.table[type] ??= {};
    return this.table[type];
  }
}
