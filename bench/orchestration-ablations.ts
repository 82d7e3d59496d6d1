/**
 * Control arms for PARL in the orchestration environment, all on the validation split (never
 * test): what the entropy bonus does, where PARL loses to the contextual bandit, and whether a
 * longer training or an earlier anneal closes that gap. docs/learning.md records the figures.
 *
 *   npx tsx bench/orchestration-ablations.ts [--part entropy|plan|schedule|all] [--seeds 1,2,3]
 *
 * Every row pairs two policies on the same 300 validation instances (bootstrap 95% interval of
 * the difference in mean reward, as `orchestration bench` does). About 4 minutes for `all` on
 * this 2-core machine.
 */
import { parseArgs } from 'node:util';
import { type Evaluation, evaluate, instancesOf, paired } from '../src/core/bench/orchestration-eval';
import { banditOrchestrator, trainBandit } from '../src/core/learning/orchestration/bandit';
import type { OrchestrationPolicy, PlanChoice } from '../src/core/learning/orchestration/decisions';
import { linearOrchestrator } from '../src/core/learning/orchestration/linear-policy';
import { defaultEnvParams as params } from '../src/core/learning/orchestration/params';
import {
  defaultOrchestrationTrainConfig as defaults,
  type OrchestrationTrainConfig,
  trainOrchestrator,
} from '../src/core/learning/orchestration/train';
import { splitSeeds } from '../src/core/scenarios/splits';

const { values } = parseArgs({
  options: { part: { type: 'string', default: 'all' }, seeds: { type: 'string' } },
});
const part = values.part as string;
const seedsOr = (fallback: string) => (values.seeds ?? fallback).split(',').map(Number);
const validation = instancesOf(params, splitSeeds('validation', 300));

const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;
const delta = (base: Evaluation, other: Evaluation) => {
  const d = paired(base, other);
  return `${signed(d.mean)} [${signed(d.low)}, ${signed(d.high)}]`;
};
const parl = (over: Partial<OrchestrationTrainConfig>, seed: number, name = 'parl') =>
  linearOrchestrator({ weights: trainOrchestrator({ ...defaults, ...over, seed }).weights, name });
const bandit = (seed: number) =>
  banditOrchestrator(trainBandit(params, seed, 20_000), `bandit (seed ${seed})`);
const cell = (e: Evaluation) => `${e.means.reward.toFixed(3)} (solo ${e.means.solo.toFixed(2)})`;

/** The entropy bonus: the default 0.01 against 0, 0.003 and 0.03, each retrained per seed. */
function entropyArms(): void {
  const arms = [0, 0.003, 0.03];
  console.log('\n## Entropy bonus (validation; Δ against the default 0.01, same seed)\n');
  console.log(`| seed | 0.01 (default) | ${arms.map((a) => `${a}: reward, Δ`).join(' | ')} |`);
  console.log(`|---:|---:|${arms.map(() => '---|').join('')}`);
  for (const seed of seedsOr('1,2,3,4,5,6,7,8')) {
    const base = evaluate(params, parl({}, seed), validation);
    const cells = arms.map((entropy) => {
      const e = evaluate(params, parl({ entropy }, seed), validation);
      return `${e.means.reward.toFixed(3)}, ${delta(base, e)}`;
    });
    console.log(`| ${seed} | ${base.means.reward.toFixed(3)} | ${cells.join(' | ')} |`);
  }
}

/**
 * Where PARL and the bandit differ: PARL's per-shard, recovery and control decisions with one part
 * of its plan (mode, shard, replicas, spares, or all four) taken from the bandit's chosen setting.
 */
function planSwap(
  name: string,
  learned: OrchestrationPolicy,
  chooser: OrchestrationPolicy,
  take: readonly (keyof PlanChoice)[],
): OrchestrationPolicy {
  return {
    name,
    plan(o) {
      const own = learned.plan(o);
      const other = chooser.plan(o);
      const out: Record<keyof PlanChoice, number> = { ...own };
      for (const k of take) out[k] = other[k];
      // A solo plan has no shard, replicas or spares of its own: a plan switched to spawn takes the bandit's.
      if (out.mode === 1 && own.mode === 0) Object.assign(out, { ...other, mode: 1 });
      return out;
    },
    profile: (v) => learned.profile(v),
    recover: (v) => learned.recover(v),
    control: (v) => learned.control(v),
  };
}

function planArms(): void {
  const parts: (keyof PlanChoice)[][] = [
    ['mode'],
    ['shard'],
    ['replicas'],
    ['spares'],
    ['mode', 'shard', 'replicas', 'spares'],
  ];
  console.log(
    '\n## PARL against the bandit, and PARL with one part of its plan taken from the bandit (validation; Δ against PARL)\n',
  );
  console.log(
    `| seed | bandit | PARL | PARL − bandit | ${parts.map((p) => `bandit's ${p.length > 1 ? 'whole plan' : p[0]}`).join(' | ')} |`,
  );
  console.log(`|---:|---:|---:|---|${parts.map(() => '---|').join('')}`);
  for (const seed of seedsOr('1,2,3')) {
    const learned = parl({}, seed);
    const eB = evaluate(params, bandit(seed), validation);
    const eP = evaluate(params, learned, validation);
    const cells = parts.map((take) => {
      const e = evaluate(params, planSwap(take.join('+'), learned, bandit(seed), take), validation);
      return `${cell(e)}, ${delta(eP, e)}`;
    });
    console.log(`| ${seed} | ${cell(eB)} | ${cell(eP)} | ${delta(eB, eP)} | ${cells.join(' | ')} |`);
  }
}

/** Longer training and an earlier anneal: do they bring back the solo runs the bandit makes? */
function scheduleArms(): void {
  const lin = (from: number, over: number) => ({ kind: 'linear' as const, from, to: 0, over });
  const arms: [string, Partial<OrchestrationTrainConfig>][] = [
    ['λ over 40k', { lambdaParallel: lin(1, 40_000), lambdaFinish: lin(0.5, 40_000) }],
    ['150k episodes', { episodes: 150_000 }],
    [
      '200k episodes, λ over 40k',
      { episodes: 200_000, lambdaParallel: lin(1, 40_000), lambdaFinish: lin(0.5, 40_000) },
    ],
  ];
  console.log('\n## Training schedule (validation; Δ against the bandit, same seed)\n');
  console.log(`| seed | bandit | defaults | ${arms.map(([n]) => n).join(' | ')} |`);
  console.log(`|---:|---:|---|${arms.map(() => '---|').join('')}`);
  for (const seed of seedsOr('1,2,3')) {
    const eB = evaluate(params, bandit(seed), validation);
    const cells = [['defaults', {}] as [string, Partial<OrchestrationTrainConfig>], ...arms].map(
      ([, over]) => {
        const e = evaluate(params, parl(over, seed), validation);
        return `${cell(e)}, ${delta(eB, e)}`;
      },
    );
    console.log(`| ${seed} | ${cell(eB)} | ${cells.join(' | ')} |`);
  }
}

const parts: Record<string, () => void> = { entropy: entropyArms, plan: planArms, schedule: scheduleArms };
if (part !== 'all' && !parts[part]) {
  console.error(`--part must be one of ${Object.keys(parts).join(', ')} or all, got "${part}"`);
  process.exit(2);
}
for (const [name, run] of Object.entries(parts)) if (part === 'all' || part === name) run();
