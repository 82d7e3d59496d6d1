/** What the sweep tests share: the sweep they run, the report's comparison without wall clock, a look at Redis. */

import type { Redis } from 'ioredis';

/** A bench of the "Same report" kind, at a size a test can wait for. */
export const sweepArgs = (seeds: number) => [
  'bench',
  ...['--scenario', 'mix', '--split', 'test', '--seeds', String(seeds)],
  ...['--policies', 'heuristic,fixed:all/medium', '--json'],
];

/** A report with its wall-clock figures (wallClockMs, wherever it appears) left out. */
export const withoutWallClock = (text: string): unknown =>
  JSON.parse(text, (key, value) => (key === 'wallClockMs' ? undefined : value));

/** Resolves once the sweeps in this Redis have at least `n` runs recorded. */
export async function runsDone(client: Redis, n: number, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    let done = 0;
    for (const key of await client.keys('swarmflight:sweep:*:done')) done += await client.hlen(key);
    if (done >= n) return done;
    if (Date.now() - started > timeoutMs) throw new Error(`only ${done} runs done after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * BullMQ's event log of the bench queue: how many times each job id had `event` (and, when given,
 * returned `returned`: a completed job whose processor made its run returns "done").
 */
export async function jobEvents(
  client: Redis,
  event: string,
  returned?: string,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const [, fields] of await client.xrange('swarmflight:bench:events', '-', '+')) {
    const entry: Record<string, string> = {};
    for (let i = 0; i < fields.length; i += 2) entry[fields[i] as string] = fields[i + 1] as string;
    if (returned !== undefined && entry.returnvalue !== JSON.stringify(returned)) continue;
    if (entry.event === event && entry.jobId) counts.set(entry.jobId, (counts.get(entry.jobId) ?? 0) + 1);
  }
  return counts;
}
