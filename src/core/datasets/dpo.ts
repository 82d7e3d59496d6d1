/**
 * Preference pairs of meta-router plans (TRL's conversational preference format):
 *
 *   {"prompt": [system, user], "chosen": [{"role": "assistant", "content": plan JSON}],
 *    "rejected": [{"role": "assistant", "content": plan JSON}]}
 *
 * Runs are grouped by request and, within a request, by plan (plan-arms.ts); every pair of two
 * different plans of one request is put to the pair rule: the higher mean reward is chosen when
 * the gap is at least the margin; below it, when both plans succeeded on every run, the simpler
 * plan is chosen ("as simple as still solves it"); otherwise the pair is dropped. Failed runs count
 * here — a plan that failed is exactly what a rejected answer is for. A pair whose chosen plan's
 * mean reward is under `minReward` is dropped too: it would teach a preference between two bad
 * plans.
 */
import { groupByRequest, type PlanArm, prefer } from './plan-arms';
import type { DpoRow, Example } from './rows';
import type { DatasetRun } from './runs';
import { planJson, planPrompt } from './sft';

export interface DpoStats {
  /** Distinct requests among the runs. */
  readonly requests: number;
  /** Requests with at least two different plans. */
  readonly contested: number;
  readonly pairs: number;
  /** Pairs chosen by reward, and by simplicity within the margin. */
  readonly byReward: number;
  readonly bySimplicity: number;
  /** Pairs dropped: the gap under the margin and no simpler plan that succeeded every time. */
  readonly droppedSmallGap: number;
  /** Pairs dropped: the chosen plan's mean reward under the minimum. */
  readonly droppedBelowMin: number;
}

const answer = (arm: PlanArm) => [{ role: 'assistant' as const, content: planJson(arm.plan) }];

export function dpoExamples(
  runs: readonly DatasetRun[],
  options: { readonly margin: number; readonly minReward: number },
): { examples: Example<DpoRow>[]; stats: DpoStats } {
  const groups = groupByRequest(runs);
  const examples: Example<DpoRow>[] = [];
  let byReward = 0;
  let bySimplicity = 0;
  let droppedSmallGap = 0;
  let droppedBelowMin = 0;
  for (const group of groups) {
    for (let i = 0; i < group.arms.length; i++) {
      for (let j = i + 1; j < group.arms.length; j++) {
        const verdict = prefer(group.arms[i] as PlanArm, group.arms[j] as PlanArm, options.margin);
        if (verdict.chosen === undefined) {
          droppedSmallGap++;
          continue;
        }
        if (verdict.chosen.meanReward < options.minReward) {
          droppedBelowMin++;
          continue;
        }
        if (verdict.by === 'reward') byReward++;
        else bySimplicity++;
        examples.push({
          kind: 'preferences',
          request: group.request,
          row: {
            prompt: [...planPrompt(group.request)],
            chosen: answer(verdict.chosen),
            rejected: answer(verdict.rejected),
          },
        });
      }
    }
  }
  return {
    examples,
    stats: {
      requests: groups.length,
      contested: groups.filter((g) => g.arms.length >= 2).length,
      pairs: examples.length,
      byReward,
      bySimplicity,
      droppedSmallGap,
      droppedBelowMin,
    },
  };
}

/** Why no pair formed, in words, with the requests seen. */
export function whyNoPairs(stats: DpoStats): string {
  const seen = `${stats.requests} request${stats.requests === 1 ? '' : 's'} seen`;
  if (stats.requests === 0) return 'no run to compare';
  if (stats.contested === 0) {
    return `${seen}, and no request has two different plans: run each request under more than one policy (e.g. bench --policies serial,heuristic on the same seeds)`;
  }
  const parts = [
    stats.droppedSmallGap > 0
      ? `${stats.droppedSmallGap} pair${stats.droppedSmallGap === 1 ? '' : 's'} with a reward gap under the margin and no simpler plan that succeeded every time`
      : '',
    stats.droppedBelowMin > 0
      ? `${stats.droppedBelowMin} pair${stats.droppedBelowMin === 1 ? '' : 's'} whose better plan's reward is under --min-reward`
      : '',
  ].filter((p) => p !== '');
  return `${seen}, ${stats.contested} with two or more plans, but every pair was dropped: ${parts.join('; ')}`;
}
