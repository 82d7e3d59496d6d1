/**
 * Training the router from logged runs, in two passes over the same data:
 *
 *   1. label each query with its best choice (logged-runs.ts) and fit the classifier on
 *      (query, label) pairs;
 *   2. replay every run, in the order given, through the bandit: the task type is what layers 1–2
 *      of the trained router guess for the run's query, exactly as at routing time, and the arm
 *      that ran is updated with the run's reward. The rules' own choice for the query, when it is
 *      of that type and has no value yet, starts at the rules' confidence (a rule-seeded initial Q).
 *
 * The order of runs matters to the bandit (recent rewards weigh more), so callers pass them in a
 * stable order (the CLI sorts trace files by name).
 */
import { type BanditHyper, RecencyBandit } from './bandit';
import { type ChoiceLabel, choiceLabel } from './choice';
import { predictNaiveBayes, trainNaiveBayes } from './classifier';
import { type LabelledQuery, type LoggedRun, labelQueries } from './logged-runs';
import { baseDecision, type RouterModel } from './router';
import { applyRules, defaultRules, type Rule } from './rules';

export interface TrainOptions {
  /** α of the classifier's add-α smoothing. @default 1 */
  readonly smoothing?: number;
  readonly bandit?: Partial<BanditHyper>;
  readonly rules?: readonly Rule[];
}

export interface TrainSummary {
  readonly runs: number;
  readonly queries: number;
  /** Queries per label. */
  readonly labels: Readonly<Partial<Record<ChoiceLabel, number>>>;
  /** Share of training queries the classifier gives their own label. */
  readonly trainingAccuracy: number;
}

export interface TrainedRouter {
  readonly model: RouterModel;
  readonly labelled: readonly LabelledQuery[];
  readonly summary: TrainSummary;
}

export function trainRouter(runs: readonly LoggedRun[], options: TrainOptions = {}): TrainedRouter {
  if (runs.length === 0) throw new Error('cannot train a router on no runs');
  const rules = options.rules ?? defaultRules;
  const labelled = labelQueries(runs);
  const classifier = trainNaiveBayes(
    labelled.map((q) => ({ text: q.query, label: q.label })),
    options.smoothing ?? 1,
  );
  const bandit = new RecencyBandit(options.bandit);
  const model: RouterModel = {
    classifier,
    bandit,
    trainedOn: { runs: runs.length, queries: labelled.length },
    examples: labelled.map((q) => ({ text: q.query, label: q.label })),
  };

  // Layers 1–2 do not depend on the bandit: one guess per query serves all of its runs. The
  // nearest-neighbour layer is left out (it needs an embedder): on a training query naive Bayes is
  // as sure as it is, and at routing time either one, confident, keeps the bandit out.
  const typeOf = new Map(labelled.map((q) => [q.query, baseDecision(model, q.query, rules).choice.workflow]));
  for (const run of runs) {
    const type = typeOf.get(run.query) as string;
    const byRules = applyRules(run.query, rules);
    if (byRules.choice.workflow === type) bandit.seed(type, choiceLabel(byRules.choice), byRules.confidence);
    bandit.update(type, choiceLabel(run.choice), run.reward);
  }

  const labels: Partial<Record<ChoiceLabel, number>> = {};
  for (const label of classifier.classes as ChoiceLabel[]) {
    labels[label] = labelled.filter((q) => q.label === label).length;
  }
  const right = labelled.filter((q) => predictNaiveBayes(classifier, q.query).label === q.label).length;
  return {
    model,
    labelled,
    summary: {
      runs: runs.length,
      queries: labelled.length,
      labels,
      trainingAccuracy: right / labelled.length,
    },
  };
}
