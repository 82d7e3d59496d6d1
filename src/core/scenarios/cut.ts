/**
 * How a swarm's plan cuts a task, beyond the kind's own decomposition (issue 41, item 2): how
 * many units of work go to one shard, and how many replicas run each votable part, their answers
 * voting for the part's answer.
 *
 * A kind declares what it allows (`ScenarioKind.cuts`): wide search shards its rows; deep search
 * and rag-qa let their parts vote. Replicas are tasks of the graph like any other (`X`, `X~2`,
 * `X~3`): each is scheduled, paid for and merged into the orchestrator's context, and each draws
 * its own mistakes (the simulated model's randomness is keyed by the subtask id). They share the
 * part's difficulty (instance-world.ts keys it by `baseTaskId`), since they do the same work. What
 * depends on a voted part, and what is graded and shown, reads the vote: the grader sees the
 * kind's own plan and one answer per part, so no kind's grader knows about replicas.
 */
import type { CutRules, Plan, PlanCut, PlannedTask, Replicated, VoteRule } from './types';

export type { CutRules, PlanCut, Replicated, VoteRule } from './types';

/** The most replicas a part may have: past 5, a vote's gain is lost in its cost. */
export const MAX_REPLICAS = 5;

/** The id of a part's replica `r` (from 0): the first keeps the part's id. */
export const replicaId = (id: string, r: number): string => (r === 0 ? id : `${id}~${r + 1}`);

/** The part a task id belongs to: a replica's part, or the id itself. */
export const baseTaskId = (id: string): string => id.replace(/~\d+$/, '');

/**
 * The plan with each votable part run by `replicas` replicas. A task that depended on a part
 * depends on all its replicas and is built from their vote; a replica that failed does not vote,
 * and a part none of whose replicas answered is absent, as a failed part is.
 */
export function replicate(plan: Plan, replicas: number, rule: VoteRule): Plan {
  if (replicas <= 1) return plan;
  const voting = new Set(plan.tasks.filter((t) => rule.votes(t)).map((t) => t.id));
  if (voting.size === 0) return plan;
  const idsOf = (id: string): string[] =>
    voting.has(id) ? Array.from({ length: replicas }, (_, r) => replicaId(id, r)) : [id];
  const votedAnswers = (answers: ReadonlyMap<string, string>): ReadonlyMap<string, string> => {
    const out = new Map(answers);
    for (const id of voting) {
      const ids = idsOf(id);
      const given = ids.flatMap((r) => {
        const a = answers.get(r);
        return a === undefined ? [] : [a];
      });
      for (const r of ids) out.delete(r);
      if (given.length > 0) out.set(id, rule.vote(given));
    }
    return out;
  };
  const tasks = plan.tasks.flatMap((t): PlannedTask[] => {
    const deps = t.deps.flatMap(idsOf);
    if (!voting.has(t.id)) return [{ ...t, deps, subtask: (inputs) => t.subtask(votedAnswers(inputs)) }];
    return idsOf(t.id).map((id) => ({
      ...t,
      id,
      replicaOf: t.id,
      deps,
      subtask: (inputs) => ({ ...t.subtask(votedAnswers(inputs)), id }),
    }));
  });
  const replicated: Replicated = { base: plan, replicas, votedAnswers };
  return { mode: plan.mode, tasks, replicated };
}

/** The plan and answers a grader, a team answer or a final answer reads: one answer per part. */
export function votedView(
  plan: Plan,
  answers: ReadonlyMap<string, string>,
): { readonly plan: Plan; readonly answers: ReadonlyMap<string, string> } {
  return plan.replicated
    ? { plan: plan.replicated.base, answers: plan.replicated.votedAnswers(answers) }
    : { plan, answers };
}

/**
 * The answer most replicas gave, compared by `key` (a normalised form); a tie goes to the one
 * given first. The answer returned is the first replica's wording of the winning key.
 */
export function majority(answers: readonly string[], key: (answer: string) => string): string {
  const counts = new Map<string, { n: number; first: string }>();
  for (const a of answers) {
    const k = key(a);
    const seen = counts.get(k);
    if (seen) seen.n++;
    else counts.set(k, { n: 1, first: a });
  }
  let best: { n: number; first: string } | undefined;
  for (const c of counts.values()) if (!best || c.n > best.n) best = c;
  return best?.first ?? '';
}

/** Whitespace and case do not make two answers differ. */
export const plainKey = (answer: string): string => answer.replace(/\s+/g, ' ').trim().toLowerCase();

/** A cut's problem for a kind, in words naming what is accepted; undefined when it is accepted. */
export function cutProblem(kind: string, rules: CutRules | undefined, cut: PlanCut): string | undefined {
  if (cut.shard !== undefined) {
    if (!rules?.shard) return `a ${kind} task is not cut into shards (only its own parts run)`;
    if (!Number.isInteger(cut.shard) || cut.shard < 1 || cut.shard > rules.shard.max)
      return `shard must be a whole number of units from 1 to ${rules.shard.max}, got ${cut.shard}`;
  }
  if (cut.replicas !== undefined && cut.replicas !== 1) {
    if (!rules?.vote) return `a ${kind} task's answers cannot vote, so its parts run once (replicas 1)`;
    if (!Number.isInteger(cut.replicas) || cut.replicas < 1 || cut.replicas > MAX_REPLICAS)
      return `replicas must be a whole number from 1 to ${MAX_REPLICAS}, got ${cut.replicas}`;
  }
  return undefined;
}
