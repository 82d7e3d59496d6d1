/**
 * Training data for the router, read from run traces: what was asked (the header's query), which
 * choice ran it and how well it did. A logged run's topology is `single` for the serial policy and
 * `swarm` for any other (no decentralized runtime logs `peers`); its workflow is the scenario kind.
 *
 * The reward is the run's own `reward` metric, whatever it weighs: for the scenarios that charge
 * for cost (write-story, teach-explain, rag-qa) that is quality − λ·normalizedCost, so the bandit
 * learns what a topology's quality costs, not the quality alone. The tie-break score is `itemF1`,
 * or `quality` where a trace has no item-F1 (the two are the same grader score).
 *
 * A query's label is the choice that did best on it: the highest mean reward, then (the reward is
 * often 0 for every choice) the highest mean item-F1, then the fewest mean critical steps. The
 * same query text comes back once per policy on one seed, so grouping by text compares the
 * choices on identical tasks.
 */
import type { TraceEvent, TraceHeader } from '../trace/events';
import { type Choice, type ChoiceLabel, choiceLabel, type Workflow, workflows } from './choice';

export interface LoggedRun {
  readonly query: string;
  readonly choice: Choice;
  readonly reward: number;
  readonly itemF1: number;
  readonly criticalSteps: number;
}

/** Why a trace gave no training run. */
export type SkipReason = 'graph' | 'no-query' | 'unknown-kind' | 'unfinished';

export type RunReading = { ok: true; run: LoggedRun } | { ok: false; skip: SkipReason };

/** The training run a decoded trace holds, or why it holds none. */
export function readLoggedRun(header: TraceHeader, events: readonly TraceEvent[]): RunReading {
  const kind = header.scenario.kind;
  if (kind === 'graph') return { ok: false, skip: 'graph' };
  if (!(workflows as readonly string[]).includes(kind) || kind === 'general') {
    return { ok: false, skip: 'unknown-kind' };
  }
  if (typeof header.query !== 'string' || header.query.trim() === '') return { ok: false, skip: 'no-query' };
  const last = events.at(-1);
  if (last?.type !== 'run.finished') return { ok: false, skip: 'unfinished' };
  const { reward, criticalSteps } = last.metrics;
  const itemF1 = last.metrics.itemF1 ?? last.metrics.quality;
  if (![reward, itemF1, criticalSteps].every((x) => typeof x === 'number' && Number.isFinite(x))) {
    return { ok: false, skip: 'unfinished' };
  }
  return {
    ok: true,
    run: {
      query: header.query,
      choice: { topology: header.policy === 'serial' ? 'single' : 'swarm', workflow: kind as Workflow },
      reward: reward as number,
      itemF1: itemF1 as number,
      criticalSteps: criticalSteps as number,
    },
  };
}

export interface ArmRecord {
  readonly runs: number;
  readonly reward: number;
  readonly itemF1: number;
  readonly criticalSteps: number;
}

export interface LabelledQuery {
  readonly query: string;
  readonly label: ChoiceLabel;
  /** Means per choice that ran this query. */
  readonly arms: Readonly<Partial<Record<ChoiceLabel, ArmRecord>>>;
}

/** a is better than b: more reward, then more item-F1, then fewer critical steps. */
const better = (a: ArmRecord, b: ArmRecord) =>
  a.reward !== b.reward
    ? a.reward > b.reward
    : a.itemF1 !== b.itemF1
      ? a.itemF1 > b.itemF1
      : a.criticalSteps < b.criticalSteps;

/** Groups runs by query text and labels each query with its best choice (sorted by query). */
export function labelQueries(runs: readonly LoggedRun[]): LabelledQuery[] {
  const byQuery = new Map<string, Map<ChoiceLabel, LoggedRun[]>>();
  for (const run of runs) {
    const arms = byQuery.get(run.query) ?? new Map<ChoiceLabel, LoggedRun[]>();
    const label = choiceLabel(run.choice);
    arms.set(label, [...(arms.get(label) ?? []), run]);
    byQuery.set(run.query, arms);
  }
  const mean = (xs: readonly LoggedRun[], f: (r: LoggedRun) => number) =>
    xs.reduce((s, r) => s + f(r), 0) / xs.length;
  return [...byQuery.keys()].sort().map((query) => {
    const arms: Partial<Record<ChoiceLabel, ArmRecord>> = {};
    let label: ChoiceLabel | undefined;
    // Sorted labels: among exact ties the first in sorted order wins, whatever the file order.
    const entries = [...(byQuery.get(query) as Map<ChoiceLabel, LoggedRun[]>)];
    for (const [arm, xs] of entries.sort(([a], [b]) => (a < b ? -1 : 1))) {
      const record = {
        runs: xs.length,
        reward: mean(xs, (r) => r.reward),
        itemF1: mean(xs, (r) => r.itemF1),
        criticalSteps: mean(xs, (r) => r.criticalSteps),
      };
      arms[arm] = record;
      if (label === undefined || better(record, arms[label] as ArmRecord)) label = arm;
    }
    return { query, label: label as ChoiceLabel, arms };
  });
}
