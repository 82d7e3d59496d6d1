/**
 * Fingerprints of numbers the core computes, identical in every engine or the determinism promise
 * (docs/architecture.md) breaks between the CLI (Node) and the page (Chromium). The same constants
 * are asserted by tests/core/util/math.test.ts in Node and tests/browser/engine-determinism.test.ts
 * in Chromium.
 */

import { flatWeights } from '../../src/core/learning/orchestration/linear-policy';
import {
  defaultOrchestrationTrainConfig,
  trainOrchestrator,
} from '../../src/core/learning/orchestration/train';
import { cos, exp, log, log2, pow, sin } from '../../src/core/util/math';

/** FNV-1a over the bit patterns of `xs`. */
export function bitsHash(xs: Iterable<number>): string {
  const f = new Float64Array(1);
  const u = new Uint32Array(f.buffer);
  let h = 0x811c9dc5;
  for (const x of xs) {
    f[0] = x;
    for (const w of [u[0] as number, u[1] as number]) h = Math.imul(h ^ w, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** Arguments spread over each function's useful range, from a fixed xorshift stream. */
function* args(n: number): Generator<number> {
  let x = 2463534242;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    yield x / 4294967296;
  }
}

/** Each function over 20,000 arguments. */
export function mathFingerprint(): Record<string, string> {
  const us = [...args(20_000)];
  return {
    exp: bitsHash(us.map((u) => exp(u * 60 - 30))),
    log: bitsHash(us.map((u) => log(u * 1e3 + 1e-12))),
    log2: bitsHash(us.map((u) => log2(u * 1e3 + 1e-12))),
    cos: bitsHash(us.map((u) => cos((u - 0.5) * 40))),
    sin: bitsHash(us.map((u) => sin((u - 0.5) * 40))),
    pow: bitsHash(us.map((u) => pow(u * 4, u * 6 - 3))),
  };
}

/** A short orchestration training (seed 1, 3,200 episodes): its weights. */
export function trainingFingerprint(): string {
  const { weights } = trainOrchestrator({ ...defaultOrchestrationTrainConfig, seed: 1, episodes: 3_200 });
  return bitsHash(flatWeights(weights));
}

/** What every engine must give: measured in Node 20 and Chromium 156 alike. */
export const EXPECTED = {
  math: {
    exp: '05283a7c',
    log: '14525dc7',
    log2: 'def598ae',
    cos: 'd231e607',
    sin: '4beee9a3',
    pow: 'c7aa6a95',
  },
  training: '5334971e',
};
