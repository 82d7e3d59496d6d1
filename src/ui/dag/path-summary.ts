import { formatNumber } from '../model/format';
import type { Realized } from '../model/replay';
import { roundOf } from './peers';

/**
 * The realized critical path in words, next to the planned one:
 * "critical path (red): 10 steps = 1 orchestrator step (1) + 9 subagent steps · planned (dashed): 14, an estimate".
 */
export function pathSummary(realized: Realized, plannedLength: number, peers = false): string {
  const planned = `planned (dashed): ${formatNumber(plannedLength)} steps, an estimate from the plan`;
  if (realized.path.unavailable) return `${planned} · no realized path: ${realized.path.unavailable}`;
  if (peers) return `${peersPath(realized)} · ${planned}`;
  let main = 0;
  let mainSteps = 0;
  let sub = 0;
  let backoff = 0;
  let wait = 0;
  for (const n of realized.path.nodes) {
    const d = n.end - n.start;
    if (n.kind === 'main') {
      main++;
      mainSteps += d;
    } else if (n.kind === 'task') sub += d;
    else if (n.kind === 'backoff') backoff += d;
    else wait += d;
  }
  const parts = [
    `${formatNumber(mainSteps)} in ${formatNumber(main)} orchestrator step${main === 1 ? '' : 's'}`,
    `${formatNumber(sub)} in subagents`,
    ...(backoff > 0 ? [`${formatNumber(backoff)} in retry backoff`] : []),
    ...(wait > 0 ? [`${formatNumber(wait)} not in the trace`] : []),
  ];
  const so = realized.endedAt === undefined ? 'so far' : '';
  return `critical path (red)${so ? ` ${so}` : ''}: ${formatNumber(realized.path.length)} steps = ${parts.join(' + ')} · ${planned}`;
}

/**
 * A peers run's path in its own terms: no orchestrator steps (the turn-taker's cost nothing), one
 * turn per round, so "6 steps = round 1: 3 + round 2: 3".
 */
function peersPath(realized: Realized): string {
  const byRound = new Map<number, number>();
  let other = 0;
  for (const n of realized.path.nodes) {
    const round = n.kind === 'task' ? roundOf(n.task) : undefined;
    if (round !== undefined) byRound.set(round, (byRound.get(round) ?? 0) + n.end - n.start);
    else other += n.end - n.start;
  }
  const parts = [...byRound.entries()]
    .sort(([a], [b]) => a - b)
    .map(([round, steps]) => `round ${round}: ${formatNumber(steps)}`);
  if (other > 0) parts.push(`${formatNumber(other)} between turns`);
  const so = realized.endedAt === undefined ? ' so far' : '';
  return `critical path (red)${so}: ${formatNumber(realized.path.length)} steps = ${parts.join(' + ') || '0'}, each round its longest turn`;
}
