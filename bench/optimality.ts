/**
 * How close `swarm schedule` comes to the optimal makespan on random graphs of the standard
 * scheduling-benchmark kind (Standard Task Graph Set style: 50–100 tasks, integer costs 1–10, four
 * generation methods), on P = 2, 4, 8 and 16 workers, with --main-step-cost 0 and async join —
 * the acceptance check of the runtime issue. Each schedule also goes through an independent
 * checker of precedence and capacity (tests/support/check-schedule.ts).
 *
 *   npm run bench:optimality               (40 graphs × 4 worker counts, 3 s solver limit each)
 *   npm run bench:optimality -- 10 1000    (graphs, solver ms)
 *
 * The reference is the exact branch and bound of bench/optimal.ts, given our makespan as its upper
 * bound. Where it cannot prove the optimum in time, the gap is measured against its best lower
 * bound instead, which can only overstate our distance from optimal.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/cli/main';
import { type GraphMethod, randomGraph } from '../src/core/graph/generate';
import { graphOrThrow } from '../src/core/graph/validate';
import { checkSchedule } from '../tests/support/check-schedule';
import { optimalMakespan } from './optimal';

const graphs = Number(process.argv[2] ?? 40);
const limitMs = Number(process.argv[3] ?? 3000);
const methods: GraphMethod[] = ['sameprob', 'samepred', 'layrprob', 'layrpred'];
const dir = mkdtempSync(join(tmpdir(), 'swarm-opt-'));
const pct = (x: number) => `${(100 * x).toFixed(2)}%`;

console.log(`${graphs} graphs (50–100 tasks, costs 1–10, ${methods.join('/')}), solver limit ${limitMs} ms`);
console.log(
  '   P | graphs | proven | at optimum | mean gap | max gap | worst graph          | invalid schedules',
);
let allGaps: number[] = [];
let invalid = 0;
for (const workers of [2, 4, 8, 16]) {
  const gaps: number[] = [];
  let proven = 0;
  let optimal = 0;
  let worst = { gap: -1, name: '' };
  for (let k = 0; k < graphs; k++) {
    const tasks = 50 + ((k * 37) % 51);
    const method = methods[k % methods.length] as GraphMethod;
    const scenario = randomGraph({ tasks, seed: 1000 + k, method });
    const file = join(dir, `${scenario.id}.json`);
    writeFileSync(file, JSON.stringify(scenario));
    let stdout = '';
    const code = await main(
      [
        'schedule',
        '--graph',
        file,
        '--workers',
        String(workers),
        '--main-step-cost',
        '0',
        '--join',
        'async',
        '--json',
      ],
      (t) => {
        stdout += t;
      },
      (t) => process.stderr.write(`${t}\n`),
    );
    if (code !== 0) throw new Error(`schedule failed on ${file}`);
    const result = JSON.parse(stdout) as { makespan: number; schedule: Parameters<typeof checkSchedule>[2] };
    const graph = graphOrThrow(scenario);
    const problems = checkSchedule(graph, workers, result.schedule);
    if (problems.length > 0) {
      invalid++;
      console.error(`${scenario.id} P=${workers}: ${problems.slice(0, 3).join('; ')}`);
    }
    const opt = optimalMakespan(graph, workers, { timeLimitMs: limitMs, upperBound: result.makespan });
    if (opt.proven) proven++;
    const reference = opt.proven ? opt.makespan : opt.lowerBound;
    const gap = result.makespan / reference - 1;
    if (gap === 0) optimal++;
    gaps.push(gap);
    if (gap > worst.gap) worst = { gap, name: `${scenario.id}` };
  }
  allGaps = allGaps.concat(gaps);
  const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  console.log(
    `${String(workers).padStart(4)} | ${String(graphs).padStart(6)} | ${String(proven).padStart(6)} | ${String(optimal).padStart(10)} | ${pct(mean).padStart(8)} | ${pct(Math.max(...gaps)).padStart(7)} | ${worst.name.padEnd(20)} | ${invalid}`,
  );
}
const mean = allGaps.reduce((a, b) => a + b, 0) / allGaps.length;
console.log(`all: mean gap ${pct(mean)}, max gap ${pct(Math.max(...allGaps))}, invalid schedules ${invalid}`);
console.log(
  mean <= 0.01 && Math.max(...allGaps) <= 0.1 && invalid === 0
    ? 'PASS (≤ 1% mean, ≤ 10% max, all valid)'
    : 'FAIL',
);
