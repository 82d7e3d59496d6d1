/**
 * Effective against nominal parallelism on WebLLM engines: a wide-search swarm of 8 subagents over
 * 1, 2, 4 and 8 engines. The engines are fakes of WebLLM's engine interface that take a fixed time
 * per request and answer as the scenario's player (no GPU or weights here); what is measured is
 * the real provider, gate, engine pool and meter under the real runtime and agent loops.
 *   npx tsx bench/engines.ts [--reps 5] [--ms 20]
 * Prints medians over interleaved repetitions; docs/benchmarks.md records the figures.
 */
import type { ChatCompletionRequestNonStreaming } from '@mlc-ai/web-llm';
import { concurrencyMeter } from '../src/adapters/browser/engine-concurrency';
import {
  type ChatCompletionLike,
  type EngineLike,
  enginePool,
} from '../src/adapters/browser/webllm-provider';
import { heuristicPolicy } from '../src/core/policy/heuristic';
import type { ChatRequest } from '../src/core/providers/types';
import { runScenario } from '../src/core/run/run';
import { loadPlayers } from '../src/core/scenarios/players';
import { scenarioKinds } from '../src/core/scenarios/registry';
import { subtaskMetadata, subtasksOf } from '../tests/support/loopback-model-server';
import { playerProvider } from '../tests/support/player-provider';
import { loadProfiles, loadSpec } from '../tests/support/scenarios';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const reps = arg('reps', 5);
const requestMs = arg('ms', 20);
const SUBAGENTS = 8;
const SIZE = 40;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

const base = loadSpec('wide-search', 'wide-search');
const spec = { ...base, budgets: { ...base.budgets, maxConcurrentSubagents: SUBAGENTS } };
const kind = scenarioKinds['wide-search'];
const instance = kind.generate(spec, 1, SIZE);
const metadataOf = subtaskMetadata(subtasksOf(kind, instance));
const player = playerProvider(await loadPlayers());
const profiles = loadProfiles();

/** An engine that generates for one request at a time, `requestMs` each, as the player answers. */
function fakeEngine(): EngineLike {
  let busy = false;
  return {
    chat: {
      completions: {
        async create(request: ChatCompletionRequestNonStreaming): Promise<ChatCompletionLike> {
          if (busy) throw new Error('the engine was given two requests at once');
          busy = true;
          try {
            await new Promise((resolve) => setTimeout(resolve, requestMs));
            const reply = await player.complete({
              ...(request as unknown as ChatRequest),
              metadata: metadataOf(request.messages as { role: string; content: string | null }[]),
            });
            return reply as unknown as ChatCompletionLike;
          } finally {
            busy = false;
          }
        },
      },
    },
    interruptGenerate() {},
  };
}

async function once(engines: number) {
  const meter = concurrencyMeter();
  const provider = enginePool({ engines: Array.from({ length: engines }, fakeEngine), model: 'fake', meter });
  const t0 = performance.now();
  const result = await runScenario({ kind, spec, instance, policy: heuristicPolicy, profiles, provider });
  const wallMs = performance.now() - t0;
  if (result.reason !== 'completed') throw new Error(`run ended: ${result.reason}`);
  return { wallMs, ...meter.summary(), criticalSteps: result.metrics.criticalSteps };
}

console.log(`node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
console.log(
  `wide-search ${SIZE} rows, seed 1, heuristic, ${SUBAGENTS} subagents at most, ${requestMs} ms per request, ${reps} reps interleaved`,
);
const counts = [1, 2, 4, 8];
const samples = new Map(counts.map((n) => [n, [] as Awaited<ReturnType<typeof once>>[]]));
for (let r = 0; r < reps; r++) {
  for (const n of counts) samples.get(n)?.push(await once(n));
}
const wall1 = median((samples.get(1) ?? []).map((s) => s.wallMs));
console.log(
  'engines | wall ms (median) | speed-up vs 1 | nominal | effective | peak nominal | peak effective | critical steps',
);
for (const n of counts) {
  const xs = samples.get(n) ?? [];
  const m = (f: (s: (typeof xs)[number]) => number) => median(xs.map(f));
  console.log(
    [
      n,
      m((s) => s.wallMs).toFixed(0),
      (wall1 / m((s) => s.wallMs)).toFixed(2),
      m((s) => s.nominal).toFixed(2),
      m((s) => s.effective).toFixed(2),
      m((s) => s.peakNominal),
      m((s) => s.peakEffective),
      m((s) => s.criticalSteps),
    ].join(' | '),
  );
}
