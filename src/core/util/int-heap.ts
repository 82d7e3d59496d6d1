/**
 * A binary min-heap of small whole numbers (task or subagent indices) ordered by `key[i]`, or by
 * the number itself when no key is given. Typed arrays and no comparator closure: the ready queue
 * is the runtime's hottest structure.
 */
export class IntHeap {
  private items: Int32Array;
  private length = 0;

  constructor(
    private key: Int32Array | Float64Array | null = null,
    capacity = 16,
  ) {
    this.items = new Int32Array(Math.max(1, capacity));
  }

  get size(): number {
    return this.length;
  }

  /** Re-keys the heap (the caller pushes the items again after `clear`). */
  rekey(key: Int32Array | Float64Array | null): void {
    this.key = key;
  }

  peek(): number | undefined {
    return this.length > 0 ? (this.items[0] as number) : undefined;
  }

  push(value: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    const items = this.items;
    const key = this.key;
    const k = key ? (key[value] as number) : value;
    let i = this.length++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = items[parent] as number;
      if ((key ? (key[p] as number) : p) <= k) break;
      items[i] = p;
      i = parent;
    }
    items[i] = value;
  }

  pop(): number | undefined {
    if (this.length === 0) return undefined;
    const items = this.items;
    const key = this.key;
    const top = items[0] as number;
    const last = items[--this.length] as number;
    const n = this.length;
    if (n === 0) return top;
    const k = key ? (key[last] as number) : last;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      let ck = key ? (key[items[child] as number] as number) : (items[child] as number);
      const right = child + 1;
      if (right < n) {
        const rk = key ? (key[items[right] as number] as number) : (items[right] as number);
        if (rk < ck) {
          child = right;
          ck = rk;
        }
      }
      if (ck >= k) break;
      items[i] = items[child] as number;
      i = child;
    }
    items[i] = last;
    return top;
  }

  clear(): void {
    this.length = 0;
  }
}
