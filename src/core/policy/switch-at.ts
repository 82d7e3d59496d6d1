/**
 * A run forked at one orchestrator step: `first` decides steps 1 … step − 1, `then` decides from
 * `step` on. Everything before the fork is `first`'s — its plan (solo or spawn), its ranking of the
 * tasks and its decisions — so with the same seed and a simulated model the prefix is the original
 * run's, event for event, and only what follows differs (`swarm fork`, docs/cli.md).
 */
import type { Policy } from './types';

export function switchAt(first: Policy, then: Policy, step: number): Policy {
  if (!Number.isInteger(step) || step < 1)
    throw new RangeError(`the fork step must be a whole number ≥ 1, got ${step}`);
  if (first.deliberation || then.deliberation)
    throw new Error('a model orchestrator (llm) cannot be forked: its replies are not replayed yet');
  let decisions = 0;
  let last: Policy = first;
  return {
    name: `${first.name} → ${then.name} at step ${step}`,
    ...(first.plan !== undefined ? { plan: first.plan } : {}),
    ...(first.planFor ? { planFor: (view) => first.planFor?.(view) ?? first.plan ?? 'swarm' } : {}),
    explain: (which) => (which === 'plan' ? first.explain?.('plan') : last.explain?.('decide')),
    // Both see the plan (a policy may set itself up here); the runtime keeps `first`'s ranking.
    prioritize(ctx) {
      then.prioritize(ctx);
      return first.prioritize(ctx);
    },
    decide(view) {
      decisions++;
      last = decisions < step ? first : then;
      return last.decide(view);
    },
  };
}
