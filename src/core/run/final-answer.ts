/**
 * What a run of a task scenario hands back to the user: the answers of the plan's last tasks
 * (those no other task builds on: the merge, the assembly, the single agent's one task), in plan
 * order. A swarm whose merge failed hands back what came through before it.
 */

import { votedView } from '../scenarios/cut';
import { finalAnswer } from '../scenarios/last-answers';
import type { PreparedTaskRun } from './prepare';

/** A run's answer to its user: the kind's team answer where it has one (a vote), else `finalAnswer`. */
export function runAnswer(run: PreparedTaskRun, answers: ReadonlyMap<string, string>): string | undefined {
  // An own request's answer is its last task's, which merged the team's work (request-plan.ts).
  if (run.spec.request) return finalAnswer(run.plan, answers);
  // Replicas' answers vote first: the answer shown is the one graded (scenarios/cut.ts).
  const voted = votedView(run.plan, answers);
  return (
    run.kind.teamAnswer?.(run.instance, voted.plan, voted.answers) ?? finalAnswer(voted.plan, voted.answers)
  );
}

export { finalAnswer };
