/**
 * Scheduling overhead of the orchestrator runtime, with the trace recorded.
 *   npm run bench            (tsx bench/scheduling.ts)
 * Prints medians over repeated runs; docs/benchmarks.md records the figures.
 */
import { randomGraph } from '../src/core/graph/generate';
import { graphOrThrow } from '../src/core/graph/validate';
import { criticalPathPolicy } from '../src/core/policy/critical-path';
import { makeConfig } from '../src/core/runtime/config';
import { simulate } from '../src/core/runtime/simulate';
import { encodeTrace } from '../src/core/trace/jsonl';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

function time(fn: () => void, minMs: number, minRuns: number): number[] {
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < minRuns || performance.now() - start < minMs) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}

console.log(`node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
console.log(
  '\nScheduling overhead (critical-path policy, P = 16, main step cost 1, async join, trace kept in memory)',
);
console.log('tasks | runs | median ms/run | µs/task | µs/task with JSONL encoding | events/run');

// Sizes are timed in interleaved rounds, so that a slow spell of this shared machine hits every
// size alike; each figure is the median over all rounds' runs.
const rounds = 6;
const setups = [50, 500, 5000].map((n) => {
  const graph = graphOrThrow(randomGraph({ tasks: n, seed: 42, method: 'layrprob', meanPreds: 3 }));
  const config = makeConfig({ seed: 1, budgets: { maxConcurrentSubagents: 16 } });
  const run = () => simulate({ graph, config, policy: criticalPathPolicy });
  for (let i = 0; i < 5; i++) run(); // warm the JIT
  return { n, run, events: run().events.length, plain: [] as number[], encoded: [] as number[] };
});
for (let r = 0; r < rounds; r++) {
  for (const s of setups) {
    s.plain.push(...time(s.run, 400, 3));
    const encode = () => {
      const result = s.run();
      encodeTrace(result.header, result.events);
    };
    s.encoded.push(...time(encode, 200, 2));
  }
}
const perTask = new Map<number, number>();
for (const s of setups) {
  const ms = median(s.plain);
  perTask.set(s.n, (ms * 1000) / s.n);
  const encoded = (median(s.encoded) * 1000) / s.n;
  console.log(
    `${String(s.n).padStart(5)} | ${String(s.plain.length).padStart(4)} | ${ms.toFixed(3).padStart(13)} | ${((ms * 1000) / s.n).toFixed(2).padStart(7)} | ${encoded.toFixed(2).padStart(27)} | ${s.events}`,
  );
}
const growth = (perTask.get(5000) as number) / (perTask.get(500) as number);
console.log(`growth 500 → 5000: ${growth.toFixed(2)}× per task (1.00× = linear)`);

console.log("\nOne simulated swarm run at the report's limits: 100 subagents, 1,500 tool calls");
{
  // 300 tasks of 5 tool calls each = 1,500 tool calls, in 3 wide layers, run by up to 100 subagents.
  const graph = graphOrThrow(
    randomGraph({ tasks: 300, seed: 7, method: 'layrprob', layers: 3, toolCalls: 5 }),
  );
  const config = makeConfig({ seed: 3, budgets: { maxConcurrentSubagents: 100, maxToolCalls: 1500 } });
  const run = () => simulate({ graph, config, policy: criticalPathPolicy });
  const once = run();
  for (let i = 0; i < 5; i++) run();
  const samples = time(run, 1500, 10);
  console.log(
    `median ${median(samples).toFixed(3)} ms/run over ${samples.length} runs · ${once.metrics.spawnCount} subagents · ${once.metrics.toolCalls} tool calls · ${once.reason} · ${once.events.length} events`,
  );
}
