/**
 * The sweeps a launcher can keep in Redis, one kind per command that sweeps (bench and grid
 * share the bench's), and what they share: an id made from everything a sweep is, and the runner
 * a worker makes its runs with.
 */

import { createHash } from 'node:crypto';
import { type BenchSweepSpec, benchRunner } from './bench-sweep-spec';
import { type ChaosSweepSpec, chaosRunner } from './chaos-sweep-spec';

export type SweepSpec = BenchSweepSpec | ChaosSweepSpec;

/** JSON with every object's keys sorted, so one sweep is one text whatever order it was built in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/**
 * A sweep's id: a hash of everything it is, so the same command names the same sweep on any
 * machine (what `--resume` finds) and a changed command never picks up another's results.
 */
export const sweepIdOf = (spec: SweepSpec): string =>
  createHash('sha256').update(canonical(spec)).digest('hex').slice(0, 16);

/** How a worker makes a sweep's run: policy index × seed → the record the launcher folds. */
export function runnerOf(spec: SweepSpec): Promise<(policy: number, seed: number) => Promise<unknown>> {
  return spec.kind === 'chaos' ? chaosRunner(spec) : benchRunner(spec);
}
