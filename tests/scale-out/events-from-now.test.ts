import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsFromNow, jobFinished } from '../../src/cli/scale-out/job-finished';
import { startRedis, type TestRedis } from '../support/redis-server';

// A job's end written to the event stream after the launcher opened its events but before their
// first read (a quick job on a busy machine) must still be heard: a waiter that misses it waits
// for ever. The gap is made on purpose here: the events are made with `autorun: false`, the end is
// written, and only then does the read loop start.
let redis: TestRedis;
let queue: Queue;
let look: Redis;

beforeAll(async () => {
  redis = await startRedis();
  look = redis.client();
  queue = new Queue('gap', { connection: { host: '127.0.0.1', port: redis.port }, prefix: 'test' });
  await queue.waitUntilReady();
}, 60_000);

afterAll(async () => {
  await queue?.close();
  look?.disconnect();
  await redis?.stop();
});

const connection = () => ({ host: '127.0.0.1', port: redis.port });

async function writeEnd(jobId: string, value: string): Promise<void> {
  await look.xadd(
    queue.keys.events as string,
    '*',
    'event',
    'completed',
    'jobId',
    jobId,
    'returnvalue',
    JSON.stringify(value),
  );
}

describe('the events a launcher hears', () => {
  it('hears a job that ended between opening the events and their first read', async () => {
    await writeEnd('old', 'before'); // an end from before: not heard again
    const events = await eventsFromNow(queue, { connection: connection(), prefix: 'test', autorun: false });
    const old = jobFinished<string>(events, 'old');
    const quick = jobFinished<string>(events, 'quick');
    await writeEnd('quick', 'done');
    void events.run().catch(() => {});
    expect(await quick.done).toBe('done');
    const marker = jobFinished<string>(events, 'marker');
    await writeEnd('marker', 'after');
    await marker.done;
    // The stream is read in order: had the earlier end been replayed, it would have come first.
    const heard = await Promise.race([old.done, Promise.resolve('not heard')]);
    expect(heard).toBe('not heard');
    old.cancel();
    await events.close();
  }, 30_000);

  it("control: BullMQ's own start, at the stream's end, misses that job", async () => {
    const events = new QueueEvents('gap', { connection: connection(), prefix: 'test', autorun: false });
    await events.waitUntilReady();
    const quick = jobFinished<string>(events, 'quick-2');
    await writeEnd('quick-2', 'done');
    void events.run().catch(() => {});
    // Once a later end is heard, the first was read past, not heard.
    const marker = jobFinished<string>(events, 'marker-2');
    // The read loop must be blocked in its first XREAD before the marker is written.
    await until(async () => String(await look.client('LIST')).includes('cmd=xread'));
    await writeEnd('marker-2', 'after');
    await marker.done;
    expect(await Promise.race([quick.done, Promise.resolve('not heard')])).toBe('not heard');
    quick.cancel();
    await events.close();
  }, 30_000);
});

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 20));
}
