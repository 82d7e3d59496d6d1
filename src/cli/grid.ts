import { nodeSandbox } from '../adapters/node/node-sandbox';
import { gridShape } from '../core/bench/grid-shape';
import { type MetricSummary, runBench } from '../core/bench/run-bench';
import {
  cascadeSettings,
  cutSettings,
  fixedPolicy,
  fixedSettings,
  settingName,
} from '../core/learning/fixed-policy';
import { simulatedProviderFor } from '../core/scenarios/players';
import { SPLITS, splitSeeds } from '../core/scenarios/splits';
import { UsageError } from './errors';
import { defineCommand, helpText, parseFlags } from './flags';
import { MAX_SEEDS } from './limits';
import { sweepFlags, sweepThroughRedis } from './scale-out/sweep-flags';
import { readProfiles, readScenario } from './scenario-file';

export const gridTable = defineCommand({
  name: 'grid',
  usage: [
    'grid --scenario ID|mix --seeds N [--split NAME] [--uncut] [--no-cascade] [--profiles FILE] [--redis URL [--resume]] [--json]',
  ],
  about:
    'Runs every fixed setting (a width and a profile for the whole run, fixed:WIDTH/PROFILE, the cuts: fixed:all/PROFILE/vote3, shard2, shard12, and each of those with the deadline-aware cascade: fixed:…/cascade) on the first N seeds of a split with the simulated provider, and names the best by mean reward: over all tasks, and per task kind, and the best cascade setting per kind. Choose baselines on validation, never on test; bench accepts what it prints (fixed:SETTING, and the per-kind policies fixed:KIND=SETTING:KIND=SETTING…).',
  flags: [
    {
      name: 'scenario',
      type: 'string',
      value: 'ID',
      required: true,
      help: 'mix (scenarios/mix.json), a mix file, or a task scenario',
    },
    {
      name: 'split',
      type: 'choice',
      value: 'NAME',
      choices: SPLITS,
      default: 'validation',
      help: 'the split whose seeds are run',
    },
    { name: 'seeds', type: 'whole', value: 'N', min: 1, max: MAX_SEEDS, required: true, help: 'instances' },
    {
      name: 'profiles',
      type: 'string',
      value: 'FILE',
      help: 'profiles file (default scenarios/profiles.json)',
    },
    {
      name: 'uncut',
      type: 'boolean',
      help: 'leave out the settings that cut a swarm (all/PROFILE/vote3: three replicas that vote; all/PROFILE/shard2, shard12: units per shard), as the grid was before them',
    },
    {
      name: 'no-cascade',
      type: 'boolean',
      help: 'leave out the settings with the deadline-aware cascade (…/cascade: retry, then escalate, then give up when the budget left cannot fit another attempt), as the grid was before them',
    },
    ...sweepFlags(),
    { name: 'json', type: 'boolean', help: 'print one JSON document: {"best": "<setting>", …}' },
  ],
});

export const gridHelp = helpText(gridTable);

interface SettingRow {
  readonly setting: string;
  /** Reward per instance, in seed order (for pairing and for the grid's shape). */
  readonly values: readonly number[];
  readonly reward: number;
  readonly itemF1: number;
  readonly cost: number;
  readonly criticalSteps: number;
  readonly spawnCount: number;
}

export async function grid(
  argv: string[],
  out: (text: string) => void,
  err: (text: string) => void = () => {},
): Promise<void> {
  const flags = parseFlags(gridTable, argv);
  const values = {
    scenario: flags.scenario,
    profiles: flags.profiles,
    json: flags.json === true,
  };
  const seeds = flags.seeds;
  const split = flags.split;
  const profiles = readProfiles(values.profiles);
  const scenario = readScenario(values.scenario, {
    profiles,
    ...(values.profiles !== undefined ? { profilesFile: values.profiles } : {}),
  });
  if (scenario.type === 'graph')
    throw new UsageError('--scenario: grid runs task scenarios or a mix, not graphs');
  // Every fixed setting, the bandit's arms: the cuts apply where a kind allows them.
  const uncut = flags.uncut === true;
  const settings = [
    ...fixedSettings(),
    ...(uncut ? [] : cutSettings()),
    ...(flags['no-cascade'] === true
      ? []
      : cascadeSettings().filter((arm) => !uncut || (arm.replicas === undefined && arm.shard === undefined))),
  ];
  const policies = settings.map((arm) => fixedPolicy(settingName(arm)));
  const report =
    flags.redis !== undefined
      ? // Each setting × seed a job for the workers of --redis (docs/scale-out.md): the same report.
        await sweepThroughRedis(
          {
            scenario,
            profiles,
            policies: policies.map((p) => p.name),
            checkpoints: {},
            seeds: splitSeeds(split, seeds),
            split,
            healing: 'off',
          },
          policies,
          flags,
          err,
        )
      : await runBench({
          scenario,
          policies,
          seeds: splitSeeds(split, seeds),
          split,
          profiles,
          provider: simulatedProviderFor(profiles),
          ports: { sandbox: nodeSandbox },
        });
  const rowsOf = (
    policies: Readonly<Record<string, Readonly<Record<string, MetricSummary>>>>,
  ): SettingRow[] =>
    settings
      .map((arm) => {
        const m = policies[`fixed:${settingName(arm)}`] ?? {};
        const mean = (k: string) => m[k]?.mean ?? Number.NaN;
        return {
          setting: settingName(arm),
          values: m.reward?.values ?? [],
          reward: mean('reward'),
          itemF1: mean('itemF1'),
          cost: mean('cost'),
          criticalSteps: mean('criticalSteps'),
          spawnCount: mean('spawnCount'),
        };
      })
      // Best first; ties go to the cheaper setting, then the one that spawns fewer subagents (spares
      // that change nothing are no better a choice), then by name, so the choice is stable.
      .sort(
        (a, b) =>
          b.reward - a.reward ||
          a.cost - b.cost ||
          a.spawnCount - b.spawnCount ||
          (a.setting < b.setting ? -1 : 1),
      );
  const overall = rowsOf(report.policies);
  const kinds =
    report.components ?? (scenario.type === 'task' ? { [scenario.spec.id]: report.policies } : {});
  const perKind = Object.fromEntries(
    Object.entries(kinds).map(([kind, policies]) => {
      const best = rowsOf(policies)[0] as SettingRow;
      return [kind, { best: best.setting, reward: best.reward }];
    }),
  );
  // The best of the cascade settings per kind: the baseline that has a step-level answer to a
  // failed part (retry, escalate, give up by the deadline), as PARL's retry head has.
  const isCascade = (row: SettingRow) => /\/cascade(\+|\/|$)/.test(row.setting);
  const perKindCascade = Object.fromEntries(
    Object.entries(kinds).flatMap(([kind, policies]) => {
      const best = rowsOf(policies).find(isCascade);
      return best ? [[kind, { best: best.setting, reward: best.reward }]] : [];
    }),
  );
  const bestCascade = overall.find(isCascade);
  const policyOf = (byKind: Record<string, { best: string }>) =>
    `fixed:${Object.entries(byKind)
      .map(([kind, b]) => `${kind}=${b.best}`)
      .join(':')}`;
  const result = {
    scenario: report.scenario,
    split,
    seeds,
    best: (overall[0] as SettingRow).setting,
    bestReward: (overall[0] as SettingRow).reward,
    perKind,
    perKindPolicy: policyOf(perKind),
    ...(bestCascade
      ? {
          bestCascade: bestCascade.setting,
          bestCascadeReward: bestCascade.reward,
          perKindCascade,
          perKindCascadePolicy: policyOf(perKindCascade),
        }
      : {}),
    shape: gridShape(overall, (overall[0] as SettingRow).setting),
    settings: overall,
  };
  if (values.json) {
    out(JSON.stringify(result));
    return;
  }
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : String(x));
  out(
    [
      `${report.scenario}: every fixed setting on the first ${seeds} seeds of the ${split} split, by mean reward`,
      '',
      'setting           reward  item-F1     cost  critical steps',
      ...overall.map(
        (r) =>
          `${r.setting.padEnd(16)} ${f(r.reward).padStart(7)}  ${f(r.itemF1).padStart(7)}  ${f(r.cost).padStart(7)}  ${r.criticalSteps.toFixed(1).padStart(14)}`,
      ),
      '',
      `best: fixed:${result.best} (reward ${f(result.bestReward)})`,
      `best per kind: ${result.perKindPolicy}`,
      ...(result.perKindCascadePolicy !== undefined
        ? [
            `best cascade: fixed:${result.bestCascade} (reward ${f(result.bestCascadeReward as number)})`,
            `best cascade per kind: ${result.perKindCascadePolicy}`,
          ]
        : []),
      `best or tied on ${(100 * result.shape.bestShare).toFixed(0)}% of instances; best per instance: single on ${result.shape.singleBest}, swarm on ${result.shape.swarmBest} (hindsight ceiling ${f(result.shape.perInstanceCeiling)})`,
    ].join('\n'),
  );
}
