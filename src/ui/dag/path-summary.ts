import { formatNumber } from '../model/format';
import type { Realized } from '../model/replay';

/**
 * The realized critical path in words, next to the planned one:
 * "critical path (red): 10 steps = 1 orchestrator step (1) + 9 subagent steps · planned (dashed): 14, an estimate".
 */
export function pathSummary(realized: Realized, plannedLength: number): string {
  const planned = `planned (dashed): ${formatNumber(plannedLength)} steps, an estimate from the plan`;
  if (realized.path.unavailable) return `${planned} · no realized path: ${realized.path.unavailable}`;
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
