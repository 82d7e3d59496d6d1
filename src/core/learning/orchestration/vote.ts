/**
 * How a shard's replicas become one answer per unit, and which subagents count as having
 * contributed (r_finish, learning/orchestration/reward.ts).
 */
import type { ShardView } from './decisions';
import { Draw, draw } from './model';
import type { EnvParams } from './params';

export interface Group {
  readonly units: readonly number[];
  readonly view: ShardView;
  profile: number;
}

export interface Attempt {
  readonly group: Group;
  readonly replica: number;
  attempts: number;
  state: 'pending' | 'done' | 'degraded';
  /** Per unit of the group: 1 right, 0 wrong (after merging). */
  answer: Uint8Array | null;
  /**
   * Its latest try failed by overflowing its context (what the recovery decision sees). Set from
   * the start, not added on failure: an attempt given a property later changes shape, and the
   * optimised episode code met both shapes and was thrown away and compiled again mid-training.
   */
  overflowed: boolean;
  /**
   * Its next try needs a new subagent: the first, and after an overflow (a full context) or an
   * escalation (another model). A plain retry after a crash goes to the same subagent again.
   */
  needsAgent: boolean;
}

/**
 * Each unit's final answer is the majority of its shard's accepted replicas: right when more
 * replicas are right than wrong; when wrong ones outnumber it they win only if they agree with
 * each other (P = wrongAgree), and a tie is a coin. A replica counts as contributing when its
 * answer was accepted and was not a duplicate: the first accepted replica of a shard, and any
 * other that sided with the final answer on a unit where the replicas disagreed.
 */
export function vote(
  params: EnvParams,
  seed: number,
  groups: readonly Group[],
  all: readonly Attempt[],
  overflow: boolean,
): { right: number; contributed: number; degraded: number } {
  let right = 0;
  let contributed = 0;
  let degraded = 0;
  const byGroup = new Map<Group, Attempt[]>();
  for (const a of all) {
    if (a.state !== 'done') continue;
    const list = byGroup.get(a.group) ?? [];
    list.push(a);
    byGroup.set(a.group, list);
  }
  for (const group of groups) {
    const done = byGroup.get(group) ?? [];
    if (done.length === 0) {
      degraded += group.units.length;
      continue;
    }
    if (overflow) continue;
    const pivotal = new Uint8Array(done.length);
    pivotal[0] = 1;
    // Loops rather than forEach: no closure per shard and unit (garbage in training's hot path).
    for (let k = 0; k < group.units.length; k++) {
      const u = group.units[k] as number;
      let c = 0;
      for (const a of done) c += (a.answer as Uint8Array)[k] as number;
      const w = done.length - c;
      let final: number;
      if (c > w) final = 1;
      else if (c < w) final = w >= 2 && draw(seed, Draw.agree, u) < params.wrongAgree ? 0 : c > 0 ? 1 : 0;
      else final = draw(seed, Draw.tie, u) < 0.5 ? 1 : 0;
      right += final;
      if (c > 0 && w > 0)
        for (let i = 0; i < done.length; i++)
          if (((done[i] as Attempt).answer as Uint8Array)[k] === final) pivotal[i] = 1;
    }
    for (const p of pivotal) contributed += p;
  }
  return { right, contributed, degraded };
}

/** How many distinct units `attempts` cover (those in `state`, if given). */
export function unitsCovered(attempts: readonly Attempt[], state?: Attempt['state']): number {
  // Loops, not filter and flatMap: their arrays were a hot spot of training.
  const units = new Set<number>();
  for (const a of attempts)
    if (state === undefined || a.state === state) for (const u of a.group.units) units.add(u);
  return units.size;
}
