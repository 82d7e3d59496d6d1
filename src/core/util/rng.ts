/**
 * Seeded randomness for the core. Nothing in src/core may call Math.random: every draw comes
 * from an Rng made here from a seed, so the same config and seed give the same run.
 */

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number;
}

/** cyrb53-style 32-bit string hash: cheap, well mixed, stable across platforms. */
export function hashString(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 ^ h1) >>> 0;
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counter), 128 bits of state: passes PractRand to 2^42
 * and costs a handful of integer operations a draw.
 */
export function createRng(seed: number | string): Rng {
  return new Sfc32(typeof seed === 'number' ? seed >>> 0 : hashString(seed));
}

/**
 * The state is kept as unsigned 32-bit numbers in an object's fields, not in a closure's
 * variables: V8 writes a number field over in place, but boxes a closure variable afresh at every
 * write of a number past 2^30 — four boxes a draw, garbage that training made by the megabyte.
 */
class Sfc32 implements Rng {
  private a = 0x9e3779b9;
  private b = 0x243f6a88;
  private c = 0xb7e15162;
  private d: number;

  constructor(seed: number) {
    this.d = seed;
    // Discard the first draws: with a small seed the early outputs are still correlated.
    for (let i = 0; i < 12; i++) this.next();
  }

  next(): number {
    const { a, b, c, d } = this;
    let t = (a + b) | 0;
    const c1 = (c << 21) | (c >>> 11);
    const d1 = (d + 1) | 0;
    t = (t + d1) | 0;
    this.a = (b ^ (b >>> 9)) >>> 0;
    this.b = (c + (c << 3)) >>> 0;
    this.c = (c1 + t) >>> 0;
    this.d = d1 >>> 0;
    return (t >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
}

/**
 * A stream keyed by names rather than by draw order: the outcome of task "b", attempt 2 is the
 * same whatever ran before it, so two policies on one seed meet the same failures.
 */
export function keyedRng(seed: number, ...keys: (string | number)[]): Rng {
  return createRng(hashString(keys.join('\u0000'), seed >>> 0));
}
