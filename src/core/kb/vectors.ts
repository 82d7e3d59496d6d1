/**
 * The embeddings of every passage in one contiguous Float32Array (row i = passage i), searched by
 * an exhaustive scan: every vector is L2-normalised when stored, so cosine similarity is a dot
 * product, unrolled by four. 100,000 passages of 384 dimensions scan in a few tens of milliseconds
 * in V8 (docs/benchmarks.md), which is why there is no approximate index here: an ANN library
 * (HNSW) would add a dependency, a second copy of the vectors and approximate answers for a search
 * that is already within its budget.
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
    const heapScore = new Float64Array(want);
    const heapIndex = new Int32Array(want);
    let size = 0;
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
      if (size < want) {
        heapScore[size] = score;
        heapIndex[size] = r;
        size++;
        siftUp(heapScore, heapIndex, size - 1);
      } else if (score > (heapScore[0] as number)) {
        heapScore[0] = score;
        heapIndex[0] = r;
        siftDown(heapScore, heapIndex, size);
      }
    }
    const out = Array.from({ length: size }, (_, i) => ({
      index: heapIndex[i] as number,
      score: heapScore[i] as number,
    }));
    return out.sort((a, b) => b.score - a.score || a.index - b.index);
  }
}

// A min-heap on score; among equal scores the higher row is "smaller", so the lower row is kept.
const less = (s: Float64Array, x: Int32Array, a: number, b: number) =>
  (s[a] as number) < (s[b] as number) ||
  ((s[a] as number) === (s[b] as number) && (x[a] as number) > (x[b] as number));

function swap(s: Float64Array, x: Int32Array, a: number, b: number) {
  const ts = s[a] as number;
  s[a] = s[b] as number;
  s[b] = ts;
  const tx = x[a] as number;
  x[a] = x[b] as number;
  x[b] = tx;
}

function siftUp(s: Float64Array, x: Int32Array, i: number) {
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (!less(s, x, i, p)) break;
    swap(s, x, i, p);
    i = p;
  }
}

function siftDown(s: Float64Array, x: Int32Array, n: number) {
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < n && less(s, x, l, m)) m = l;
    if (r < n && less(s, x, r, m)) m = r;
    if (m === i) break;
    swap(s, x, i, m);
    i = m;
  }
}
