/**
 * The PARL reward (docs/architecture.md, the method; Kimi K2.5 report): r = λ1·r_parallel + λ2·r_finish + r_perf, with the
 * auxiliary weights annealed during training so the orchestrator first learns to go parallel (no
 * serial collapse) and to finish what it spawns (no spurious parallelism), then only task quality
 * counts. With λ1 = λ2 = 0 it is the `reward` metric of docs/metrics.md.
 */
import { cos } from '../util/math';

/** What one episode contributes to the reward, read from its metrics. */
export interface EpisodeOutcome {
  readonly spawnCount: number;
  /**
   * The most subagents the run could put to work: its plan's task count, capped by the subagent
   * budget (at most 100). Normalising by the plan rather than by 100 makes one subagent per task
   * worth r_parallel = 1 whatever the task's size.
   */
  readonly maxSubagents: number;
  /**
   * Finished subtasks per subtask: attempts that finished / attempts assigned, times the share of
   * spawned subagents that were given any subtask (one spawned for show counts as unfinished).
   */
  readonly subtaskFinishRate: number;
  /**
   * r_perf: the run's reward metric — quality less what it charges for cost and critical steps,
   * 0 when the run did not end within its budgets (docs/metrics.md).
   */
  readonly perf: number;
  /** False when the run used more steps than its budget: the episode fails. */
  readonly withinBudget: boolean;
}

export interface RewardParts {
  readonly parallel: number;
  readonly finish: number;
  readonly perf: number;
  readonly reward: number;
}

/**
 * r_parallel = spawned / maxSubagents (in [0, 1]: instantiating subagents pays, up to the budget);
 * r_finish = the subtask finish rate; r_perf = the run's reward metric. An over-budget episode
 * earns nothing at all: no auxiliary reward may make a run that broke its budget look good.
 */
export function parlReward(e: EpisodeOutcome, lambdaParallel: number, lambdaFinish: number): RewardParts {
  const parallel = e.maxSubagents > 0 ? Math.min(1, Math.max(0, e.spawnCount / e.maxSubagents)) : 0;
  const finish = Math.min(1, Math.max(0, e.subtaskFinishRate));
  const perf = e.withinBudget ? e.perf : 0;
  const reward = e.withinBudget ? lambdaParallel * parallel + lambdaFinish * finish + perf : 0;
  return { parallel, finish, perf, reward };
}

/** How a λ moves over training episodes, as data. */
export type Schedule =
  | { readonly kind: 'constant'; readonly value: number }
  /** From `from` at episode 0 to `to` at episode `over`, then held. */
  | { readonly kind: 'linear' | 'cosine'; readonly from: number; readonly to: number; readonly over: number };

export function lambdaAt(schedule: Schedule, episode: number): number {
  if (schedule.kind === 'constant') return schedule.value;
  const p = schedule.over <= 0 ? 1 : Math.min(1, Math.max(0, episode / schedule.over));
  const shape = schedule.kind === 'linear' ? p : (1 - cos(Math.PI * p)) / 2;
  return schedule.from + (schedule.to - schedule.from) * shape;
}

/**
 * Reads a schedule as a flag writes it: `0.1` (constant), `linear:0.1:0:500` or `cosine:0.1:0:500`
 * (from, to, over episodes). Throws an Error that quotes the text and says what was expected.
 */
export function parseSchedule(text: string): Schedule {
  const expected = 'a number, or linear:FROM:TO:EPISODES, or cosine:FROM:TO:EPISODES';
  const parts = text.trim().split(':');
  const num = (s: string | undefined) => (s !== undefined && s.trim() !== '' ? Number(s) : Number.NaN);
  if (parts.length === 1) {
    const value = num(parts[0]);
    if (Number.isFinite(value)) return { kind: 'constant', value };
  } else if (parts.length === 4 && (parts[0] === 'linear' || parts[0] === 'cosine')) {
    const [from, to, over] = [num(parts[1]), num(parts[2]), num(parts[3])];
    if (Number.isFinite(from) && Number.isFinite(to) && Number.isInteger(over) && over >= 0) {
      return { kind: parts[0], from, to, over };
    }
  }
  throw new Error(`schedule "${text}": expected ${expected}`);
}
