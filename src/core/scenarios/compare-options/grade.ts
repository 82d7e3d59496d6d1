/**
 * The comparison's grader (docs/metrics.md, compare-options). The team's answer is the single
 * agent's, the decider's, or — for peers — the vote of the last round: the option most peers
 * picked (a tie goes to the option with the higher mean weighted total over the peers' scores),
 * ranked by that mean total. Its score:
 *
 *   quality = 0.6 · [the pick is the best option] + 0.4 · (share of option pairs ranked in the right order)
 *
 * with the share of cells scored exactly reported beside it. A pick is what the user acts on, so
 * it carries most of the weight; the ranking says how good the runner-up advice is.
 */

import type { Grade } from '../../trace/events';
import type { Plan } from '../types';
import { type CompareInstance, type CompareRequest, weighted } from './options';
import { DECIDE_TASK, peerTaskOf, SINGLE_TASK } from './plan';
import { type Position, parsePosition } from './position';

export interface TeamAnswer {
  readonly pick: number | undefined;
  readonly ranking: readonly number[];
  /** The positions it was made from (one, or the last round's). */
  readonly positions: readonly Position[];
}

/** The group's decision from the last round's positions: a vote on the pick, mean totals for the ranking. */
export function vote(r: CompareRequest, positions: readonly Position[]): TeamAnswer {
  const totals = r.options.map((_, o) => {
    const known = positions.map((p) => p.scores[o]).filter((row) => row?.every((s) => s !== undefined));
    if (known.length === 0) return Number.NEGATIVE_INFINITY;
    return known.reduce((sum, row) => sum + weighted(row as number[], r.weights), 0) / known.length;
  });
  const votes = r.options.map((_, o) => positions.filter((p) => p.pick === o).length);
  const order = r.options
    .map((_, o) => o)
    .sort((a, b) => (totals[b] as number) - (totals[a] as number) || a - b);
  const most = Math.max(...votes);
  const pick = most === 0 ? order[0] : order.find((o) => votes[o] === most);
  return { pick, ranking: order.filter((o) => Number.isFinite(totals[o] as number)), positions };
}

/** The vote as the user reads it: the pick with its votes, the ranking, and each peer's pick. */
export function voteText(r: CompareRequest, team: TeamAnswer): string | undefined {
  if (team.positions.length === 0 || team.pick === undefined) return undefined;
  const votes = team.positions.filter((p) => p.pick === team.pick).length;
  return [
    `Pick: ${r.options[team.pick]} (${votes} of ${team.positions.length} peers)`,
    `Ranking: ${team.ranking.map((o) => r.options[o]).join(' > ')}`,
    `Votes: ${team.positions.map((p) => (p.pick === undefined ? 'none' : r.options[p.pick])).join(', ')}`,
  ].join('\n');
}

/** The team's answer: what the plan's last tasks said. */
export function teamAnswer(
  instance: CompareInstance,
  plan: Plan,
  answers: ReadonlyMap<string, string>,
): TeamAnswer {
  const r = instance.request;
  if (plan.mode === 'peers') {
    const last = Math.max(...plan.tasks.map((t) => peerTaskOf(t.id)?.round ?? 0));
    const positions = plan.tasks
      .filter((t) => peerTaskOf(t.id)?.round === last)
      .flatMap((t) => {
        const text = answers.get(t.id);
        return text === undefined ? [] : [parsePosition(r, text)];
      });
    return vote(r, positions);
  }
  const text = answers.get(plan.mode === 'single' ? SINGLE_TASK : DECIDE_TASK);
  if (text === undefined) return { pick: undefined, ranking: [], positions: [] };
  const p = parsePosition(r, text);
  return { pick: p.pick, ranking: p.ranking, positions: [p] };
}

/** Share of option pairs the ranking puts in the gold order; an option left out loses its pairs. */
export function pairAccuracy(ranking: readonly number[], gold: readonly number[]): number {
  const at = new Map(ranking.map((o, i) => [o, i]));
  let right = 0;
  let pairs = 0;
  for (let i = 0; i < gold.length; i++) {
    for (let j = i + 1; j < gold.length; j++) {
      pairs++;
      const a = at.get(gold[i] as number);
      const b = at.get(gold[j] as number);
      if (a !== undefined && b !== undefined && a < b) right++;
    }
  }
  return pairs === 0 ? 1 : right / pairs;
}

export function gradeCompare(
  instance: CompareInstance,
  plan: Plan,
  answers: ReadonlyMap<string, string>,
): Grade {
  const team = teamAnswer(instance, plan, answers);
  const best = instance.ranking[0];
  const pick = team.pick !== undefined && team.pick === best ? 1 : 0;
  const ranking = pairAccuracy(team.ranking, instance.ranking);
  const cells = instance.scores.length * (instance.scores[0]?.length ?? 0);
  let exact = 0;
  for (const p of team.positions) {
    instance.scores.forEach((row, o) => {
      row.forEach((s, k) => {
        if (p.scores[o]?.[k] === s) exact++;
      });
    });
  }
  const scores = team.positions.length === 0 || cells === 0 ? 0 : exact / (cells * team.positions.length);
  const quality = 0.6 * pick + 0.4 * ranking;
  return {
    'pass@1': pick,
    itemF1: quality,
    rowF1: ranking,
    success: pick === 1,
    criteria: { pick, ranking, scores },
  };
}
