/**
 * The offline text classifier: multinomial naive Bayes over word unigrams and bigrams (text.ts)
 * with add-α (Laplace) smoothing. For class c and feature f,
 *
 *   P(f | c) = (n_cf + α) / (N_c + α·|V|),   log P(c | q) ∝ log P(c) + Σ_{f ∈ q} log P(f | c)
 *
 * where n_cf counts f in class c's training queries, N_c all features of class c and |V| the
 * vocabulary. Features never seen in training are left out of the sum (they carry no evidence).
 *
 * Naive Bayes posteriors are famously over-confident and say nothing about how much of the query
 * the model has ever seen, so the confidence reported is the top posterior times the share of the
 * query's features that are in the vocabulary: a query made of unseen words gets a low confidence
 * and the router falls back to its rules.
 */

import { exp, log } from '../util/math';
import { features } from './text';

export interface NaiveBayesModel {
  readonly classes: readonly string[];
  /** Training queries per class; the class priors are docs[c] / Σ docs. */
  readonly docs: readonly number[];
  /** Every feature seen in training, sorted. */
  readonly vocab: readonly string[];
  /** counts[c][v]: occurrences of vocab[v] in class c's training queries. */
  readonly counts: readonly (readonly number[])[];
  /** α of add-α smoothing (1: Laplace). */
  readonly smoothing: number;
}

export interface Example {
  readonly text: string;
  readonly label: string;
}

/** Counts features per class. Classes and vocabulary come out sorted, so training is order-free. */
export function trainNaiveBayes(examples: readonly Example[], smoothing = 1): NaiveBayesModel {
  if (!(smoothing > 0)) throw new Error(`naive Bayes smoothing must be > 0, got ${smoothing}`);
  const classes = [...new Set(examples.map((e) => e.label))].sort();
  const featuresOf = examples.map((e) => features(e.text));
  const vocab = [...new Set(featuresOf.flat())].sort();
  const index = new Map(vocab.map((f, i) => [f, i]));
  const docs = classes.map(() => 0);
  const counts = classes.map(() => vocab.map(() => 0));
  examples.forEach((e, i) => {
    const c = classes.indexOf(e.label);
    docs[c] = (docs[c] as number) + 1;
    const row = counts[c] as number[];
    for (const f of featuresOf[i] as string[]) {
      const v = index.get(f) as number;
      row[v] = (row[v] as number) + 1;
    }
  });
  return { classes, docs, vocab, counts, smoothing };
}

export interface Prediction {
  readonly label: string;
  /** The top posterior probability P(label | query). */
  readonly posterior: number;
  /** Share of the query's features in the vocabulary, in [0, 1]. */
  readonly coverage: number;
  /** posterior · coverage: what the router compares with the rules' confidence. */
  readonly confidence: number;
  /** P(c | query) for every class, in the model's class order. */
  readonly posteriors: Readonly<Record<string, number>>;
}

interface Derived {
  readonly index: Map<string, number>;
  /** N_c per class. */
  readonly tokens: readonly number[];
}
// Derived once per model, not once per prediction: scoring a training set would otherwise re-sum
// every count row for every query.
const derivedCache = new WeakMap<NaiveBayesModel, Derived>();
function derived(model: NaiveBayesModel): Derived {
  let d = derivedCache.get(model);
  if (!d) {
    d = {
      index: new Map(model.vocab.map((f, i) => [f, i])),
      tokens: model.counts.map((row) => row.reduce((a, b) => a + b, 0)),
    };
    derivedCache.set(model, d);
  }
  return d;
}

/** The most probable class of a query; ties go to the class first in sorted order. */
export function predictNaiveBayes(model: NaiveBayesModel, text: string): Prediction {
  if (model.classes.length === 0) throw new Error('naive Bayes model has no classes: train it on examples');
  const { index, tokens } = derived(model);
  const found = features(text);
  const known = found.map((f) => index.get(f)).filter((v): v is number => v !== undefined);
  const totalDocs = model.docs.reduce((a, b) => a + b, 0);
  const alpha = model.smoothing;
  const logs = model.classes.map((_, c) => {
    const row = model.counts[c] as readonly number[];
    const denominator = log((tokens[c] as number) + alpha * model.vocab.length);
    let score = log((model.docs[c] as number) / totalDocs);
    for (const v of known) score += log((row[v] as number) + alpha) - denominator;
    return score;
  });
  // Softmax in log space: subtract the largest so no exp underflows to 0 for every class.
  const top = Math.max(...logs);
  const weights = logs.map((l) => exp(l - top));
  const sum = weights.reduce((a, b) => a + b, 0);
  const probabilities = weights.map((w) => w / sum);
  let best = 0;
  probabilities.forEach((p, c) => {
    if (p > (probabilities[best] as number)) best = c;
  });
  const posterior = probabilities[best] as number;
  const coverage = found.length === 0 ? 0 : known.length / found.length;
  return {
    label: model.classes[best] as string,
    posterior,
    coverage,
    confidence: posterior * coverage,
    posteriors: Object.fromEntries(model.classes.map((c, i) => [c, probabilities[i] as number])),
  };
}
