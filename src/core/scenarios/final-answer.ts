/**
 * What a run of a task scenario hands back to the user: the answers of the plan's last tasks
 * (those no other task builds on: the merge, the assembly, the single agent's one task), in plan
 * order. A swarm whose merge failed hands back what came through before it.
 */

import type { PreparedTaskRun } from './prepare';
import type { Plan } from './types';

/** A run's answer to its user: the kind's team answer where it has one (a vote), else `finalAnswer`. */
export function runAnswer(run: PreparedTaskRun, answers: ReadonlyMap<string, string>): string | undefined {
  return run.kind.teamAnswer?.(run.instance, run.plan, answers) ?? finalAnswer(run.plan, answers);
}

export function finalAnswer(plan: Plan, answers: ReadonlyMap<string, string>): string | undefined {
  const needed = new Set(plan.tasks.flatMap((t) => t.deps));
  const last = plan.tasks.filter((t) => !needed.has(t.id));
  const texts = last
    .map((t) => answers.get(t.id))
    .filter((a): a is string => a !== undefined && a.trim() !== '');
  if (texts.length > 0) return texts.join('\n\n');
  // Nothing at the end: the deepest answers that did arrive, in plan order.
  const any = plan.tasks
    .map((t) => answers.get(t.id))
    .filter((a): a is string => a !== undefined && a.trim() !== '');
  return any.length > 0 ? any.join('\n\n') : undefined;
}
