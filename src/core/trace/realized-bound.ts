import type { RealizedFold } from './realized-path';

/**
 * A lower bound on the run's critical steps from what its work actually took, so it bounds the
 * run it is shown with (a bound from the plan's estimates does not: a run whose attempts came in
 * shorter than planned beat it). Any schedule of this work on P subagents takes at least
 *
 * - the longest dependency chain, where a task costs every attempt it made plus S_main before
 *   each (an orchestrator step launches it; the subagent starts when that step ends) plus the
 *   backoff before each retry — nothing starts before its dependencies' last attempt ended;
 * - the total occupancy divided by P: a subagent is held from the step that assigns it (S_main)
 *   to its attempt's end, and at most P are held at once.
 *
 * With whole-number durations the makespan is whole, so the second term is rounded up.
 */
export function realizedLowerBound(fold: RealizedFold, mainStepCost: number): number {
  const own = new Map<string, number>();
  let total = 0;
  let whole = Number.isInteger(mainStepCost);
  for (const a of fold.attempts) {
    const held = mainStepCost + ((a.end ?? a.start) - a.start);
    own.set(a.task, (own.get(a.task) ?? 0) + held);
    total += held;
    if (!Number.isInteger(held)) whole = false;
  }
  // k attempts are separated by k − 1 backoffs; one more means the run stopped during it, and no
  // schedule of this work has to wait it out.
  const attempts = new Map<string, number>();
  for (const a of fold.attempts) attempts.set(a.task, (attempts.get(a.task) ?? 0) + 1);
  const waited = new Map<string, number>();
  for (const b of fold.backoffs) {
    const k = waited.get(b.task) ?? 0;
    if (k + 1 >= (attempts.get(b.task) ?? 0)) continue;
    waited.set(b.task, k + 1);
    own.set(b.task, (own.get(b.task) ?? 0) + b.delay);
  }

  const chain = longestChain(fold.deps, own);
  const p = Math.max(1, fold.workers);
  const share = whole ? Math.ceil(total / p) : total / p;
  return Math.max(chain, share);
}

/** The heaviest chain through the dependencies, each task weighing `own` (0 when it never ran). */
function longestChain(
  deps: ReadonlyMap<string, readonly string[]>,
  own: ReadonlyMap<string, number>,
): number {
  const finish = new Map<string, number>();
  let best = 0;
  // Iterative depth-first order: graphs of thousands of tasks would overflow a recursive walk.
  for (const root of deps.keys()) {
    if (finish.has(root)) continue;
    const stack: { id: string; next: number }[] = [{ id: root, next: 0 }];
    const onStack = new Set<string>([root]);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { id: string; next: number };
      const list = deps.get(top.id) ?? [];
      if (top.next < list.length) {
        const d = list[top.next++] as string;
        if (!finish.has(d) && !onStack.has(d) && deps.has(d)) {
          stack.push({ id: d, next: 0 });
          onStack.add(d);
        }
        continue;
      }
      let start = 0;
      for (const d of list) start = Math.max(start, finish.get(d) ?? 0);
      const end = start + (own.get(top.id) ?? 0);
      finish.set(top.id, end);
      best = Math.max(best, end);
      stack.pop();
      onStack.delete(top.id);
    }
  }
  return best;
}
