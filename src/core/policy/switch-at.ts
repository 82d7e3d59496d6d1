/**
 * A run forked at one orchestrator step: `first` decides steps 1 … step − 1, `then` decides from
 * `step` on. Everything before the fork is `first`'s — its plan (single or swarm), its ranking of the
 * tasks and its decisions — so with the same seed and a simulated model the prefix is the original
 * run's, event for event, and only what follows differs (`swarm fork`, docs/cli.md). A model
 * orchestrator (`llm`) may be `first`, its replies before the fork replayed from the trace.
 */
import type { Policy } from './types';

export function switchAt(first: Policy, then: Policy, step: number): Policy {
  if (!Number.isInteger(step) || step < 1)
    throw new RangeError(`the fork step must be a whole number ≥ 1, got ${step}`);
  // A model orchestrator may be forked from (its replies before the fork are replayed: run/fork.ts),
  // not forked to: from the fork on it would think about a run it did not see begin.
  if (then.deliberation)
    throw new Error(
      'the fork cannot go to a model orchestrator (llm): only from one, its recorded replies replayed',
    );
  let decisions = 0;
  let last: Policy = first;
  const thinks = first.deliberation;
  return {
    // `first` thinks before each decision it makes; from the fork step on nothing thinks.
    ...(thinks
      ? {
          deliberation: {
            ...(thinks.plan ? { plan: thinks.plan } : {}),
            begin: (task) => thinks.begin(task),
            observe: (event) => thinks.observe(event),
            answered: (task, answer) => thinks.answered(task, answer),
            brief: (request) => (decisions < step ? thinks.brief(request) : undefined),
            deliberate: async (view, signal) => (decisions + 1 < step ? thinks.deliberate(view, signal) : []),
          },
        }
      : {}),
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
