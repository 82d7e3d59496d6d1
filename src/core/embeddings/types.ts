/**
 * The embeddings port: text in, one unit vector per text out. A weight-free hashing embedder
 * (hashing.ts) serves offline; a WebLLM embedding model (src/adapters/browser/webllm-embedder.ts) serves
 * when a GPU is there. Vectors from two embedders live in different spaces: never compare them,
 * and key anything stored by `name`.
 */

export interface Embedder {
  /** Names the vector space: two embedders with the same name give comparable vectors. */
  readonly name: string;
  readonly dim: number;
  /**
   * One vector per text, in order, each of length `dim` and L2 norm 1 — or all zeros for a text
   * with nothing to embed (blank; to the hashing embedder, anything without letters or digits).
   * Rejects with the signal's reason on abort.
   */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** Scales `v` to unit L2 norm in place and returns it; a zero (or non-finite) vector becomes zeros. */
export function l2Normalize<V extends Float32Array>(v: V): V {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0 && Number.isFinite(norm)) {
    for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / norm;
  } else {
    v.fill(0);
  }
  return v;
}

/** Cosine similarity in [-1, 1]; 0 when either vector is zero (a zero vector is like nothing). */
export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`cosine of vectors of length ${a.length} and ${b.length}`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  if (na === 0 || nb === 0) return 0;
  // Float32 rounding can put a vector's similarity to itself a hair above 1.
  return Math.max(-1, Math.min(1, dot / Math.sqrt(na * nb)));
}

export interface Neighbour {
  /** Position in the vectors searched. */
  readonly index: number;
  /** Cosine similarity to the query. */
  readonly score: number;
}

/**
 * The k vectors most similar to the query, best first; equal scores go to the lower index so the
 * answer never depends on sort stability. An exhaustive scan: fine for the few thousand vectors a
 * browser knowledge base holds.
 */
export function topK(query: Float32Array, vectors: readonly Float32Array[], k: number): Neighbour[] {
  if (!(k > 0)) return [];
  return vectors
    .map((v, index) => ({ index, score: cosine(query, v) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, Math.floor(k));
}
