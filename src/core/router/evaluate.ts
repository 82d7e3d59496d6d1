/**
 * How well the router labels held-out requests (the test split of a requests file), layer by
 * layer: the rules alone, the naive Bayes classifier alone (always its top class, however unsure),
 * and the whole router as `swarm route` runs it (rules, classifier, nearest neighbours when an
 * embedder is given, bandit). Scores are plain counts, so two evaluations compare exactly:
 *
 *   accuracy          share of requests given their exact label (topology and workflow),
 *   workflowAccuracy  share given the right workflow, whatever the topology,
 *   perWorkflow       per gold workflow: requests and how many got that workflow,
 *   confusion         gold workflow → predicted workflow → count (the diagonal included).
 */
import type { Embedder } from '../embeddings/types';
import { type ChoiceLabel, parseChoiceLabel, type Workflow, workflows } from './choice';
import { type Example, predictNaiveBayes } from './classifier';
import { indexExamples, nearestFor } from './nearest';
import { type RouterModel, routeQuery } from './router';
import { applyRules, type Rule } from './rules';

export interface Scored {
  readonly gold: ChoiceLabel;
  readonly predicted: ChoiceLabel;
}

export interface WorkflowScore {
  readonly n: number;
  readonly correct: number;
  readonly accuracy: number;
}

export interface EvalScore {
  readonly n: number;
  readonly accuracy: number;
  readonly workflowAccuracy: number;
  readonly perWorkflow: Readonly<Partial<Record<Workflow, WorkflowScore>>>;
  readonly confusion: Readonly<Partial<Record<Workflow, Readonly<Partial<Record<Workflow, number>>>>>>;
}

const workflowOf = (label: ChoiceLabel): Workflow => {
  const choice = parseChoiceLabel(label);
  if (!choice) throw new Error(`not a topology/workflow label: "${label}"`);
  return choice.workflow;
};

/** Counts right and wrong labels; workflows come out in the order of `workflows`. */
export function scoreRoutes(pairs: readonly Scored[]): EvalScore {
  if (pairs.length === 0) throw new Error('nothing to score: the test split is empty');
  const perWorkflow: Partial<Record<Workflow, WorkflowScore>> = {};
  const confusion: Partial<Record<Workflow, Partial<Record<Workflow, number>>>> = {};
  for (const gold of workflows) {
    const mine = pairs.filter((p) => workflowOf(p.gold) === gold);
    if (mine.length === 0) continue;
    const row: Partial<Record<Workflow, number>> = {};
    for (const predicted of workflows) {
      const n = mine.filter((p) => workflowOf(p.predicted) === predicted).length;
      if (n > 0) row[predicted] = n;
    }
    const correct = row[gold] ?? 0;
    perWorkflow[gold] = { n: mine.length, correct, accuracy: correct / mine.length };
    confusion[gold] = row;
  }
  const exact = pairs.filter((p) => p.gold === p.predicted).length;
  const sameWorkflow = pairs.filter((p) => workflowOf(p.gold) === workflowOf(p.predicted)).length;
  return {
    n: pairs.length,
    accuracy: exact / pairs.length,
    workflowAccuracy: sameWorkflow / pairs.length,
    perWorkflow,
    confusion,
  };
}

export interface RoutingEvaluation {
  readonly rules: EvalScore;
  readonly classifier: EvalScore;
  readonly router: EvalScore;
}

export interface EvaluateOptions {
  /** Embeds the model's examples for the nearest-neighbour layer; without it the router has none. */
  readonly embedder?: Embedder;
  readonly rules?: readonly Rule[];
}

/** Scores the three layers on labelled requests the model never trained on. */
export async function evaluateRouting(
  model: RouterModel,
  test: readonly Example[],
  options: EvaluateOptions = {},
): Promise<RoutingEvaluation> {
  const gold = test.map((e) => e.label as ChoiceLabel);
  const score = (predicted: readonly ChoiceLabel[]) =>
    scoreRoutes(predicted.map((p, i) => ({ gold: gold[i] as ChoiceLabel, predicted: p })));
  const label = (c: { topology: string; workflow: string }) => `${c.topology}/${c.workflow}` as ChoiceLabel;
  const byRules = test.map((e) => label(applyRules(e.text, options.rules).choice));
  const byClassifier = test.map((e) => predictNaiveBayes(model.classifier, e.text).label as ChoiceLabel);
  const { embedder } = options;
  const index =
    embedder && model.examples && model.examples.length > 0
      ? await indexExamples(embedder, model.examples)
      : undefined;
  const byRouter: ChoiceLabel[] = [];
  for (const e of test) {
    const nearest = embedder && index ? await nearestFor(embedder, index, e.text) : undefined;
    const route = routeQuery(model, e.text, {
      ...(options.rules ? { rules: options.rules } : {}),
      ...(nearest ? { nearest } : {}),
    });
    byRouter.push(label(route));
  }
  return { rules: score(byRules), classifier: score(byClassifier), router: score(byRouter) };
}
