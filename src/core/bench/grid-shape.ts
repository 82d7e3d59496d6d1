/**
 * How much a choice of setting depends on the instance, read from a grid of fixed settings (each
 * with its reward per instance, in seed order): how often the best setting on average is also the
 * best (or tied) on one instance, and which settings are best where. If one setting were best
 * everywhere there would be nothing for an orchestrator to learn beyond that constant.
 */

export interface GridRow {
  readonly setting: string;
  /** Reward per instance, in seed order. */
  readonly values: readonly number[];
}

export interface GridShape {
  /** Share of instances on which `best` is best or tied. */
  readonly bestShare: number;
  /** Instances whose best setting is a single agent's (`single/…`), and a swarm's. */
  readonly singleBest: number;
  readonly swarmBest: number;
  /** Mean over instances of the best reward any setting got on it: the hindsight ceiling. */
  readonly perInstanceCeiling: number;
  /** Per setting, the instances it is best on (ties go to the first in the rows' order). */
  readonly bestCounts: Readonly<Record<string, number>>;
}

/** Rewards within this of each other are a tie (they are sums of a handful of floats). */
const TIE = 1e-9;

/** `rows` best first (the grid's order): ties per instance go to the earlier row. */
export function gridShape(rows: readonly GridRow[], best: string): GridShape {
  const n = rows[0]?.values.length ?? 0;
  const bestRow = rows.find((r) => r.setting === best);
  if (!bestRow) throw new Error(`gridShape: no row for the best setting "${best}"`);
  let bestOrTied = 0;
  let singleBest = 0;
  let swarmBest = 0;
  let ceiling = 0;
  const bestCounts: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    let top = rows[0] as GridRow;
    for (const row of rows) if ((row.values[i] as number) > (top.values[i] as number) + TIE) top = row;
    const topValue = top.values[i] as number;
    ceiling += topValue;
    if ((bestRow.values[i] as number) >= topValue - TIE) bestOrTied++;
    if (top.setting.startsWith('single/')) singleBest++;
    else swarmBest++;
    bestCounts[top.setting] = (bestCounts[top.setting] ?? 0) + 1;
  }
  return {
    bestShare: n > 0 ? bestOrTied / n : 0,
    singleBest,
    swarmBest,
    perInstanceCeiling: n > 0 ? ceiling / n : 0,
    bestCounts,
  };
}
