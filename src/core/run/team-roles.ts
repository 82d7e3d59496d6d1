/**
 * The roles of a team plan, given to the agents that run a plan's tasks. A plan lists its worker
 * roles in the order the work needs them (router/plan.ts: an outliner before writers before a
 * continuity editor), so the tasks are matched to them by depth in the graph: the first level to
 * the first role, the last level to the last, the levels between spread evenly over the roles
 * between. A peers plan lists one role per peer, matched by the peer's letter. Each agent then
 * reads its role in its system prompt (subagent.ts).
 */

import type { AsyncExecutor } from '../runtime/ports';
import type { Plan } from '../scenarios/types';

/** Task id → role, for a plan run by a team with these roles. */
export function rolesByTask(plan: Plan, roles: readonly string[]): Map<string, string> {
  const byTask = new Map<string, string>();
  if (roles.length === 0) return byTask;
  if (plan.mode === 'peers') {
    for (const t of plan.tasks) {
      const m = /-peer-([a-z])$/.exec(t.id);
      const role = m ? roles[(m[1] as string).charCodeAt(0) - 97] : undefined;
      if (role) byTask.set(t.id, role);
    }
    return byTask;
  }
  const level = new Map<string, number>();
  const levelOf = (id: string): number => {
    const known = level.get(id);
    if (known !== undefined) return known;
    const task = plan.tasks.find((t) => t.id === id);
    const l = task && task.deps.length > 0 ? 1 + Math.max(...task.deps.map(levelOf)) : 0;
    level.set(id, l);
    return l;
  };
  const depth = Math.max(0, ...plan.tasks.map((t) => levelOf(t.id)));
  for (const t of plan.tasks) {
    const at = depth === 0 ? 0 : Math.round((levelOf(t.id) * (roles.length - 1)) / depth);
    byTask.set(t.id, roles[at] as string);
  }
  return byTask;
}

/** The executor with each attempt told its task's role. */
export function withTeamRoles(base: AsyncExecutor, plan: Plan, roles: readonly string[]): AsyncExecutor {
  const byTask = rolesByTask(plan, roles);
  return {
    run(request, signal) {
      const role = byTask.get(request.taskId);
      return base.run(role ? { ...request, brief: { ...request.brief, role } } : request, signal);
    },
  };
}
