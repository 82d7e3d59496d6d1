import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { optimalMakespan } from '../../bench/optimal';
import { main } from '../../src/cli/main';
import { type GraphMethod, randomGraph } from '../../src/core/graph/generate';
import { graphOrThrow } from '../../src/core/graph/validate';
import { checkSchedule } from '../support/check-schedule';

// A small, fixed slice of `npm run bench:optimality` (docs/benchmarks.md has the full run): the
// `schedule` command on random STG-kind graphs, against the exact optimum, with every schedule
// checked for precedence and capacity by a checker that shares no code with the runtime.
describe('swarm schedule against the optimum', () => {
  it('lands within 1% of optimal on average and never 10% above, with valid schedules', async () => {
    const methods: GraphMethod[] = ['sameprob', 'samepred', 'layrprob', 'layrpred'];
    const dir = mkdtempSync(join(tmpdir(), 'swarm-opt-'));
    const gaps: number[] = [];
    for (let k = 0; k < 8; k++) {
      const scenario = randomGraph({
        tasks: 50 + ((k * 37) % 51),
        seed: 1000 + k,
        method: methods[k % 4] as GraphMethod,
      });
      const file = join(dir, `${scenario.id}.json`);
      writeFileSync(file, JSON.stringify(scenario));
      const graph = graphOrThrow(scenario);
      for (const workers of [2, 4, 8, 16]) {
        let stdout = '';
        const code = await main(
          ['schedule', '--graph', file, '--workers', String(workers), '--main-step-cost', '0', '--json'],
          (t) => {
            stdout += t;
          },
          () => {},
        );
        expect(code).toBe(0);
        const result = JSON.parse(stdout);
        expect(checkSchedule(graph, workers, result.schedule)).toEqual([]);
        const opt = optimalMakespan(graph, workers, { timeLimitMs: 5000, upperBound: result.makespan });
        gaps.push(result.makespan / (opt.proven ? opt.makespan : opt.lowerBound) - 1);
      }
    }
    expect(Math.max(...gaps)).toBeLessThanOrEqual(0.1);
    expect(gaps.reduce((a, b) => a + b, 0) / gaps.length).toBeLessThanOrEqual(0.01);
  }, 120_000);
});
