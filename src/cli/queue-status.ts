/**
 * `swarm queue status --redis URL`: what a fleet is doing (docs/scale-out.md, "Watching a
 * fleet"), read from Redis without touching anything: per queue its jobs by state and the workers
 * connected to it, per launcher its jobs, per sweep its runs.
 */

import { UsageError } from './errors';
import { defineCommand, helpText, parseFlags } from './flags';
import type { FleetView } from './scale-out/queue-view';
import { redisServerFlag } from './scale-out/redis-url';

export const queueStatusTable = defineCommand({
  name: 'queue status',
  usage: ['queue status --redis URL [--json]'],
  about:
    'What the workers of the Redis server at URL are doing: for each queue (bench, train, subagents) its jobs waiting, active, stalled (active, but their worker stopped renewing the lock), failed and completed, per launcher (a sweep, a training, a swarm run), and the workers connected to it with their host, process and build; for each sweep kept in Redis, its runs done and failed of all it has, and the workers that ran them. It only reads.',
  flags: [redisServerFlag, { name: 'json', type: 'boolean', help: 'print one JSON document' }],
});

export const queueHelp = helpText(queueStatusTable);

export async function queue(argv: string[], out: (text: string) => void): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub !== 'status')
    throw new UsageError(`queue: expected status, got ${sub === undefined ? 'nothing' : `"${sub}"`}`);
  const flags = parseFlags(queueStatusTable, rest);
  // The sweep's modules (BullMQ, ioredis) are loaded once the flags are known to be sound.
  const { redisTarget, scrub } = await import('./scale-out/redis-url');
  const { lastingConnection, probeRedis } = await import('./scale-out/redis-connect');
  const { fleetView } = await import('./scale-out/queue-view');
  const target = redisTarget(flags.redis);
  await probeRedis(target);
  const redis = lastingConnection(target);
  try {
    const view = await fleetView(redis, target);
    out(scrub(flags.json === true ? JSON.stringify(view) : text(view, target.shown), target));
  } finally {
    redis.disconnect();
  }
}

function text(view: FleetView, shown: string): string {
  const lines = [`queues on ${shown}:`];
  const counts = (c: { waiting: number; active: number; stalled: number; failed: number }) =>
    `${c.waiting} waiting, ${c.active} active, ${c.stalled} stalled, ${c.failed} failed`;
  for (const q of view.queues) {
    lines.push(
      `  ${q.queue}: ${counts(q)}, ${q.completed} completed${q.delayed > 0 ? `, ${q.delayed} delayed` : ''}; ${q.workers.length} worker${q.workers.length === 1 ? '' : 's'} connected`,
    );
    for (const g of q.groups)
      lines.push(
        `    ${q.queue === 'bench' ? 'sweep' : q.queue === 'train' ? 'training' : 'run'} ${g.id}: ${counts(g)}`,
      );
    for (const w of q.workers)
      lines.push(
        `    worker ${w.host !== undefined ? `${w.host} pid ${w.pid} build ${w.build}` : w.name}${w.addr ? ` at ${w.addr}` : ''}${w.ageS !== undefined ? `, connected ${w.ageS} s, idle ${w.idleS ?? 0} s` : ''}`,
      );
  }
  lines.push(view.sweeps.length === 0 ? 'sweeps: none in Redis' : 'sweeps:');
  for (const s of view.sweeps) {
    const ran = s.workers.length > 0 ? ` (${s.workers.join(', ')})` : '';
    lines.push(
      `  ${s.sweep} (${s.kind}, launch ${s.launch}): ${s.done}/${s.runs} runs done, ${s.failed} failed; jobs ${s.waiting} waiting, ${s.active} active, ${s.stalled} stalled; ${s.workers.length} worker${s.workers.length === 1 ? '' : 's'} ran its jobs${ran}`,
    );
  }
  return lines.join('\n');
}
