/**
 * Fingerprints of numbers the core computes, identical in every engine or the determinism promise
 * (docs/architecture.md) breaks between the CLI (Node) and the page (Chromium). The same constants
 * are asserted by tests/core/util/math.test.ts in Node and tests/browser/engine-determinism.test.ts
 * in Chromium.
 */

import { defaultSchedules, defaultTrainConfig, train } from '../../src/core/learning/train';
import { simulatedProviderFor } from '../../src/core/scenarios/players';
import { profileHashes } from '../../src/core/scenarios/profiles';
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

/**
 * A short PARL training of the runtime's orchestrator (seed 1, 96 episodes of the mix's wide and
 * deep searches, the CLI's default schedules): its weights. Coding is left out only because its
 * grading needs a sandbox, whose sameness across engines tests/adapters and tests/browser prove.
 */
export async function trainingFingerprint(): Promise<string> {
  const { mix, mixSpecs, profiles } = await import('../../src/ui/catalog');
  const components = mix.components.filter((c) => c.scenario !== 'mixed-coding');
  const episodes = 96;
  const result = await train(
    { ...defaultTrainConfig, policy: 'parl', seed: 1, episodes, ...defaultSchedules('parl', episodes) },
    {
      mix: { ...mix, components },
      specs: mixSpecs,
      profiles,
      profileHashes: await profileHashes(profiles),
      provider: simulatedProviderFor(profiles),
    },
  );
  const c = result.checkpoint;
  if (c.kind !== 'parl') throw new Error('expected a PARL checkpoint');
  return bitsHash(Object.values(c.weights).flat());
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
  training: '5747994e',
};
