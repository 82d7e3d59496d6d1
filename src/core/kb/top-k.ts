/**
 * The k best of many scored items without sorting them all: a min-heap of the best k so far
 * (the scan of a large knowledge base touches tens of thousands of passages per query, and
 * sorting them all took longer than scoring them). Best first; equal scores go to the lower id.
 */
export class TopK {
  private readonly scores: Float64Array;
  private readonly ids: Int32Array;
  private size = 0;

  constructor(private readonly k: number) {
    this.scores = new Float64Array(Math.max(1, k));
    this.ids = new Int32Array(Math.max(1, k));
  }

  /** Offers an item; call in increasing id order for the tie rule to hold. */
  offer(id: number, score: number): void {
    if (this.k <= 0) return;
    if (this.size < this.k) {
      this.scores[this.size] = score;
      this.ids[this.size] = id;
      this.up(this.size++);
    } else if (score > (this.scores[0] as number)) {
      this.scores[0] = score;
      this.ids[0] = id;
      this.down();
    }
  }

  result(): { id: number; score: number }[] {
    return Array.from({ length: this.size }, (_, i) => ({
      id: this.ids[i] as number,
      score: this.scores[i] as number,
    })).sort((a, b) => b.score - a.score || a.id - b.id);
  }

  // Worse = lower score, or an equal score and a higher id: the root is the worst kept.
  private worse(a: number, b: number): boolean {
    const sa = this.scores[a] as number;
    const sb = this.scores[b] as number;
    return sa < sb || (sa === sb && (this.ids[a] as number) > (this.ids[b] as number));
  }

  private swap(a: number, b: number): void {
    const s = this.scores[a] as number;
    this.scores[a] = this.scores[b] as number;
    this.scores[b] = s;
    const i = this.ids[a] as number;
    this.ids[a] = this.ids[b] as number;
    this.ids[b] = i;
  }

  private up(i: number): void {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.worse(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }

  private down(): void {
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.size && this.worse(l, m)) m = l;
      if (r < this.size && this.worse(r, m)) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }
}
