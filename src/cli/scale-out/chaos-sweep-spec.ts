/**
 * A chaos sweep as it is kept in Redis (`swarm chaos --redis`): the task scenario as read, the
 * profiles, the one policy, the faults and the healing loop's settings. One job is one seed.
 */

import type { FaultKind } from '../../core/trace/events';
import { type ChaosSettings, chaosSeed } from '../chaos-run';

export interface ChaosSweepSpec {
  readonly kind: 'chaos';
  /** The launcher's SWEEP_VERSION. */
  readonly version: string;
  readonly settings: ChaosSettings;
  /** The one policy, as a list: every sweep's jobs are policy × seed. */
  readonly policies: readonly [string];
  readonly seeds: readonly number[];
}

/** The sweep of `settings` over `seeds`. */
export const chaosSweepSpec = (
  settings: ChaosSettings,
  seeds: readonly number[],
  version: string,
): ChaosSweepSpec => ({
  kind: 'chaos',
  version,
  settings: { ...settings, faults: [...settings.faults] as FaultKind[] },
  policies: [settings.policy],
  seeds,
});

/** A worker's runs of a chaos sweep: seed `seed`'s run report. */
export async function chaosRunner(
  spec: ChaosSweepSpec,
): Promise<(policy: number, seed: number) => Promise<unknown>> {
  return async (_policy, seed) => (await chaosSeed(spec.settings, seed)).report;
}
