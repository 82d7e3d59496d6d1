/**
 * How far the exact solver gets on the graphs the list-scheduler benchmark uses: 20 random graphs
 * of 50 tasks and 20 of 100 (costs 1–10, methods sameprob and layrprob alternating, seeds 1…),
 * on 2, 4, 8 and 16 workers, 2 s each. For each size and worker count it prints how many optima
 * were proven, and how far the proven optimum lies above the simple bound
 * max(critical path, ⌈work / P⌉) — i.e. how often that bound alone would do as the reference —
 * and on how many instances the search had to run at all (the rest were settled by the root
 * bounds meeting a list schedule).
 *
 *   npx tsx bench/optimal-probe.ts
 */
import { lowerBound } from '../src/core/graph/cpm';
import { type GraphMethod, randomGraph } from '../src/core/graph/generate';
import { graphOrThrow } from '../src/core/graph/validate';
import { optimalMakespan } from './optimal';

const SIZES = [50, 100];
const WORKERS = [2, 4, 8, 16];
const GRAPHS = 20;
const TIME_LIMIT_MS = 2000;

const pct = (x: number) => `${(100 * x).toFixed(2)}%`;

console.log(`exact P|prec|Cmax on randomGraph instances, ${TIME_LIMIT_MS} ms limit each`);
console.log(
  'tasks  P  proven  opt=LB  gap>0 (steps)      mean gap   max gap   unproven (LB..best)  searched     nodes   time',
);
for (const tasks of SIZES) {
  const graphs = Array.from({ length: GRAPHS }, (_, k) => {
    const method: GraphMethod = k % 2 === 0 ? 'sameprob' : 'layrprob';
    return graphOrThrow(randomGraph({ tasks, seed: k + 1, method }));
  });
  for (const workers of WORKERS) {
    let proven = 0;
    let tight = 0;
    let gapSum = 0;
    let gapMax = 0;
    let searched = 0; // instances the bounds and the list schedules did not settle on their own
    let nodes = 0;
    const gaps: string[] = [];
    const open: string[] = [];
    const started = performance.now();
    graphs.forEach((graph, k) => {
      const simple = lowerBound(graph, workers);
      const result = optimalMakespan(graph, workers, { timeLimitMs: TIME_LIMIT_MS });
      nodes += result.nodes;
      if (result.nodes > 0) searched++;
      if (!result.proven) {
        open.push(`#${k + 1} ${result.lowerBound}..${result.makespan}`);
        return;
      }
      proven++;
      const gap = (result.makespan - simple) / simple;
      if (result.makespan === simple) tight++;
      else gaps.push(`#${k + 1}+${result.makespan - simple}`);
      gapSum += gap;
      gapMax = Math.max(gapMax, gap);
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      [
        String(tasks).padStart(5),
        String(workers).padStart(2),
        `${proven}/${GRAPHS}`.padStart(7),
        `${tight}`.padStart(6),
        `  ${gaps.join(' ') || '-'}`.padEnd(20),
        (proven ? pct(gapSum / proven) : '-').padStart(9),
        (proven ? pct(gapMax) : '-').padStart(9),
        `  ${open.join(' ') || '-'}`.padEnd(22),
        `${searched}`.padStart(8),
        `${nodes}`.padStart(9),
        `${seconds}s`.padStart(6),
      ].join(' '),
    );
  }
}
