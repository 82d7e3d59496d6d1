/**
 * Instances of the mixed-coding scenario: k functions drawn from the library, each chosen with
 * every function it builds on, so a dependency is always part of the same instance.
 */

import { keyedRng, type Rng } from '../../util/rng';
import type { CodingFunction, MixedCodingInstance } from './instance';
import { dependencyClosure, LIBRARY, type LibraryFunction } from './library';
import { taskPrompt } from './prompt';
import type { MixedCodingSpec } from './spec';

/** Fewer than two leaves nothing to split; twelve is what the library's loners can fill alone. */
export const MIN_FUNCTIONS = 2;
export const MAX_FUNCTIONS = 12;

export function generateMixedCoding(spec: MixedCodingSpec, seed: number, size: number): MixedCodingInstance {
  if (!Number.isInteger(size) || size < MIN_FUNCTIONS || size > MAX_FUNCTIONS) {
    throw new RangeError(
      `mixed-coding "${spec.id}": size (functions to write) must be a whole number from ${MIN_FUNCTIONS} to ${MAX_FUNCTIONS}, got ${size}`,
    );
  }
  const share = spec.dependencyShare ?? 0.5;
  if (!(share >= 0 && share <= 1)) {
    throw new RangeError(`mixed-coding "${spec.id}": dependencyShare must be from 0 to 1, got ${share}`);
  }
  const timeoutMs = spec.timeoutMs ?? 1000;
  if (!(timeoutMs > 0)) {
    throw new RangeError(`mixed-coding "${spec.id}": timeoutMs must be above 0, got ${timeoutMs}`);
  }
  // Size is not in the key: a larger instance on the same seed starts with the same picks.
  const chosen = pickFunctions(size, share, keyedRng(seed, 'mixed-coding', spec.id));
  const functions = LIBRARY.filter((f) => chosen.has(f.name)).map(
    (f): CodingFunction => ({
      name: f.name,
      signature: f.signature,
      spec: f.spec,
      deps: [...(f.uses ?? [])],
      visible: f.visible,
      hidden: f.hidden,
    }),
  );
  return { scenario: spec.id, seed, size, prompt: taskPrompt(functions), functions, timeoutMs };
}

/**
 * Draws until `size` functions are chosen. Each draw is, with probability `share`, a function
 * that builds on others, brought in together with everything it builds on (only those whose
 * missing dependencies still fit are eligible); otherwise a function that builds on nothing.
 * When the wanted pool is empty the other one is used. So share 0 gives independent functions
 * only, and share 1 as many dependency chains as fit.
 */
function pickFunctions(size: number, share: number, rng: Rng): Set<string> {
  const chosen = new Set<string>();
  const builds = (f: LibraryFunction): boolean => (f.uses?.length ?? 0) > 0;
  while (chosen.size < size) {
    const room = size - chosen.size;
    const missing = (f: LibraryFunction) => dependencyClosure(f.name).filter((d) => !chosen.has(d));
    const builtOn = LIBRARY.filter((f) => builds(f) && !chosen.has(f.name) && missing(f).length < room);
    const alone = LIBRARY.filter((f) => !builds(f) && !chosen.has(f.name));
    const wantBuiltOn = rng.next() < share;
    const pool = (wantBuiltOn && builtOn.length > 0) || alone.length === 0 ? builtOn : alone;
    const pick = pool[rng.int(0, pool.length - 1)];
    // Unreachable with this library (16 loners ≥ MAX_FUNCTIONS), kept so a smaller one cannot hang.
    if (!pick) break;
    for (const dep of missing(pick)) chosen.add(dep);
    chosen.add(pick.name);
  }
  return chosen;
}
