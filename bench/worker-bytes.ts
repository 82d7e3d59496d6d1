/**
 * Bytes a run posts to its subagent workers: every attempt request as structured clone serialises
 * it (`v8.serialize`, the serializer behind `postMessage` in Node and in Chromium), for random task
 * graphs of 100, 500 and 1,500 tasks whose attempts each answer with a wide-search-sized table.
 * It prints what the driver posts now (each attempt carries its dependencies' answers) and what it
 * posted before (every answer so far), to show the copying grows linearly, not quadratically.
 *
 *   npx tsx bench/worker-bytes.ts [--sizes 100,500,1500] [--answer-bytes 600]
 */

import { parseArgs } from 'node:util';
import { serialize } from 'node:v8';
import { randomGraph } from '../src/core/graph/generate';
import { graphOrThrow } from '../src/core/graph/validate';
import { criticalPathPolicy } from '../src/core/policy/critical-path';
import { makeConfig } from '../src/core/runtime/config';
import type { AsyncExecutor, AttemptRequest } from '../src/core/runtime/ports';
import { simulateAsync } from '../src/core/runtime/simulate';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100,500,1500' },
    'answer-bytes': { type: 'string', default: '600' },
  },
});
const sizes = (values.sizes as string).split(',').map(Number);
const answerBytes = Number(values['answer-bytes']);

async function measure(tasks: number) {
  const graph = graphOrThrow(randomGraph({ tasks, seed: 7, method: 'samepred', meanPreds: 2, maxSteps: 10 }));
  const everything = new Map<string, string>();
  let posted = 0;
  let before = 0;
  const executor: AsyncExecutor = {
    async run(request: AttemptRequest) {
      posted += serialize(request).byteLength;
      // The request as the driver built it before: every answer the run had so far.
      before += serialize({ ...request, answers: new Map(everything) }).byteLength;
      const answer = `${request.taskId}:`.padEnd(answerBytes, 'x');
      return {
        steps: request.spec.steps,
        ok: true,
        answer,
        usage: {
          steps: request.spec.steps,
          toolCalls: 0,
          'gen_ai.usage.input_tokens': 0,
          'gen_ai.usage.output_tokens': 0,
        },
      };
    },
  };
  const wrapped: AsyncExecutor = {
    async run(request, signal) {
      const outcome = await executor.run(request, signal);
      if (outcome.answer !== undefined) everything.set(request.taskId, outcome.answer);
      return outcome;
    },
  };
  await simulateAsync({
    graph,
    config: makeConfig({ budgets: { maxConcurrentSubagents: 16 }, mainStepCost: 0 }),
    policy: criticalPathPolicy,
    executor: wrapped,
    keepEvents: false,
  });
  const edges = graph.preds.reduce((n, p) => n + p.length, 0);
  return { tasks, edges, posted, before };
}

const rows = [];
for (const n of sizes) rows.push(await measure(n));
const base = rows[0] as (typeof rows)[number];
console.log(`answer ${answerBytes} bytes per task; bytes posted to workers over one run`);
console.log(
  '| tasks | dependencies | posted now | per task | ×(first row) | posted before (all answers) | per task |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const mb = (b: number) => `${(b / 1e6).toFixed(2)} MB`;
  console.log(
    `| ${r.tasks.toLocaleString('en')} | ${r.edges.toLocaleString('en')} | ${mb(r.posted)} | ${Math.round(r.posted / r.tasks).toLocaleString('en')} B | ${(r.posted / base.posted).toFixed(1)} | ${mb(r.before)} | ${Math.round(r.before / r.tasks).toLocaleString('en')} B |`,
  );
}
