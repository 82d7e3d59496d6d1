/**
 * What a fleet is doing, read from Redis for `swarm queue status` (docs/scale-out.md, "Watching a
 * fleet"): per queue, its jobs by state and the workers connected to it with their identity
 * (worker-identity.ts); per launcher of a queue (a sweep, a training, a run), its jobs waiting,
 * active, stalled and failed; and per sweep kept in Redis, its runs done and failed.
 *
 * Job ids are read from BullMQ's lists as they are, never their data: a job that cannot be parsed
 * (parsed-worker.ts) is counted like any other. A job is *stalled* when it is active and its lock
 * is gone: its worker stopped renewing it (killed or paused), and a live worker's stalled-job
 * check will take it back.
 */

import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { lastingOptions } from './redis-connect';
import type { RedisTarget } from './redis-url';
import { doneKey, failedKey, PREFIX, QUEUES, sweepKey, workersKey } from './sweep-protocol';
import { identityOf, type WorkerIdentity } from './worker-identity';

export interface JobCounts {
  readonly waiting: number;
  readonly active: number;
  readonly stalled: number;
  readonly failed: number;
  readonly completed: number;
  readonly delayed: number;
}

export interface GroupView extends Omit<JobCounts, 'completed' | 'delayed'> {
  /** The sweep's id (bench), or the launcher's name (train, subagents). */
  readonly id: string;
}

export interface ConnectedWorker extends Partial<WorkerIdentity> {
  /** The client's name as Redis has it, for a worker not named by this version. */
  readonly name: string;
  readonly addr?: string;
  /** Seconds since it connected, and since its last command. */
  readonly ageS?: number;
  readonly idleS?: number;
}

export interface QueueView extends JobCounts {
  readonly queue: string;
  readonly groups: readonly GroupView[];
  readonly workers: readonly ConnectedWorker[];
}

export interface SweepView {
  readonly sweep: string;
  readonly kind: string;
  readonly launch: number;
  readonly runs: number;
  readonly done: number;
  readonly failed: number;
  readonly waiting: number;
  readonly active: number;
  readonly stalled: number;
  /** Workers (HOST:PID) that have run a job of this launch. */
  readonly workers: readonly string[];
}

export interface FleetView {
  readonly queues: readonly QueueView[];
  readonly sweeps: readonly SweepView[];
}

/** Which launcher a job id belongs to: a sweep's id comes first, others' names before the last dash. */
export const groupOf = (queue: string, jobId: string): string =>
  queue === 'bench'
    ? (jobId.split('-')[0] as string)
    : jobId.includes('-')
      ? jobId.slice(0, jobId.lastIndexOf('-'))
      : jobId;

const countBy = (ids: readonly string[], key: (id: string) => string) => {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(key(id), (counts.get(key(id)) ?? 0) + 1);
  return counts;
};

async function queueView(redis: Redis, target: RedisTarget, name: string): Promise<QueueView> {
  const base = `${PREFIX}:${name}`;
  const replies = ((await redis
    .multi()
    .lrange(`${base}:wait`, 0, -1)
    .lrange(`${base}:paused`, 0, -1)
    .zrange(`${base}:prioritized`, 0, -1)
    .lrange(`${base}:active`, 0, -1)
    .zrange(`${base}:failed`, 0, -1)
    .zcard(`${base}:delayed`)
    .zcard(`${base}:completed`)
    .exec()) ?? []) as [Error | null, unknown][];
  const [wait, paused, prioritized, active, failed, delayed, completed] = replies.map(([, v]) => v);
  const waiting = [...(wait as string[]), ...(paused as string[]), ...(prioritized as string[])];
  const activeIds = active as string[];
  const locks = activeIds.length
    ? ((await redis.exists(...activeIds.map((id) => `${base}:${id}:lock`))) as number)
    : 0;
  // Which ones lack their lock: asked one by one only when some do.
  const stalledIds: string[] = [];
  if (locks < activeIds.length)
    for (const id of activeIds) if ((await redis.exists(`${base}:${id}:lock`)) === 0) stalledIds.push(id);
  const group = (id: string) => groupOf(name, id);
  const [w, a, s, f] = [waiting, activeIds, stalledIds, failed as string[]].map((ids) => countBy(ids, group));
  const ids = new Set([
    ...(w?.keys() ?? []),
    ...(a?.keys() ?? []),
    ...(s?.keys() ?? []),
    ...(f?.keys() ?? []),
  ]);
  const groups = [...ids].sort().map((id) => ({
    id,
    waiting: w?.get(id) ?? 0,
    active: a?.get(id) ?? 0,
    stalled: s?.get(id) ?? 0,
    failed: f?.get(id) ?? 0,
  }));
  const queue = new Queue(name, { connection: lastingOptions(target), prefix: PREFIX });
  queue.on('error', () => {});
  let clients: Record<string, string>[];
  try {
    clients = (await queue.getWorkers()) as Record<string, string>[];
  } finally {
    await queue.close().catch(() => {});
  }
  const workers = clients.map((c): ConnectedWorker => {
    const raw = c.rawname ?? '';
    const name = raw.includes(':w:') ? raw.slice(raw.indexOf(':w:') + 3) : raw;
    const age = Number(c.age);
    const idle = Number(c.idle);
    return {
      name,
      ...(identityOf(name) ?? {}),
      ...(c.addr ? { addr: c.addr } : {}),
      ...(Number.isFinite(age) ? { ageS: age } : {}),
      ...(Number.isFinite(idle) ? { idleS: idle } : {}),
    };
  });
  // A worker holds two named connections a queue (BullMQ's blocking one and its own): one each.
  const seen = new Set<string>();
  const distinct = workers.filter((x) => !seen.has(x.name) && seen.add(x.name));
  return {
    queue: name,
    waiting: waiting.length,
    active: activeIds.length,
    stalled: stalledIds.length,
    failed: (failed as string[]).length,
    completed: completed as number,
    delayed: delayed as number,
    groups,
    workers: distinct,
  };
}

/** Every sweep kept in Redis (its record's key, `swarmflight:sweep:ID`). */
async function sweepIds(redis: Redis): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}:sweep:*`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      const id = /^swarmflight:sweep:([0-9a-f]{16})$/.exec(key)?.[1];
      if (id) found.push(id);
    }
  } while (cursor !== '0');
  return found.sort();
}

async function sweepView(redis: Redis, sweep: string, bench: QueueView | undefined): Promise<SweepView> {
  const [spec, launchText] = await redis.hmget(sweepKey(sweep), 'spec', 'launch');
  const launch = Number(launchText ?? 0);
  let kind = 'unknown';
  let runs = 0;
  try {
    const parsed = JSON.parse(spec ?? '{}') as { kind?: string; seeds?: unknown[]; policies?: unknown[] };
    kind = parsed.kind ?? kind;
    runs = (parsed.seeds?.length ?? 0) * (parsed.policies?.length ?? 0);
  } catch {
    // A record this version cannot read: its counts are still shown.
  }
  const [done, failed, workers] = await Promise.all([
    redis.hlen(doneKey(sweep, launch)),
    redis.hlen(failedKey(sweep, launch)),
    redis.smembers(workersKey(sweep, launch)),
  ]);
  const jobs = bench?.groups.find((g) => g.id === sweep);
  return {
    sweep,
    kind,
    launch,
    runs,
    done,
    failed,
    waiting: jobs?.waiting ?? 0,
    active: jobs?.active ?? 0,
    stalled: jobs?.stalled ?? 0,
    workers: workers.sort(),
  };
}

export async function fleetView(redis: Redis, target: RedisTarget): Promise<FleetView> {
  const queues: QueueView[] = [];
  for (const name of QUEUES) queues.push(await queueView(redis, target, name));
  const bench = queues.find((q) => q.queue === 'bench');
  const sweeps: SweepView[] = [];
  for (const id of await sweepIds(redis)) sweeps.push(await sweepView(redis, id, bench));
  return { queues, sweeps };
}
