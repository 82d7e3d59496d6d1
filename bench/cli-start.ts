/**
 * How long a `swarm` command takes from the shell, start-up included: `--help`, a small
 * `schedule` and `train --scenario mix --episodes 1` (a training's fixed cost), each run --reps
 * times in rotation, medians printed. Wall time of the whole process, as a user waits for it
 * (`node --import tsx src/cli/main.ts …`, tsx's cache warmed by one untimed round).
 *
 *   npx tsx bench/cli-start.ts [--reps 5]
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';

const run = promisify(execFile);
const { values } = parseArgs({ options: { reps: { type: 'string', default: '5' } } });
const reps = Number(values.reps);
const dir = await mkdtemp(join(tmpdir(), 'swarmflight-cli-start-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

const commands: [string, string[]][] = [
  ['swarm --help', ['--help']],
  [
    'swarm schedule (diamond, 2 workers)',
    ['schedule', '--graph', 'scenarios/graphs/diamond.json', '--workers', '2'],
  ],
  [
    'swarm train --scenario mix --episodes 1',
    ['train', '--scenario', 'mix', '--episodes', '1', '--out', join(dir, 'p.json')],
  ],
];

async function timed(args: string[]): Promise<number> {
  const started = performance.now();
  await run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args]);
  return performance.now() - started;
}

try {
  for (const [, args] of commands) await timed(args);
  const times = commands.map(() => [] as number[]);
  for (let r = 0; r < reps; r++)
    for (const [i, [, args]] of commands.entries()) times[i]?.push(await timed(args));
  console.log(`| command | ms, median of ${reps} (all) |\n|---|---:|`);
  for (const [i, [name]] of commands.entries()) {
    const xs = times[i] as number[];
    console.log(`| ${name} | ${Math.round(median(xs))} (${xs.map(Math.round).join(', ')}) |`);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
