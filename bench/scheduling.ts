/**
 * Scheduling overhead of the orchestrator runtime, with the trace recorded.
 *   npm run bench            (tsx bench/scheduling.ts)
 * Prints medians over repeated runs; see docs/benchmarks.md for recorded figures.
 */
import { randomGraph } from '../src/core/graph/generate';
import { graphOrThrow } from '../src/core/graph/validate';
import { criticalPathPolicy } from '../src/core/policy/critical-path';
import { makeConfig } from '../src/core/runtime/config';
import { simulate } from '../src/core/runtime/simulate';
import type { TraceEvent } from '../src/core/trace/events';
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
const results: Record<number, number> = {};
for (const n of [50, 500, 5000]) {
  const graph = graphOrThrow(randomGraph({ tasks: n, seed: 42, method: 'layrprob', meanPreds: 3 }));
  const config = makeConfig({ seed: 1, budgets: { maxConcurrentSubagents: 16 } });
  let events: TraceEvent[] = [];
  const run = () => {
    events = simulate({ graph, config, policy: criticalPathPolicy }).events;
  };
  for (let i = 0; i < 5; i++) run(); // warm the JIT
  const plain = time(run, 1500, 10);
  const encoded = time(
    () => {
      const r = simulate({ graph, config, policy: criticalPathPolicy });
      encodeTrace(r.header, r.events);
    },
    1500,
    10,
  );
  const ms = median(plain);
  results[n] = (ms * 1000) / n;
  console.log(
    `${String(n).padStart(5)} | ${String(plain.length).padStart(4)} | ${ms.toFixed(3).padStart(13)} | ${((ms * 1000) / n).toFixed(2).padStart(7)} | ${((median(encoded) * 1000) / n).toFixed(2).padStart(27)} | ${events.length}`,
  );
}
console.log(
  `growth 500 → 5000: ${((results[5000] as number) / (results[500] as number)).toFixed(2)}× per task (1.00× = linear)`,
);

console.log("\nOne simulated swarm run at the report's limits: 100 subagents, 1,500 tool calls");
{
  // 300 tasks of 5 tool calls each = 1,500 tool calls, run by up to 100 subagents.
  const graph = graphOrThrow(
    randomGraph({ tasks: 300, seed: 7, method: 'layrprob', toolCalls: 5, failProbability: 0.05 }),
  );
  const config = makeConfig({ seed: 3, budgets: { maxConcurrentSubagents: 100, maxToolCalls: 1500 } });
  const once = simulate({ graph, config, policy: criticalPathPolicy });
  for (let i = 0; i < 5; i++) simulate({ graph, config, policy: criticalPathPolicy });
  const samples = time(() => simulate({ graph, config, policy: criticalPathPolicy }), 1500, 10);
  console.log(
    `median ${median(samples).toFixed(3)} ms/run over ${samples.length} runs · ${once.metrics.spawnCount} subagents · ${once.metrics.toolCalls} tool calls · ${once.reason} · ${once.events.length} events`,
  );
}
