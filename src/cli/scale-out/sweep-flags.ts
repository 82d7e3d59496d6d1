/**
 * `--redis` and `--resume`, as every command that can sweep across machines declares them
 * (docs/scale-out.md), and the calls that hand such a command's runs to Redis.
 */

import type { BenchReport } from '../../core/bench/bench-types';
import type { ChaosRunReport } from '../../core/experiments/chaos';
import type { Policy } from '../../core/policy/types';
import type { ChaosSettings } from '../chaos-run';
import type { Flag, FlagValue } from '../flags';
import type { BenchSweepSpec } from './bench-sweep-spec';
import { PASSWORD_ENV } from './redis-url';

type Values = Readonly<Record<string, FlagValue>>;

/** What a command with these flags read: `--redis` a URL or absent, `--resume` a switch. */
type SweepValues = { readonly redis?: string | undefined; readonly resume?: boolean | undefined };

/**
 * The two flags; `redisAppliesUnless` refuses --redis where this version cannot sweep. Their
 * literal types are kept (`as const`), so a table that takes them reads `--redis` as a string.
 */
export function sweepFlags(redisAppliesUnless?: (values: Values) => string | undefined) {
  return [
    {
      name: 'redis',
      type: 'string',
      value: 'URL',
      help: `run each policy × seed as a job for the workers (swarm worker) of the Redis server at URL and gather the report, the same as the local one but for wall-clock figures (docs/scale-out.md); redis:// or rediss:// (TLS), the password in the URL or in ${PASSWORD_ENV}, never printed`,
      ...(redisAppliesUnless ? { appliesUnless: redisAppliesUnless } : {}),
    },
    {
      name: 'resume',
      type: 'boolean',
      help: 'continue the sweep this same command started through --redis, without running a finished run again (its failed runs are tried again)',
      appliesUnless: (values) =>
        values.redis === undefined ? 'it continues a sweep through Redis: give --redis URL' : undefined,
    },
  ] as const satisfies readonly Flag[];
}

/**
 * The report of `spec`'s runs made by the workers of `--redis`; the sweep's modules (BullMQ,
 * ioredis) are loaded only here, so a local command never loads them.
 */
export async function sweepThroughRedis(
  spec: Omit<BenchSweepSpec, 'kind' | 'version' | 'scenario'> & {
    readonly scenario: Parameters<typeof import('./bench-sweep-spec').sweepScenarioOf>[0];
  },
  policies: readonly Pick<Policy, 'name' | 'plan'>[],
  flags: SweepValues,
  err: (text: string) => void,
): Promise<BenchReport> {
  const { runBenchSweep } = await import('./bench-sweep');
  const { sweepScenarioOf } = await import('./bench-sweep-spec');
  const { SWEEP_VERSION } = await import('./sweep-protocol');
  return runBenchSweep(
    { ...spec, kind: 'bench', version: SWEEP_VERSION, scenario: sweepScenarioOf(spec.scenario) },
    policies,
    await launchOf(flags, err),
  );
}

/** `swarm chaos --redis`: each seed's run report, made by the workers, in seed order. */
export async function chaosThroughRedis(
  settings: ChaosSettings,
  seeds: readonly number[],
  flags: SweepValues,
  err: (text: string) => void,
): Promise<ChaosRunReport[]> {
  const { runSweep } = await import('./sweep-launcher');
  const { chaosSweepSpec } = await import('./chaos-sweep-spec');
  const { SWEEP_VERSION } = await import('./sweep-protocol');
  return (await runSweep(
    chaosSweepSpec(settings, seeds, SWEEP_VERSION),
    await launchOf(flags, err),
  )) as ChaosRunReport[];
}

async function launchOf(flags: SweepValues, err: (text: string) => void) {
  const { redisTarget } = await import('./redis-url');
  // Called only when --redis was given (each caller checks it first).
  if (flags.redis === undefined) throw new Error('unreachable: a sweep without --redis');
  return { target: redisTarget(flags.redis), resume: flags.resume === true, err };
}
