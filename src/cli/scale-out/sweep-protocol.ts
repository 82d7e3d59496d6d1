/**
 * What a sweep's launcher and its workers agree on (docs/scale-out.md): the version every job
 * carries, the queues, the Redis keys, the job ids, and how a run's record crosses Redis intact.
 *
 * One job is one policy × seed. Its id is made from the sweep, the launch, the policy's index and
 * the seed, so adding it again (a resumed launcher, a Redis that lost it) is a no-op while it
 * exists; its record is kept under the same policy × seed in one hash, so a job run twice (a
 * worker killed after its run, before BullMQ heard of it) is still counted once.
 */

import { readFileSync } from 'node:fs';
import { buildIdentity } from './build-identity';

/** Bumped whenever a job's data, a sweep's record or a result's form changes meaning. */
export const PROTOCOL = 2;

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * The version a job carries and a worker must share: the package's version, the protocol, and the
 * build (build-identity.ts: a hash of the code, lockfile, scenarios and profiles that make the
 * figures), so that a worker on another checkout never makes a run of this one's sweep. Computed
 * once, when a launcher or a worker first loads this module.
 */
export const SWEEP_VERSION = `swarmflight ${packageVersion}, sweep protocol ${PROTOCOL}, build ${buildIdentity()}`;

/** The build named in a version, for messages (`unknown` for a text that names none). */
export const buildOf = (version: unknown): string =>
  /, build ([0-9a-f]+)$/.exec(String(version))?.[1] ?? 'unknown';

/**
 * The queues a worker can serve, each a kind of job: `bench` a sweep's runs (bench, grid, chaos),
 * `train` a training's episodes (train-rollouts.ts), `subagents` a swarm run's attempts
 * (subagent-pool.ts).
 */
export const QUEUES = ['bench', 'train', 'subagents'] as const;
export type QueueName = (typeof QUEUES)[number];

/** BullMQ's key prefix and ours: everything of SwarmFlight in a shared Redis starts with it. */
export const PREFIX = 'swarmflight';

/** Tries of a job that throws before it is reported failed (never retried forever). */
export const ATTEMPTS = 3;

/** How long a sweep's record and results stay in Redis after its launcher last touched them. */
export const SWEEP_TTL_S = 7 * 24 * 3600;

export interface SweepJob {
  readonly version: string;
  readonly sweep: string;
  /** Which launch of the sweep made the job: a fresh launch does not count an older one's jobs. */
  readonly launch: number;
  /** The policy's index in the sweep's list (names hold characters a job id must not). */
  readonly policy: number;
  readonly seed: number;
}

export const sweepKey = (sweep: string) => `${PREFIX}:sweep:${sweep}`;
/** Field `policyIndex:seed` → the run's record (encodeRecord). */
export const doneKey = (sweep: string, launch: number) => `${sweepKey(sweep)}:${launch}:done`;
/** Field `policyIndex:seed` → why the job failed for good (a JSON SweepFailure). */
export const failedKey = (sweep: string, launch: number) => `${sweepKey(sweep)}:${launch}:failed`;
/** The workers that have run a job of this launch. */
export const workersKey = (sweep: string, launch: number) => `${sweepKey(sweep)}:${launch}:workers`;
/** Field: a worker that left this launch's jobs to others → the version it runs (another build's). */
export const refusedKey = (sweep: string, launch: number) => `${sweepKey(sweep)}:${launch}:refused`;
/** How long a worker of another build leaves a job it took before a worker may take it again. */
export const REFUSED_DELAY_MS = 1000;

export const runField = (policy: number, seed: number) => `${policy}:${seed}`;
export const jobIdOf = (job: Pick<SweepJob, 'sweep' | 'launch' | 'policy' | 'seed'>) =>
  `${job.sweep}-${job.launch}-${job.policy}-${job.seed}`;

export interface SweepFailure {
  /** The policy's index in the sweep (the launcher names it: a refusing worker may not know it). */
  readonly policy: number;
  readonly seed: number;
  readonly message: string;
  readonly attempts: number;
  readonly worker?: string;
}

/**
 * A record as JSON that keeps every number as it was: JSON would write NaN and ±Infinity as null
 * and −0 as 0, and the report folded from it would then differ from the local one.
 */
export function encodeRecord(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0))
      ? { $num: String(v === 0 ? '-0' : v) }
      : v,
  );
}

export function decodeRecord<T>(text: string): T {
  return JSON.parse(text, (_key, v) =>
    v !== null && typeof v === 'object' && typeof v.$num === 'string' && Object.keys(v).length === 1
      ? v.$num === '-0'
        ? -0
        : Number(v.$num)
      : v,
  ) as T;
}
