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
 * Hand-labelled requests (requests.ts), when given, join the labelled queries as classifier
 * examples: they teach what kind of task a request is, which traces can only teach for the
 * scenarios that were run. They carry no reward, so the bandit learns from the runs alone.
 *
 * The order of runs matters to the bandit (recent rewards weigh more), so callers pass them in a
 * stable order (the CLI sorts trace files by name).
 */
import { type BanditHyper, RecencyBandit } from './bandit';
import { type ChoiceLabel, choiceLabel } from './choice';
import { type Example, predictNaiveBayes, trainNaiveBayes } from './classifier';
import { type LabelledQuery, type LoggedRun, labelQueries } from './logged-runs';
import { baseDecision, type RouterModel } from './router';
import { applyRules, defaultRules, type Rule } from './rules';

export interface TrainOptions {
  /** α of the classifier's add-α smoothing. @default 1 */
  readonly smoothing?: number;
  readonly bandit?: Partial<BanditHyper>;
  readonly rules?: readonly Rule[];
  /** Labelled requests (a requests file's train split) to fit the classifier on besides the runs. */
  readonly requests?: readonly Example[];
}

export interface TrainSummary {
  readonly runs: number;
  readonly queries: number;
  /** Labelled requests the classifier learned from besides the runs' queries. */
  readonly requests: number;
  /** Classifier examples (runs' queries and requests) per label. */
  readonly labels: Readonly<Partial<Record<ChoiceLabel, number>>>;
  /** Share of the classifier's examples it gives their own label. */
  readonly trainingAccuracy: number;
}

export interface TrainedRouter {
  readonly model: RouterModel;
  readonly labelled: readonly LabelledQuery[];
  readonly summary: TrainSummary;
}

export function trainRouter(runs: readonly LoggedRun[], options: TrainOptions = {}): TrainedRouter {
  const requests = options.requests ?? [];
  if (runs.length === 0 && requests.length === 0) {
    throw new Error('cannot train a router on no runs and no labelled requests');
  }
  const rules = options.rules ?? defaultRules;
  const labelled = labelQueries(runs);
  const examples: Example[] = [...labelled.map((q) => ({ text: q.query, label: q.label })), ...requests];
  const classifier = trainNaiveBayes(examples, options.smoothing ?? 1);
  const bandit = new RecencyBandit(options.bandit);
  const model: RouterModel = {
    classifier,
    bandit,
    trainedOn: { runs: runs.length, queries: examples.length },
    examples,
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
    labels[label] = examples.filter((e) => e.label === label).length;
  }
  const right = examples.filter((e) => predictNaiveBayes(classifier, e.text).label === e.label).length;
  return {
    model,
    labelled,
    summary: {
      runs: runs.length,
      queries: labelled.length,
      requests: requests.length,
      labels,
      trainingAccuracy: right / examples.length,
    },
  };
}
