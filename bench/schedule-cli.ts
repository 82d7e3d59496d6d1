/**
 * Scheduling overhead as the command line measures it (`swarm schedule --repeat`), not through
 * `simulate` called in-process (bench/scheduling.ts): the whole CLI path, one process per sample.
 *   npx tsx bench/schedule-cli.ts        (--tasks 500 --workers 16 --samples 7)
 * Prints the median msPerRun and µs per task; docs/benchmarks.md records the figures.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createRng } from '../src/core/util/rng';

const { values } = parseArgs({
  options: {
    tasks: { type: 'string', default: '500' },
    workers: { type: 'string', default: '16' },
    samples: { type: 'string', default: '7' },
    seed: { type: 'string', default: '14' },
  },
});
const tasks = Number(values.tasks);
const samples = Number(values.samples);

/** Each task depends on 0–3 distinct earlier tasks and costs 1–10 steps. */
function graphFile(n: number, seed: number) {
  const rng = createRng(seed);
  const id = (i: number) => `t${String(i).padStart(4, '0')}`;
  return {
    kind: 'graph',
    id: `random-${n}`,
    tasks: Array.from({ length: n }, (_, i) => {
      const deps = new Set<string>();
      const want = Math.min(i, rng.int(0, 3));
      while (deps.size < want) deps.add(id(rng.int(0, i - 1)));
      return { id: id(i), steps: rng.int(1, 10), deps: [...deps] };
    }),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

const dir = mkdtempSync(join(tmpdir(), 'schedule-cli-'));
const file = join(dir, 'graph.json');
writeFileSync(file, JSON.stringify(graphFile(tasks, Number(values.seed))));
const args = ['run', '--silent', 'swarm', '--', 'schedule', '--graph', file, '--workers', values.workers];
args.push('--main-step-cost', '0', '--repeat', '50', '--json');

console.log(`node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
console.log(`npm ${args.join(' ').replace(file, 'GRAPH')}  (${tasks} tasks, seed ${values.seed})`);
const perRun: number[] = [];
try {
  for (let i = 0; i < samples; i++) {
    const out = execFileSync('npm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const result = JSON.parse(out) as { msPerRun: number; makespan: number; reason: string };
    perRun.push(result.msPerRun);
    console.log(
      `sample ${i + 1}: ${result.msPerRun.toFixed(3)} ms/run · ${result.reason} · makespan ${result.makespan}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const ms = median(perRun);
console.log(
  `median over ${samples} processes: ${ms.toFixed(3)} ms/run · ${((ms * 1000) / tasks).toFixed(2)} µs/task`,
);
