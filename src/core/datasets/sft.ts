/**
 * SFT examples from logged runs, in three kinds (docs/datasets.md):
 *
 * 1. `plans` — the meta-router: system = the instruction the model planner is given
 *    (`META_ROUTER_SYSTEM`: single, swarm or peers), user = the request, assistant =
 *    the team plan as JSON. One row per request: the plan to imitate among its successful runs'
 *    plans (plan-arms.ts `bestArm`: the highest mean reward, or a simpler plan within the margin of
 *    it), so a request never teaches two answers.
 * 2. `next-speaker` — each decision of each successful run (speakers.ts).
 * 3. `trajectories` — each finished attempt of each successful run (trajectories.ts).
 *
 * Every kind comes from successful runs only (`episodeSuccess` 1, reward ≥ `minReward`): a
 * supervised row says "do this".
 */

import type { TeamPlan } from '../router/plan';
import { META_ROUTER_SYSTEM } from '../router/plan-model';
import { qualifies } from './filters';
import { bestArm, groupByRequest } from './plan-arms';
import type { Example, SftKind, SftRow } from './rows';
import type { DatasetRun } from './runs';
import { type HistoryOptions, nextSpeakerExamples } from './speakers';
import { type TrajectoryDrop, trajectoryExamples } from './trajectories';

/** A plan as the meta-router writes it: its four fields in the schema's order. */
export const planJson = (plan: TeamPlan): string =>
  JSON.stringify({
    thought: plan.thought,
    topology: plan.topology,
    manager_role: plan.manager_role,
    workers: plan.workers,
  });

/** The meta-router's question: the instruction, then the request. */
export const planPrompt = (request: string) =>
  [
    { role: 'system', content: META_ROUTER_SYSTEM },
    { role: 'user', content: request },
  ] as const;

/** One row per request that has a successful run: the plan to imitate. */
export function planExamples(runs: readonly DatasetRun[], margin: number): Example<SftRow>[] {
  return groupByRequest(runs).flatMap((group) => {
    const best = bestArm(group.arms, margin);
    if (!best) return [];
    return [
      {
        kind: 'plans' as const,
        request: group.request,
        row: {
          messages: [...planPrompt(group.request), { role: 'assistant', content: planJson(best.plan) }],
        },
      },
    ];
  });
}

export interface SftOptions {
  readonly kinds: readonly SftKind[];
  readonly minReward: number;
  readonly margin: number;
  readonly history: HistoryOptions;
}

export interface SftExamples {
  readonly examples: Example<SftRow>[];
  /** Runs that qualified (successful, reward ≥ minReward). */
  readonly qualifying: number;
  /** Attempts that made no trajectory, by reason. */
  readonly trajectoryDrops: Partial<Record<TrajectoryDrop, number>>;
}

/** The SFT examples of these runs, kind by kind in the order asked. */
export function sftExamples(runs: readonly DatasetRun[], options: SftOptions): SftExamples {
  const good = runs.filter((run) => qualifies(run, options.minReward));
  const examples: Example<SftRow>[] = [];
  const drops: Partial<Record<TrajectoryDrop, number>> = {};
  for (const kind of options.kinds) {
    if (kind === 'plans') examples.push(...planExamples(good, options.margin));
    if (kind === 'next-speaker') {
      for (const run of good) examples.push(...nextSpeakerExamples(run, options.history));
    }
    if (kind === 'trajectories') {
      for (const run of good) {
        const { examples: rows, dropped } = trajectoryExamples(run);
        examples.push(...rows);
        for (const [why, n] of Object.entries(dropped) as [TrajectoryDrop, number][]) {
          drops[why] = (drops[why] ?? 0) + n;
        }
      }
    }
  }
  return { examples, qualifying: good.length, trajectoryDrops: drops };
}
