/**
 * Training speed of `swarm orchestration train` (CLI defaults: 100,000 episodes) on 1 and 2
 * rollout threads, run alternately --reps times in one sitting (medians and the ratio of
 * medians), and whether every checkpoint is byte-identical. For scale, the machine's own ceiling
 * in the same sitting, measured --reps times in the same rotation: one single-thread training
 * alone, and two at once in separate processes (their median ratio: what two cores give this
 * workload with no sharing at all).
 *
 *   npx tsx bench/orchestration-rollouts.ts [--reps 7]
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';

const run = promisify(execFile);
const { values } = parseArgs({ options: { reps: { type: 'string', default: '7' } } });
const reps = Number(values.reps);
const dir = await mkdtemp(join(tmpdir(), 'swarmflight-orch-rollouts-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

/** Milliseconds the training took, as the command reports it (process start-up excluded). */
async function train(workers: number, out: string, seed = 1): Promise<number> {
  const { stdout } = await run('npx', [
    'tsx',
    'src/cli/main.ts',
    'orchestration',
    'train',
    '--seed',
    String(seed),
    '--rollout-workers',
    String(workers),
    '--out',
    out,
    '--json',
  ]);
  return (JSON.parse(stdout) as { ms: number }).ms;
}
const hash = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

try {
  await train(1, join(dir, 'warm.json'));
  const times: Record<1 | 2, number[]> = { 1: [], 2: [] };
  const hashes = new Set<string>();
  const pairs: number[] = [];
  for (let r = 0; r < reps; r++) {
    for (const w of [1, 2] as const) {
      const out = join(dir, `w${w}-r${r}.json`);
      times[w].push(await train(w, out));
      hashes.add(await hash(out));
    }
    const pair = await Promise.all([train(1, join(dir, 'pa.json')), train(1, join(dir, 'pb.json'), 2)]);
    pairs.push(Math.max(...pair));
  }
  const fmt = (xs: number[]) => xs.map((t) => (t / 1000).toFixed(2)).join(', ');
  console.log(`swarm orchestration train (100,000 episodes), ${reps} runs each, alternating, one sitting\n`);
  console.log('| rollout threads | seconds, median (all) | episodes/s |\n|---:|---:|---:|');
  for (const w of [1, 2] as const)
    console.log(
      `| ${w} | ${(median(times[w]) / 1000).toFixed(2)} (${fmt(times[w])}) | ${Math.round(100_000 / (median(times[w]) / 1000))} |`,
    );
  console.log(`\nspeed-up, ratio of medians: ${(median(times[1]) / median(times[2])).toFixed(2)}×`);
  console.log(
    `checkpoints: ${hashes.size === 1 ? 'byte-identical across every run' : `${hashes.size} different`}`,
  );
  console.log(
    `two cores' ceiling: two single-thread trainings at once in separate processes, the later to finish ${(median(pairs) / 1000).toFixed(2)} s median (${fmt(pairs)}) → ${((2 * median(times[1])) / median(pairs)).toFixed(2)}× the work per second of one alone`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
