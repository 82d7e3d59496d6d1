/**
 * PARL's two failure modes in the orchestration environment (docs/experiments.md): four arms that
 * differ only in the auxiliary rewards — none, r_parallel only, r_finish only, both — each trained
 * with several seeds and scored greedily on the same test instances. Serial collapse shows as
 * solo runs; spurious parallelism as spawned subagents that contributed nothing.
 */
import { allSettings } from '../learning/orchestration/decisions';
import type { Instance } from '../learning/orchestration/instance';
import { linearOrchestrator } from '../learning/orchestration/linear-policy';
import type { EnvParams } from '../learning/orchestration/params';
import {
  defaultOrchestrationTrainConfig,
  type OrchestrationTrainConfig,
  trainOrchestrator,
} from '../learning/orchestration/train';
import type { Schedule } from '../learning/reward';
import { evaluate, grid } from './orchestration-eval';

const off: Schedule = { kind: 'constant', value: 0 };

export const AUX_ARMS: Record<string, Partial<OrchestrationTrainConfig>> = {
  'no auxiliary reward': { lambdaParallel: off, lambdaFinish: off },
  'r_parallel only': { lambdaFinish: off },
  'r_finish only': { lambdaParallel: off },
  'full PARL': {},
};

export interface AuxRow {
  readonly arm: string;
  readonly seed: number;
  /** Greedy policy on the test instances: share run solo. */
  readonly soloRate: number;
  /** The same, on the instances where the best parallel setting beats solo. */
  readonly soloRateWhereParallelWins: number;
  /** Greedy on test: mean spawned subagents that contributed nothing. */
  readonly unusedSubagents: number;
  /**
   * Greedy on test: mean attempts that crashed or overflowed. A plain retry runs on the subagent
   * that crashed, so these can outnumber the unused subagents.
   */
  readonly failedAttempts: number;
  /**
   * During training, while the auxiliary rewards are in force: the mean of unused subagents over
   * the middle third of the annealing (λ1 from 0.67 to 0.33), the same episodes for every arm.
   */
  readonly unusedWhileAnnealing: number;
  /** During training: the highest batch mean of unused subagents (the habit at its worst). */
  readonly peakTrainingUnused: number;
  readonly testReward: number;
  readonly criticalSteps: number;
}

/**
 * λ1 and λ2 annealed from their defaults' starting values to 0 over `over` episodes. The
 * experiment anneals over the whole run, as the report does; the CLI's training anneals over its
 * first 60% (docs/learning.md), which ends on a better policy but lets r_perf alone unteach
 * spurious parallelism before the end (docs/experiments.md shows both).
 */
export function annealedOver(
  over: number,
): Pick<OrchestrationTrainConfig, 'lambdaParallel' | 'lambdaFinish'> {
  const linear = (s: Schedule): Schedule => ({
    kind: 'linear',
    from: s.kind === 'linear' ? s.from : 0,
    to: 0,
    over,
  });
  return {
    lambdaParallel: linear(defaultOrchestrationTrainConfig.lambdaParallel),
    lambdaFinish: linear(defaultOrchestrationTrainConfig.lambdaFinish),
  };
}

/** Episodes over which a schedule anneals (a constant one: the whole run). */
function annealingLength(schedule: Schedule, episodes: number): number {
  return schedule.kind === 'constant' ? episodes : Math.min(episodes, schedule.over);
}

export function auxRewards(
  params: EnvParams,
  trainSeeds: readonly number[],
  test: readonly Instance[],
  base: Partial<OrchestrationTrainConfig> = {},
  onRow?: (row: AuxRow) => void,
): AuxRow[] {
  const g = grid(params, test);
  const settings = allSettings();
  const solo = settings.findIndex((s) => s.mode === 'solo');
  const parallel = settings.flatMap((s, i) => (s.mode === 'spawn' ? [i] : []));
  const wins = test.map(
    (_, i) =>
      Math.max(...parallel.map((s) => (g.matrix[s] as number[])[i] as number)) >
      ((g.matrix[solo] as number[])[i] as number),
  );
  const rows: AuxRow[] = [];
  for (const [arm, overrides] of Object.entries(AUX_ARMS)) {
    for (const seed of trainSeeds) {
      const config = { ...defaultOrchestrationTrainConfig, params, ...base, ...overrides, seed };
      const trained = trainOrchestrator(config);
      const e = evaluate(params, linearOrchestrator({ weights: trained.weights }), test);
      const soloWhereWins = e.values.solo.filter((_, i) => wins[i]);
      const over = annealingLength(
        { ...defaultOrchestrationTrainConfig, ...base }.lambdaParallel,
        config.episodes,
      );
      const middle = trained.curves.filter((p) => p.episode > over / 3 && p.episode <= (2 * over) / 3);
      const row: AuxRow = {
        arm,
        seed,
        soloRate: e.means.solo,
        soloRateWhereParallelWins: soloWhereWins.length
          ? soloWhereWins.reduce((a, b) => a + b, 0) / soloWhereWins.length
          : 0,
        unusedSubagents: e.means.unusedSubagents,
        failedAttempts: e.means.failedAttempts,
        unusedWhileAnnealing: middle.length
          ? middle.reduce((a, p) => a + p.unusedSubagents, 0) / middle.length
          : Number.NaN,
        peakTrainingUnused: Math.max(...trained.curves.map((p) => p.unusedSubagents)),
        testReward: e.means.reward,
        criticalSteps: e.means.criticalSteps,
      };
      rows.push(row);
      onRow?.(row);
    }
  }
  return rows;
}
