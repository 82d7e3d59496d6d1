/**
 * Training speed with rollout workers: `swarm train --scenario mix` with every default, on 1, 2
 * and 3 worker threads (medians of --reps runs, after one untimed run that warms tsx's cache), and
 * whether the checkpoints are byte-identical. Also the machine's own ceiling for two threads: one
 * single-worker training alone, then two at once in separate processes.
 *
 *   npx tsx bench/train-rollouts.ts [--reps 3]
 */

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';

const run = promisify(execFile);
const { values } = parseArgs({ options: { reps: { type: 'string', default: '3' } } });
const reps = Number(values.reps);
const dir = await mkdtemp(join(tmpdir(), 'swarmflight-rollouts-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

async function train(workers: number, out: string, extra: string[] = []): Promise<number> {
  const { stdout } = await run(
    'npx',
    [
      'tsx',
      'src/cli/main.ts',
      'train',
      '--scenario',
      'mix',
      '--seed',
      '1',
      '--out',
      out,
      '--rollout-workers',
      String(workers),
      '--json',
      ...extra,
    ],
    { maxBuffer: 64 << 20 },
  );
  return (JSON.parse(stdout) as { seconds: number }).seconds;
}
const hash = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex')
    .slice(0, 16);

try {
  await train(1, join(dir, 'warm.json'), ['--episodes', '32']);
  const rows: string[] = [];
  const hashes = new Set<string>();
  const base: number[] = [];
  for (const workers of [1, 2, 3]) {
    const times: number[] = [];
    for (let r = 0; r < reps; r++) {
      const out = join(dir, `w${workers}-r${r}.json`);
      times.push(await train(workers, out));
      hashes.add(await hash(out));
    }
    if (workers === 1) base.push(...times);
    rows.push(
      `| ${workers} | ${median(times).toFixed(1)} s (${times.map((t) => t.toFixed(1)).join(', ')}) | ${(1200 / median(times)).toFixed(1)} | ${(median(base) / median(times)).toFixed(2)}× |`,
    );
  }
  const alone = await train(1, join(dir, 'alone.json'), ['--episodes', '600']);
  const pair = await Promise.all([
    train(1, join(dir, 'pair-a.json'), ['--episodes', '600']),
    train(1, join(dir, 'pair-b.json'), ['--episodes', '600', '--seed', '2']),
  ]);
  console.log(`swarm train --scenario mix (defaults: 1,200 PARL episodes), ${reps} runs each, one sitting\n`);
  console.log('| rollout workers | seconds, median (all) | episodes/s | speed-up |\n|---:|---:|---:|---:|');
  for (const r of rows) console.log(r);
  console.log(
    `\ncheckpoints: ${hashes.size === 1 ? 'byte-identical across every run' : `${hashes.size} different`}`,
  );
  console.log(
    `two threads' ceiling: 600 episodes alone ${alone.toFixed(1)} s; two such trainings at once ${pair.map((t) => t.toFixed(1)).join(' and ')} s → ${((2 * alone) / Math.max(...pair)).toFixed(2)}× the work per second`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
