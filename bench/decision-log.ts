/**
 * What logging every learned decision in full costs (docs/learning.md, "Off-policy evaluation"):
 * a PARL checkpoint plays the mix's first N validation instances by sampling, with and without
 * the full decision logs (features, each head's distribution, the joint options acting alike),
 * interleaved over rounds; prints the trace bytes per run and per decision each way, and the
 * median time per run.
 *   npx tsx bench/decision-log.ts CHECKPOINT [instances] [rounds]
 * docs/benchmarks.md records it.
 */
import { readFileSync } from 'node:fs';
import { trainingEnv } from '../src/cli/train';
import { loadPolicy } from '../src/core/learning/checkpoint';
import { componentSpec, drawBenchTask } from '../src/core/learning/mix';
import { parlPolicy } from '../src/core/learning/parl';
import { planChooser } from '../src/core/policy/types';
import { prepareRun } from '../src/core/run/prepare';
import { runPrepared } from '../src/core/run/run';
import type { TaskScenarioSpec } from '../src/core/scenarios/registry';
import { splitSeeds } from '../src/core/scenarios/splits';
import { encodeTrace, withoutWallClock } from '../src/core/trace/jsonl';

const file = process.argv[2];
if (!file) throw new Error('usage: npx tsx bench/decision-log.ts CHECKPOINT [instances] [rounds]');
const n = Number(process.argv[3] ?? 100);
const rounds = Number(process.argv[4] ?? 3);
const env = await trainingEnv('mix');
const loaded = loadPolicy(JSON.parse(readFileSync(file, 'utf8')), env.profileHashes);
if (loaded.kind !== 'parl') throw new Error(`${file} is not a PARL checkpoint`);
const params = loaded.params;
const seeds = splitSeeds('validation', n);

async function play(log: boolean): Promise<{ ms: number; bytes: number; decisions: number }> {
  let bytes = 0;
  let decisions = 0;
  const started = performance.now();
  for (const seed of seeds) {
    const draw = drawBenchTask(env.mix, seed);
    const spec = componentSpec(env.specs[draw.component.scenario] as TaskScenarioSpec, draw.component);
    const policy = parlPolicy({ params, mode: 'sample', log, name: `parl:${file}` });
    const result = await runPrepared(
      prepareRun({
        scenario: { type: 'task', spec },
        seed,
        size: draw.size,
        plan: planChooser(policy),
        profiles: env.profiles,
      }),
      { policy, provider: env.provider, ports: env.ports ?? {}, keepEvents: true },
    );
    bytes += encodeTrace(result.header, withoutWallClock(result.events)).length;
    decisions += result.events.filter((e) => e.type === 'orchestrator.step' && e.choices).length + 1;
  }
  return {
    ms: (performance.now() - started) / seeds.length,
    bytes: bytes / seeds.length,
    decisions: decisions / seeds.length,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
const times = { off: [] as number[], on: [] as number[] };
let sizes = { off: 0, on: 0, decisions: 0 };
for (let r = 0; r < rounds; r++) {
  for (const log of [false, true]) {
    const m = await play(log);
    times[log ? 'on' : 'off'].push(m.ms);
    sizes = { ...sizes, [log ? 'on' : 'off']: m.bytes, decisions: m.decisions };
  }
}
const added = sizes.on - sizes.off;
console.log(`| ${n} validation instances, ${rounds} rounds | without the logs | with them | added |`);
console.log('|---|---:|---:|---:|');
console.log(
  `| trace bytes per run | ${sizes.off.toFixed(0)} | ${sizes.on.toFixed(0)} | +${added.toFixed(0)} (+${((100 * added) / sizes.off).toFixed(0)}%) |`,
);
console.log(
  `| learned decisions per run (the plan and each step) | ${sizes.decisions.toFixed(2)} | | ${(added / sizes.decisions).toFixed(0)} bytes each |`,
);
console.log(
  `| ms per run (median of rounds) | ${median(times.off).toFixed(1)} | ${median(times.on).toFixed(1)} | ×${(median(times.on) / median(times.off)).toFixed(2)} |`,
);
