/**
 * The router's candidate set: every plausible choice with an initial probability p0, summing to
 * 1, for whoever wants more than the one choice (a planner that tries the second workflow when the
 * first fails, a bandit over candidates, a person reading `swarm route`).
 *
 * From the rules, in the same terms as their confidence: the rules are sure of anything at all
 * only to the strength s = min(0.9, 0.5 + 0.1·w_win) (rules.ts), so
 *
 *   p_rules(c) = s · w_c / w_all                 for each choice a rule voted for,
 *   p_rules(c) = (1 − s) / (workflows not voted)  for each other workflow, at its default topology,
 *
 * and the winner's p0 is the rules' confidence. A query no rule matches gives single/general the
 * fallback confidence and spreads the rest evenly.
 *
 * From the classifier (naive Bayes or nearest neighbours), when it decided: its posterior
 * P(c | query), for the part of the query it has seen. A naive Bayes posterior is near 0 or 1 for
 * any sentence, even one made mostly of words it never saw, which is why its confidence is
 * posterior · coverage (classifier.ts); the candidates take the same care:
 *
 *   p(c) = coverage · P(c | query) + (1 − coverage) · p_rules(c)
 *
 * so a classifier that knows 40% of the query's features holds 40% of the belief and the rules
 * the rest. Choices under `minCandidateP` are dropped and the rest renormalized: a posterior of
 * 1e-9 is not a plausible alternative.
 */
import {
  type Choice,
  choiceLabel,
  defaultTopology,
  parseChoiceLabel,
  topologies,
  type Workflow,
  workflows,
} from './choice';
import type { Prediction } from './classifier';
import { fallbackChoice, fallbackConfidence, type Rule, ruleStrength, ruleVotes, winningVote } from './rules';

export interface Candidate extends Choice {
  /** The initial probability p0 of this choice, in (0, 1]; a route's candidates sum to 1. */
  readonly p: number;
}

/** Below this p0 a choice is not a candidate. */
export const minCandidateP = 0.01;

const rank = (c: Choice) =>
  workflows.indexOf(c.workflow) * topologies.length + topologies.indexOf(c.topology);

/**
 * Drops the implausible, renormalizes, and orders by p0 (the decided choice first among equals,
 * then workflow and topology order), so the list reads the same on every run.
 */
function finish(weighted: readonly Candidate[], decided: Choice): Candidate[] {
  const plausible = weighted.filter((c) => c.p >= minCandidateP);
  // Hundreds of classes could leave every one under the floor: the most probable stays.
  const kept = plausible.length > 0 ? plausible : [...weighted].sort((a, b) => b.p - a.p).slice(0, 1);
  const total = kept.reduce((sum, c) => sum + c.p, 0);
  const first = choiceLabel(decided);
  return kept
    .map((c) => ({ topology: c.topology, workflow: c.workflow, p: c.p / total }))
    .sort(
      (a, b) =>
        b.p - a.p || Number(choiceLabel(b) === first) - Number(choiceLabel(a) === first) || rank(a) - rank(b),
    );
}

/** The rules' candidates for a query: vote shares within their strength, the rest as a floor. */
export function candidatesFromRules(query: string, rules?: readonly Rule[]): Candidate[] {
  const { votes } = ruleVotes(query, rules);
  const total = votes.reduce((sum, v) => sum + v.weight, 0);
  const best = winningVote(votes);
  const voted =
    best && total > 0
      ? votes.map((v) => ({ ...v.choice, p: (v.weight / total) * ruleStrength(best.weight) }))
      : [{ ...fallbackChoice, p: fallbackConfidence }];
  const decided: Choice = best && total > 0 ? best.choice : (voted[0] as Choice);
  const claimed = new Set<Workflow>(voted.map((c) => c.workflow));
  const others = workflows.filter((w) => !claimed.has(w));
  const rest = 1 - voted.reduce((sum, c) => sum + c.p, 0);
  // Every workflow voted for: nothing is left to spread, the votes are the whole belief.
  if (others.length === 0) return finish(voted, decided);
  const floor = others.map((workflow) => ({
    topology: defaultTopology(workflow),
    workflow,
    p: rest / others.length,
  }));
  return finish([...voted, ...floor], decided);
}

/** A classifier's candidates: its posterior where it knows the query, the rules' belief elsewhere. */
export function candidatesFromPrediction(
  prediction: Prediction,
  fromRules: readonly Candidate[],
): Candidate[] {
  const decided = parseChoiceLabel(prediction.label);
  if (!decided) throw new Error(`prediction names no choice: "${prediction.label}"`);
  const coverage = Math.min(1, Math.max(0, prediction.coverage));
  const belief = new Map<string, Candidate>();
  const add = (choice: Choice, p: number) => {
    const label = choiceLabel(choice);
    const prior = belief.get(label)?.p ?? 0;
    belief.set(label, { topology: choice.topology, workflow: choice.workflow, p: prior + p });
  };
  for (const [label, p] of Object.entries(prediction.posteriors)) {
    const choice = parseChoiceLabel(label);
    if (choice) add(choice, coverage * p);
  }
  for (const c of fromRules) add(c, (1 - coverage) * c.p);
  return finish([...belief.values()], decided);
}

/**
 * The candidates once the bandit ran the decided workflow on another topology: the same belief
 * about the task, under the choice that will run it (merged if that choice was a candidate too).
 */
export function swapCandidate(candidates: readonly Candidate[], from: Choice, to: Choice): Candidate[] {
  const source = choiceLabel(from);
  const target = choiceLabel(to);
  const moved = candidates.find((c) => choiceLabel(c) === source);
  if (!moved || source === target) return [...candidates];
  const rest = candidates.filter((c) => choiceLabel(c) !== source && choiceLabel(c) !== target);
  const merged = moved.p + (candidates.find((c) => choiceLabel(c) === target)?.p ?? 0);
  return finish([{ ...to, p: merged }, ...rest], to);
}
