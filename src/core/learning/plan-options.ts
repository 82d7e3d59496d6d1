/**
 * The plan head's options (PARL's first decision, made once per task before it is split): one
 * agent, the kind's own swarm, or a swarm cut (scenarios/cut.ts), and which of them a task's kind
 * allows.
 */
import type { PlanDecision, PlanView } from '../policy/types';

/**
 * The plan head's options, in order: one agent, the kind's own swarm, or a swarm cut: three
 * replicas per part that vote, or shards of 2 or 12 units (scenarios/cut.ts). A cut the task's
 * kind does not allow is masked out.
 */
export const PLANS = ['single', 'swarm', 'swarm/vote3', 'swarm/shard2', 'swarm/shard12'] as const;

/** The plan decision an option stands for, for a task whose kind allows it. */
export function planOf(option: (typeof PLANS)[number], view: PlanView): 'single' | PlanDecision {
  switch (option) {
    case 'single':
      return 'single';
    case 'swarm':
      return { mode: 'swarm' };
    case 'swarm/vote3':
      return { mode: 'swarm', replicas: 3 };
    default:
      return {
        mode: 'swarm',
        shard: Math.min(option === 'swarm/shard2' ? 2 : 12, view.cuts?.shard?.max ?? 1),
      };
  }
}

/** The plan options a task's kind allows: single and swarm always, a cut where the kind has it. */
export function planMask(view: PlanView): Uint8Array {
  return Uint8Array.from(PLANS, (p) =>
    p === 'swarm/vote3'
      ? view.cuts?.vote
        ? 1
        : 0
      : p.startsWith('swarm/shard')
        ? view.cuts?.shard
          ? 1
          : 0
        : 1,
  );
}
