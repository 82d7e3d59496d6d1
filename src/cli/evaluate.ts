/**
 * `swarm evaluate --traces DIR --policy P`: estimates P's mean reward from runs another policy
 * played and logged (off-policy evaluation, docs/learning.md): importance sampling, weighted IS and
 * doubly robust, each with a bootstrap 95% interval, and the effective sample size. It reads and
 * writes nothing but the traces it is given and what it prints; every refusal exits 2.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Arm, armName } from '../core/learning/bandit-policy';
import { loadPolicy } from '../core/learning/checkpoint';
import { PARL_OPTIONS } from '../core/learning/decision-log';
import { featureLayout, type Inputs } from '../core/learning/features';

const LAYOUTS: readonly Inputs[] = ['task', 'preference', 'prices'];

import type { MixSpec as Mix } from '../core/learning/mix';
import { evaluateOffPolicy, type OffPolicyReport } from '../core/learning/off-policy-evaluate';
import { type LoggedRun, loggedRun, UnusableLog } from '../core/learning/off-policy-logs';
import {
  banditTarget,
  fixedTarget,
  parlTarget,
  type Target,
  TargetMismatch,
} from '../core/learning/off-policy-targets';
import { holdOf } from '../core/learning/parl';
import { PLAY_MODES, type PlayMode } from '../core/trace/events';
import { decodeTrace } from '../core/trace/jsonl';
import { UsageError } from './errors';
import { defineCommand, helpText, parseFlags } from './flags';
import { readInputFile } from './input-file';
import { MAX_SEED } from './limits';
import { profileHashes, readCheckpoint } from './policy-file';
import { readProfiles } from './scenario-file';
import { trainingSource } from './training-env';

export const evaluateTable = defineCommand({
  name: 'evaluate',
  usage: [
    'evaluate --traces DIR --policy parl:FILE|bandit:FILE|fixed:SETTING [--play greedy|sample] [--json]',
  ],
  about:
    "Estimates a policy's mean reward from runs another policy played and logged (swarm bench --play sample --trace-dir DIR): importance sampling, weighted importance sampling and doubly robust, each with a bootstrap 95% interval, and the effective sample size. Logs must hold each decision in full and have been played by sampling.",
  flags: [
    {
      name: 'traces',
      type: 'string',
      value: 'DIR',
      required: true,
      help: "a directory of .jsonl traces of a trained policy played with --play sample (bench's --trace-dir)",
    },
    {
      name: 'policy',
      type: 'string',
      value: 'P',
      required: true,
      help: 'the target: parl:FILE, bandit:FILE (a checkpoint) or fixed:SETTING without the cascade',
    },
    {
      name: 'play',
      type: 'choice',
      choices: [...PLAY_MODES],
      default: 'greedy',
      help: "how the target plays: greedy (each head's likeliest option) or sample (drawn from its distribution)",
    },
    {
      name: 'scenario',
      type: 'string',
      value: 'ID',
      help: "the mix the logs must come from; default the checkpoint's training scenario (mix for a fixed setting)",
    },
    {
      name: 'profiles',
      type: 'string',
      value: 'FILE',
      help: 'the profiles the logs and the checkpoint were made with',
    },
    {
      name: 'resamples',
      type: 'whole',
      value: 'N',
      min: 100,
      max: 100_000,
      default: 2000,
      help: 'bootstrap resamples for the intervals',
    },
    {
      name: 'seed',
      type: 'whole',
      value: 'S',
      min: 0,
      max: MAX_SEED,
      default: 1,
      help: "the bootstrap's seed",
    },
    { name: 'json', type: 'boolean', help: 'print one JSON document' },
  ],
});

export const evaluateHelp = helpText(evaluateTable);

/** Every .jsonl trace in DIR, decoded and read as logged runs; the first unusable one refused. */
function readLogs(dir: string): LoggedRun[] {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.jsonl'))
      .sort();
  } catch (error) {
    throw new UsageError(
      `--traces ${dir}: ${(error as Error).message}; accepted: a directory of .jsonl traces`,
    );
  }
  if (names.length === 0)
    throw new UsageError(
      `--traces ${dir}: no .jsonl traces in it; accepted: a directory of traces of a trained policy played with --play sample (swarm bench --play sample --trace-dir DIR)`,
    );
  return names.map((name) => {
    const file = join(dir, name);
    const decoded = decodeTrace(readInputFile(file, 'trace'));
    if (!decoded.ok)
      throw new UsageError(
        `${file}: not a trace (line ${decoded.problems[0]?.line}: ${decoded.problems[0]?.message}); accepted: .jsonl traces written by swarm`,
      );
    try {
      return loggedRun(decoded.header, decoded.events);
    } catch (error) {
      if (error instanceof UnusableLog) throw new UsageError(`${file}: ${error.message}`);
      throw error;
    }
  });
}

/** Refuses logs of another mix than `mix`: a scenario it lacks, or another critical-step budget. */
function checkMix(runs: readonly LoggedRun[], mix: Mix, id: string): void {
  for (const run of runs) {
    const component = mix.components.find((c) => c.scenario === run.scenario);
    const budget = run.header.budgets.maxCriticalSteps;
    const where = `${run.scenario} seed ${run.seed} (${run.policy})`;
    if (!component)
      throw new UsageError(
        `${where}: its scenario is not in the ${id} mix the target was trained on (${mix.components.map((c) => c.scenario).join(', ')}); accepted: logs of runs of that mix`,
      );
    if (budget !== component.maxCriticalSteps)
      throw new UsageError(
        `${where}: it ran under a critical-step budget of ${budget}, the ${id} mix gives ${run.scenario} ${component.maxCriticalSteps}: another scenario mix; accepted: logs of runs of the ${id} mix (swarm bench --scenario ${id})`,
      );
  }
}

/** Refuses logs made with other profiles than these (a profile's definition changed since). */
function checkProfiles(runs: readonly LoggedRun[], hashes: Readonly<Record<string, string>>): void {
  for (const run of runs) {
    const profiles = run.header.profiles;
    if (Array.isArray(profiles)) continue;
    for (const [name, record] of Object.entries(profiles as Record<string, { hash: string }>))
      if (hashes[name] !== record.hash)
        throw new UsageError(
          `${run.scenario} seed ${run.seed}: profile "${name}" differs from the one the logs ran with (${record.hash}, now ${hashes[name] ?? 'none'}); accepted: logs made with the same profiles`,
        );
  }
}

interface Resolved {
  readonly target: Target;
  readonly scenario: string;
  readonly options?: Readonly<Record<string, readonly string[]>>;
}

function resolveTarget(
  spec: string,
  play: PlayMode,
  runs: readonly LoggedRun[],
  hashes: Readonly<Record<string, string>>,
): Resolved {
  const colon = spec.indexOf(':');
  const kind = colon < 0 ? spec : spec.slice(0, colon);
  const ref = spec.slice(colon + 1);
  const firstHead = runs[0]?.decisions[0]?.head === 'arm' ? 'arm' : 'plan';
  const armOptions = runs[0]?.options.arm;
  if (kind === 'fixed') {
    try {
      return { target: fixedTarget(ref, firstHead, armOptions), scenario: 'mix' };
    } catch (error) {
      throw new UsageError(`--policy ${spec}: ${(error as Error).message}`);
    }
  }
  if (kind !== 'parl' && kind !== 'bandit')
    throw new UsageError(
      `--policy "${spec}": not a target evaluate can weigh; accepted: parl:FILE, bandit:FILE, fixed:SETTING (without the cascade)`,
    );
  let loaded: ReturnType<typeof loadPolicy>;
  try {
    loaded = loadPolicy(readCheckpoint(ref), hashes);
  } catch (error) {
    throw new UsageError(`--policy ${spec}: ${(error as Error).message}`);
  }
  if (loaded.kind !== kind)
    throw new UsageError(
      `--policy ${spec}: ${ref} is a ${loaded.kind} policy, not ${kind} (use ${loaded.kind}:${ref})`,
    );
  const scenario = String(loaded.checkpoint.training.scenario);
  if (loaded.kind === 'parl') {
    const { actions, features } = loaded.checkpoint;
    for (const [head, options] of Object.entries(PARL_OPTIONS)) {
      const have = (actions as Record<string, readonly string[] | undefined>)[head];
      if (!have || have.join() !== options.join())
        throw new UsageError(
          `--policy ${spec}: the checkpoint has no ${head} head with the options the logs use (${options.join(', ')}); accepted: a version-4 PARL checkpoint with plan, width, profile, control, retry and vote heads`,
        );
    }
    // With preference (and price) features or without (loadPolicy accepted each): each decision's
    // logged features are fitted to the checkpoint's (off-policy-targets.ts).
    const widths = LAYOUTS.map((l) => featureLayout(l).step.length);
    if (!widths.includes(features.length))
      throw new UsageError(
        `--policy ${spec}: the checkpoint reads ${features.length} features; accepted: ${widths.join(', ')} (without preference inputs, with them, with them and price inputs)`,
      );
    const hold = loaded.checkpoint.training.hold;
    return {
      target: parlTarget(
        spec,
        loaded.params,
        play,
        loaded.checkpoint.allowedProfiles,
        typeof hold === 'object' && hold !== null ? holdOf(hold as Record<string, string>) : {},
      ),
      scenario,
      options: actions,
    };
  }
  const arms = loaded.checkpoint.arms as readonly Arm[];
  if (firstHead !== 'arm')
    throw new UsageError(
      `--policy ${spec}: the checkpoint has none of the heads these logs' decisions were made with (PARL's plan, width, profile, control, retry and vote): a bandit chooses one arm per run; accepted: a parl:FILE or fixed setting for PARL's logs, a bandit:FILE or fixed setting for a bandit's`,
    );
  return {
    target: banditTarget(spec, loaded.bandit, arms, play, armOptions ?? arms.map(armName), loaded.inputs),
    scenario,
  };
}

const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : 'n/a');

function report(r: OffPolicyReport): string {
  const line = (name: string, i: { estimate: number; low: number; high: number }) =>
    `  ${name.padEnd(4)} ${fmt(i.estimate)} [${fmt(i.low)}, ${fmt(i.high)}]`;
  return [
    `${r.target} on ${r.runs} logged runs of ${Object.keys(r.behaviour).join(', ')}`,
    `  effective sample size ${r.effectiveSampleSize.toFixed(1)}; runs it could have played alike: ${r.supported}/${r.runs}; mean weight ${r.meanWeight.toFixed(3)} (1 in expectation)`,
    line('IS', r.is),
    line('WIS', r.wis),
    line('DR', r.dr),
    `  (95% bootstrap intervals, ${r.resamples} resamples; DR's reward model: ${r.rewardModel})`,
  ].join('\n');
}

export async function evaluate(argv: string[], out: (text: string) => void): Promise<void> {
  const flags = parseFlags(evaluateTable, argv);
  const play = flags.play;
  const runs = readLogs(flags.traces);
  const hashes = await profileHashes(readProfiles(flags.profiles));
  checkProfiles(runs, hashes);
  const resolved = resolveTarget(flags.policy.trim(), play, runs, hashes);
  const scenario = flags.scenario ?? resolved.scenario;
  let mix: Mix;
  try {
    mix = trainingSource(scenario, flags.profiles).mix;
  } catch (error) {
    throw new UsageError(`--scenario ${scenario}: ${(error as Error).message}`);
  }
  checkMix(runs, mix, scenario);
  let result: OffPolicyReport;
  try {
    result = evaluateOffPolicy(runs, resolved.target, {
      ...(resolved.options ? { options: resolved.options } : {}),
      features: {
        task: LAYOUTS.map((l) => featureLayout(l).task.length),
        step: LAYOUTS.map((l) => featureLayout(l).step.length),
      },
      resamples: flags.resamples,
      seed: flags.seed,
    });
  } catch (error) {
    if (error instanceof TargetMismatch) throw new UsageError(`--policy ${flags.policy}: ${error.message}`);
    throw error;
  }
  out(flags.json === true ? JSON.stringify({ ...result, play, scenario }, null, 2) : report(result));
}
