/**
 * A second classifier for the router: k nearest neighbours over embeddings of the training
 * queries. Naive Bayes (classifier.ts) only knows the exact words and word pairs it was trained
 * on, so a query in other words gets a low coverage and falls back to the rules; an embedder sees
 * past that — the offline hashing embedder through shared trigrams (typos, "founder"/"founded"),
 * a WebLLM embedding model through meaning.
 *
 * Among the k training queries most similar to the query (cosine s_i > 0), each votes for its
 * label with weight s_i:
 *
 *   P(c | q) = Σ_{i: label_i = c} s_i / Σ_i s_i,   coverage = max(0, (s_1 − b) / (1 − b))
 *
 * where s_1 is the nearest similarity and b the index's baseline: the mean similarity between
 * training queries of different labels. Raw cosines are not comparable across embedders (hashed
 * vectors of unrelated texts score ≈ 0, a sentence model's often well above 0), so b rescales "as
 * close as two unrelated queries" to 0 and "identical" to 1. As for naive Bayes,
 * confidence = P(label | q) · coverage: a query near nothing seen gets a low confidence whatever
 * the vote, and the router keeps its rules.
 *
 * Embedding is asynchronous and the router is not: the caller embeds the query and passes the
 * prediction in `RouteOptions.nearest`.
 */
import { cosine, type Embedder, topK } from '../embeddings/types';
import type { Example, Prediction } from './classifier';

export interface NearestIndex {
  /** The embedder's name: only query vectors from the same embedder may be compared. */
  readonly embedder: string;
  /** Sorted labels. */
  readonly classes: readonly string[];
  readonly labels: readonly string[];
  readonly vectors: readonly Float32Array[];
  /** Mean cosine between examples of different labels, in [0, 1); 0 when there are no such pairs. */
  readonly baseline: number;
}

export async function indexExamples(
  embedder: Embedder,
  examples: readonly Example[],
  signal?: AbortSignal,
): Promise<NearestIndex> {
  const vectors = await embedder.embed(
    examples.map((e) => e.text),
    signal,
  );
  const labels = examples.map((e) => e.label);
  // All pairs: a router trains on hundreds of queries, not millions.
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < vectors.length; i++) {
    for (let j = i + 1; j < vectors.length; j++) {
      if (labels[i] === labels[j]) continue;
      sum += cosine(vectors[i] as Float32Array, vectors[j] as Float32Array);
      pairs++;
    }
  }
  const baseline = pairs === 0 ? 0 : Math.min(0.99, Math.max(0, sum / pairs));
  return { embedder: embedder.name, classes: [...new Set(labels)].sort(), labels, vectors, baseline };
}

/** The similarity-weighted vote of the k nearest examples; ties go to the label first in sorted order. */
export function predictNearest(index: NearestIndex, query: Float32Array, k = 5): Prediction {
  if (index.classes.length === 0) throw new Error('nearest-neighbour index is empty: index some examples');
  const hits = topK(query, index.vectors, k).filter((h) => h.score > 0);
  const votes = index.classes.map(() => 0);
  for (const hit of hits) {
    const c = index.classes.indexOf(index.labels[hit.index] as string);
    votes[c] = (votes[c] as number) + hit.score;
  }
  const total = votes.reduce((a, b) => a + b, 0);
  const probabilities = votes.map((v) => (total > 0 ? v / total : 1 / votes.length));
  let best = 0;
  probabilities.forEach((p, c) => {
    if (p > (probabilities[best] as number)) best = c;
  });
  const posterior = probabilities[best] as number;
  const coverage = Math.max(0, ((hits[0]?.score ?? 0) - index.baseline) / (1 - index.baseline));
  return {
    label: index.classes[best] as string,
    posterior,
    coverage,
    confidence: posterior * coverage,
    posteriors: Object.fromEntries(index.classes.map((c, i) => [c, probabilities[i] as number])),
  };
}

/** Embeds one query and predicts: what a caller does before `routeQuery(…, { nearest })`. */
export async function nearestFor(
  embedder: Embedder,
  index: NearestIndex,
  query: string,
  k = 5,
  signal?: AbortSignal,
): Promise<Prediction> {
  if (embedder.name !== index.embedder) {
    throw new Error(
      `index built with ${index.embedder}, queried with ${embedder.name}: re-index the examples`,
    );
  }
  const [vector] = await embedder.embed([query], signal);
  return predictNearest(index, vector as Float32Array, k);
}
