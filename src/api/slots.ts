/**
 * The runs an API instance lets go at once, across all its swarms: each swarm has its own
 * concurrency, and this cap keeps many swarms from starting more runs than the machine (or the
 * page's worker budget) can carry. A swarm that finds no slot waits in line and is called back,
 * first come first served, when one frees.
 */

export class RunSlots {
  private used = 0;
  private readonly line: (() => void)[] = [];

  constructor(readonly size: number) {}

  /** Takes a slot if one is free; otherwise queues `retry` (once) for when one frees. */
  take(retry: () => void): boolean {
    if (this.used < this.size) {
      this.used++;
      return true;
    }
    if (!this.line.includes(retry)) this.line.push(retry);
    return false;
  }

  release(): void {
    this.used = Math.max(0, this.used - 1);
    // A waiting swarm takes the slot itself; one that no longer needs it (terminated meanwhile)
    // leaves it to the next in line.
    while (this.used < this.size && this.line.length > 0) this.line.shift()?.();
  }

  get inUse(): number {
    return this.used;
  }
}
