/**
 * Sweeps across machines (issue 43, docs/scale-out.md), the three "Done when" figures measured
 * on this machine with a Redis of the script's own (127.0.0.1, a free port, a temporary directory):
 *
 * 1. Throughput: two `swarm worker` processes against the machine's ceiling for two processes,
 *    two local benches at once, in interleaved rounds of one sitting (and one local bench alone,
 *    to show what the second core gave). The same runs either way:
 *    the local benches take seeds 1…N and N+1…2N, the sweep seeds 1…2N. Every time is a whole
 *    command's, start-up included (one process start on each side: the launcher's, the benches').
 * 2. Same report: the issue's command (`--scenario mix --split test --seeds 300 --policies
 *    heuristic,fixed:all/medium --json`) through Redis and two workers against it run locally,
 *    compared without wallClockMs.
 * 3. Nothing lost: the same sweep again, one of the two workers killed with SIGKILL once half the
 *    runs are in (workers with --lock-ms 2000, so its job is taken again within about 4 s).
 *
 *   npx tsx bench/scale-out.ts [--seeds N] [--rounds R]      (defaults: 150 per bench, 3 rounds)
 */

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { Redis } from 'ioredis';

const run = promisify(execFile);
const { values } = parseArgs({
  options: { seeds: { type: 'string', default: '150' }, rounds: { type: 'string', default: '3' } },
});
const N = Number(values.seeds);
const rounds = Number(values.rounds);
const POLICIES = 'heuristic,fixed:all/medium';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
const cli = ['--import', 'tsx', 'src/cli/main.ts'];

const port = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});
const dir = mkdtempSync(join(tmpdir(), 'swarmflight-scale-out-'));
const redisServer = spawn(
  'redis-server',
  ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
  { stdio: 'ignore' },
);
const url = `redis://127.0.0.1:${port}`;
async function timed(args: string[]): Promise<{ ms: number; stdout: string }> {
  const started = performance.now();
  const { stdout } = await run(process.execPath, [...cli, ...args], { maxBuffer: 256 << 20 });
  return { ms: performance.now() - started, stdout };
}
const bench = (seeds: number, start: number, extra: string[] = []) =>
  timed([
    'bench',
    '--scenario',
    'mix',
    '--seeds',
    String(seeds),
    '--seed-start',
    String(start),
    '--policies',
    POLICIES,
    '--json',
    ...extra,
  ]);

function startWorker(extra: string[] = []): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...cli, 'worker', '--redis', url, ...extra], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (d) => {
      err += String(d);
      if (/taking .* jobs/.test(err)) resolve(child);
    });
    child.on('exit', () => reject(new Error(`worker exited: ${err}`)));
  });
}
const stop = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
const strip = (text: string) =>
  JSON.stringify(JSON.parse(text, (k, v) => (k === 'wallClockMs' ? undefined : v)));

let client = new Redis({ port, host: '127.0.0.1', lazyConnect: true });
try {
  for (let i = 0; ; i++) {
    client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      break;
    } catch {
      client.disconnect();
      if (i > 50) throw new Error('redis-server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  // 1. Throughput.
  let workers = await Promise.all([startWorker(), startWorker()]);
  await bench(5, 1); // tsx's cache warm
  await bench(5, 1, ['--redis', url]); // the workers' modules loaded
  const ceiling: number[] = [];
  const sweep: number[] = [];
  const alone: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // One local bench of the same runs alone: what one process does, for the ratios' sake.
    alone.push((await bench(2 * N, 1)).ms);
    // Workers idle while the two benches run: they wait on Redis, taking no CPU.
    const started = performance.now();
    await Promise.all([bench(N, 1), bench(N, N + 1)]);
    ceiling.push(performance.now() - started);
    // A fresh launch each round (no --resume): every run made again.
    sweep.push((await bench(2 * N, 1, ['--redis', url])).ms);
  }
  const runs = 2 * N * 2;
  const c = median(ceiling);
  const s = median(sweep);
  console.log(`throughput: ${runs} runs (mix, ${POLICIES}, seeds 1…${2 * N}), ${rounds} interleaved rounds`);
  const a = median(alone);
  console.log(
    `  one local bench alone: ${(a / 1000).toFixed(2)} s median (${alone.map((x) => (x / 1000).toFixed(2)).join(', ')}) → ${((runs * 1000) / a).toFixed(1)} runs/s`,
  );
  console.log(
    `  two local benches at once: ${(c / 1000).toFixed(2)} s median (${ceiling.map((x) => (x / 1000).toFixed(2)).join(', ')}) → ${((runs * 1000) / c).toFixed(1)} runs/s`,
  );
  console.log(
    `  two workers through Redis: ${(s / 1000).toFixed(2)} s median (${sweep.map((x) => (x / 1000).toFixed(2)).join(', ')}) → ${((runs * 1000) / s).toFixed(1)} runs/s`,
  );
  console.log(`  workers / ceiling: ${((100 * c) / s).toFixed(1)}%`);

  // 2. Same report.
  const issue = [
    'bench',
    '--scenario',
    'mix',
    '--split',
    'test',
    '--seeds',
    '300',
    '--policies',
    POLICIES,
    '--json',
  ];
  const local = await timed(issue);
  const remote = await timed([...issue, '--redis', url]);
  console.log(
    `same report (300 seeds × 2 policies): ${strip(local.stdout) === strip(remote.stdout) ? 'identical' : 'DIFFERENT'} apart from wallClockMs (local ${(local.ms / 1000).toFixed(1)} s, two workers ${(remote.ms / 1000).toFixed(1)} s)`,
  );

  // 3. Nothing lost: one worker killed halfway.
  await Promise.all(workers.map((w) => stop(w)));
  workers = await Promise.all([startWorker(['--lock-ms', '2000']), startWorker(['--lock-ms', '2000'])]);
  await client.flushdb();
  const launcher = timed([...issue, '--redis', url]);
  for (;;) {
    const keys = await client.keys('swarmflight:sweep:*:done');
    const done = keys.length > 0 ? await client.hlen(keys[0] as string) : 0;
    if (done >= 300) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await stop(workers[0] as ChildProcess, 'SIGKILL');
  const killed = await launcher;
  const [doneKey] = await client.keys('swarmflight:sweep:*:done');
  const counted = await client.hlen(doneKey as string);
  const stalled = (await client.xrange('swarmflight:bench:events', '-', '+')).filter(
    ([, f]) => f[1] === 'stalled',
  ).length;
  console.log(
    `nothing lost: one of two workers SIGKILLed at 300/600 runs: ${strip(killed.stdout) === strip(local.stdout) ? 'identical' : 'DIFFERENT'} report, ${counted} runs counted for 600 jobs, ${stalled} job(s) taken again after the lock expired, ${(killed.ms / 1000).toFixed(1)} s`,
  );
  await Promise.all(workers.map((w) => stop(w)));
} finally {
  client.disconnect();
  await stop(redisServer);
  rmSync(dir, { recursive: true, force: true });
}
