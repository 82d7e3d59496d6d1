/**
 * The answers of a plan's last tasks (those no other task builds on: the merge, the assembly, the
 * single agent's one task), in plan order; a swarm whose merge failed hands back what came through
 * before it. Apart from final-answer.ts, which also knows prepared runs, so that a scenario kind's
 * own team answer (rag-qa's) can start from it without an import cycle through prepare.ts.
 */

import type { Plan } from './types';

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
