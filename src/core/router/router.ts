/**
 * The router: picks a topology and a workflow for a free-text query by composing the layers.
 *
 *   1. rules (rules.ts) always give a choice and a confidence;
 *   2. the classifier (classifier.ts), once trained, replaces them when its confidence is at least
 *      the rules' confidence; a nearest-neighbour prediction over embeddings (nearest.ts), when the
 *      caller passes one, competes with it on the same terms (naive Bayes wins a tie);
 *   3. when the rules decided, the bandit (bandit.ts) looks at the task type (the rules'
 *      workflow) and may swap the topology for one that has earned a higher value on that type;
 *   4. escalation: a confidence below the threshold asks for the next larger profile.
 *
 * Beside the one choice, a route carries its candidates (candidates.ts): every plausible choice
 * with an initial probability, from the layer that decided.
 *
 * The layers go from the most specific evidence to the least: the classifier has seen this query
 * (or near copies) and which choice did best on it, the bandit only how each topology fared on the
 * type, the rules only keywords. So the bandit corrects the rules, never a confident classifier;
 * a swap keeps the rules' confidence, which is about what the task is, not how to run it.
 */
import type { Rng } from '../util/rng';
import type { RecencyBandit } from './bandit';
import { type Candidate, candidatesFromPrediction, candidatesFromRules, swapCandidate } from './candidates';
import {
  type Choice,
  type ChoiceLabel,
  choiceLabel,
  largerProfile,
  type Profile,
  parseChoiceLabel,
  type Workflow,
} from './choice';
import { type Example, type NaiveBayesModel, type Prediction, predictNaiveBayes } from './classifier';
import { applyRules, defaultRules, type Rule } from './rules';

/** A trained router: what a checkpoint holds. */
export interface RouterModel {
  readonly classifier: NaiveBayesModel;
  readonly bandit: RecencyBandit;
  /** Runs the bandit replayed; queries the classifier learned (labelled trace queries and requests). */
  readonly trainedOn: { readonly runs: number; readonly queries: number };
  /**
   * The labelled training queries, for the nearest-neighbour layer (nearest.ts), which embeds them
   * with whatever embedder the caller has. Absent in checkpoints written before it existed.
   */
  readonly examples?: readonly Example[];
}

export type RouteSource = 'rules' | 'classifier' | 'bandit';

export interface BaseDecision {
  readonly choice: Choice;
  readonly confidence: number;
  readonly source: 'rules' | 'classifier';
  /** Rules that matched the query (whichever layer decided). */
  readonly rules: readonly string[];
  /** Every plausible choice with its p0, from the deciding layer, most probable first. */
  readonly candidates: readonly Candidate[];
}

export interface Route extends Choice {
  readonly confidence: number;
  readonly source: RouteSource;
  /** The task type: the workflow of the rules' or the classifier's choice. */
  readonly taskType: Workflow;
  readonly rules: readonly string[];
  /** True when the bandit drew this choice at random (only with an Rng). */
  readonly explored: boolean;
  readonly escalate: boolean;
  /** The profile to run with: the one asked for, or the next larger one when escalating. */
  readonly profile: Profile;
  /**
   * Every plausible choice with its initial probability, summing to 1, most probable first: the
   * deciding layer's belief (candidates.ts). A bandit swap moves the decided workflow's share to
   * the topology that will run it.
   */
  readonly candidates: readonly Candidate[];
}

export interface RouteOptions {
  /** Escalate below this confidence. @default 0.5 */
  readonly threshold?: number;
  /** The profile the caller would run with. @default 'medium' */
  readonly profile?: Profile;
  /** Enables ε-greedy exploration; without it the bandit is greedy. */
  readonly rng?: Rng;
  readonly rules?: readonly Rule[];
  /**
   * The nearest-neighbour classifier's prediction for this query (nearest.ts: `nearestFor`),
   * computed by the caller because embedding is asynchronous. Without it, routing is unchanged.
   */
  readonly nearest?: Prediction;
}

/** Layers 1 and 2: the rules, or the classifier when it is at least as confident. */
export function baseDecision(
  model: RouterModel | undefined,
  query: string,
  rules: readonly Rule[] = defaultRules,
  nearest?: Prediction,
): BaseDecision {
  const byRules = applyRules(query, rules);
  const predictions: Prediction[] = [];
  if (model && model.classifier.classes.length > 0)
    predictions.push(predictNaiveBayes(model.classifier, query));
  if (nearest) predictions.push(nearest);
  let decided: { choice: Choice; confidence: number; prediction: Prediction } | undefined;
  for (const prediction of predictions) {
    const choice = parseChoiceLabel(prediction.label);
    if (!choice || prediction.confidence < byRules.confidence) continue;
    if (decided && prediction.confidence <= decided.confidence) continue;
    decided = { choice, confidence: prediction.confidence, prediction };
  }
  const fromRules = candidatesFromRules(query, rules);
  if (!decided) {
    return {
      choice: byRules.choice,
      confidence: byRules.confidence,
      source: 'rules',
      rules: byRules.matched,
      candidates: fromRules,
    };
  }
  return {
    choice: decided.choice,
    confidence: decided.confidence,
    source: 'classifier',
    rules: byRules.matched,
    candidates: candidatesFromPrediction(decided.prediction, fromRules),
  };
}

export function routeQuery(model: RouterModel | undefined, query: string, options: RouteOptions = {}): Route {
  const threshold = options.threshold ?? 0.5;
  const profile = options.profile ?? 'medium';
  const base = baseDecision(model, query, options.rules, options.nearest);
  const taskType = base.choice.workflow;
  let choice = base.choice;
  let source: RouteSource = base.source;
  let explored = false;
  if (model && base.source === 'rules') {
    const sameWorkflow = (arm: string) => parseChoiceLabel(arm)?.workflow === taskType;
    const selected = model.bandit.select(taskType, choiceLabel(base.choice), options.rng, sameWorkflow);
    const picked = parseChoiceLabel(selected.arm);
    if (picked && selected.arm !== choiceLabel(base.choice)) {
      choice = picked;
      source = 'bandit';
      explored = selected.explored;
    }
  }
  const escalate = base.confidence < threshold;
  return {
    topology: choice.topology,
    workflow: choice.workflow,
    confidence: base.confidence,
    source,
    taskType,
    rules: base.rules,
    explored,
    escalate,
    profile: escalate ? largerProfile(profile) : profile,
    candidates: source === 'bandit' ? swapCandidate(base.candidates, base.choice, choice) : base.candidates,
  };
}

/** Feedback after a routed run: the bandit learns Q ← Q + α(r − Q) for the choice that ran. */
export function recordReward(model: RouterModel, route: Route, reward: number): void {
  const arm: ChoiceLabel = choiceLabel(route);
  model.bandit.update(route.taskType, arm, reward);
}
