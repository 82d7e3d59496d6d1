import { TopK } from './top-k';

/**
 * The embeddings of every passage in one contiguous Float32Array (row i = passage i), searched by
 * an exhaustive scan: every vector is L2-normalised when stored, so cosine similarity is a dot
 * product, unrolled by four (V8 runs that about 1.75× faster than the plain loop; int8 rows with
 * an integer dot product measured slower, 46 against 39 ms at 100,000 × 384). The scan costs
 * about 0.3 ms per 1,000 passages of 256 dimensions (docs/benchmarks.md), which is why there is
 * no approximate index: an ANN library (HNSW) would add a dependency, a second copy of the vectors
 * and approximate answers for a search already within its budget.
 */

export class VectorTable {
  private data: Float32Array;
  private rows = 0;

  constructor(
    readonly dim: number,
    capacity = 64,
  ) {
    this.data = new Float32Array(dim * Math.max(1, capacity));
  }

  get size(): number {
    return this.rows;
  }

  push(vector: Float32Array): number {
    if (vector.length !== this.dim)
      throw new Error(`a vector of length ${vector.length} in a table of ${this.dim}`);
    if ((this.rows + 1) * this.dim > this.data.length) {
      const grown = new Float32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data.set(vector, this.rows * this.dim);
    return this.rows++;
  }

  row(i: number): Float32Array {
    return this.data.subarray(i * this.dim, (i + 1) * this.dim);
  }

  /** Keeps the rows for which `keep(i)` holds, in order. */
  compact(keep: (i: number) => boolean): void {
    let to = 0;
    for (let i = 0; i < this.rows; i++) {
      if (!keep(i)) continue;
      if (to !== i) this.data.copyWithin(to * this.dim, i * this.dim, (i + 1) * this.dim);
      to++;
    }
    this.rows = to;
  }

  /** The rows as bytes, for a snapshot. */
  bytes(): Uint8Array {
    return new Uint8Array(this.data.buffer, this.data.byteOffset, this.rows * this.dim * 4).slice();
  }

  static fromBytes(dim: number, bytes: Uint8Array): VectorTable {
    if (bytes.length % (dim * 4) !== 0)
      throw new Error(`${bytes.length} bytes are not rows of ${dim} floats`);
    const rows = bytes.length / (dim * 4);
    const table = new VectorTable(dim, rows);
    table.data.set(new Float32Array(bytes.slice().buffer));
    table.rows = rows;
    return table;
  }

  /**
   * The `k` rows with the highest dot product with `q`, best first (ties to the lower row), from a
   * scan with a small min-heap of the best so far.
   */
  top(q: Float32Array, k: number): { index: number; score: number }[] {
    const n = this.rows;
    const dim = this.dim;
    const data = this.data;
    const want = Math.min(k, n);
    if (want <= 0) return [];
    const best = new TopK(want);
    for (let r = 0; r < n; r++) {
      const base = r * dim;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let j = 0;
      for (; j + 3 < dim; j += 4) {
        s0 += (data[base + j] as number) * (q[j] as number);
        s1 += (data[base + j + 1] as number) * (q[j + 1] as number);
        s2 += (data[base + j + 2] as number) * (q[j + 2] as number);
        s3 += (data[base + j + 3] as number) * (q[j + 3] as number);
      }
      for (; j < dim; j++) s0 += (data[base + j] as number) * (q[j] as number);
      const score = s0 + s1 + s2 + s3;
      best.offer(r, score);
    }
    return best.result().map((h) => ({ index: h.id, score: h.score }));
  }
}
