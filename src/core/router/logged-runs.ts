/**
 * Training data for the router, read from run traces: what was asked (the header's query), which
 * choice ran it and how well it did. A logged run's topology is its header's team plan's when it
 * has one, else `single` for the serial policy, `peers` for the peers policy and `swarm` for any
 * other; its workflow is the scenario kind.
 *
 * The reward is the run's own `reward` metric, whatever it weighs: for the scenarios that charge
 * for cost (write-story, teach-explain, rag-qa) that is quality − λ·normalizedCost, so the bandit
 * learns what a topology's quality costs, not the quality alone. The tie-break score is `itemF1`,
 * or `quality` where a trace has no item-F1 (the two are the same grader score).
 *
 * A query's label is the choice that does best on queries like it: the highest mean reward, then
 * (the reward is often 0 for every choice) the highest mean item-F1, then the fewest mean critical
 * steps — over every run of its workflow, unless each choice ran this very query at least
 * `minRunsPerQuery` times, when the query's own means decide. A bench runs each choice once per
 * query, and one run is one draw of a random outcome: the best draw on a query says more about luck
 * than about the query. On compare-options the swarm's one run beats the peers' on 15 of 20
 * queries, yet the peers' mean reward is the higher (the swarm, when wrong, is badly wrong);
 * labelling each query by its best draw taught the classifier the swarm (docs/router.md).
 */
import { type TraceEvent, topologyOf as topologyWord } from '../trace/events';
import type { TraceHeader } from '../trace/header';
import {
  type Choice,
  type ChoiceLabel,
  choiceLabel,
  type Topology,
  type Workflow,
  workflows,
} from './choice';

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
  if (!(workflows as readonly string[]).includes(kind)) {
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
      choice: { topology: topologyOf(header), workflow: kind as Workflow },
      reward: reward as number,
      itemF1: itemF1 as number,
      criticalSteps: criticalSteps as number,
    },
  };
}

/** The formation that ran a logged run: its plan's, or its policy's. */
export function topologyOf(header: TraceHeader): Topology {
  // A trace from before one vocabulary says centralized or decentralized.
  if (header.plan) return topologyWord(header.plan.topology) ?? 'swarm';
  return header.policy === 'serial' ? 'single' : header.policy === 'peers' ? 'peers' : 'swarm';
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

/** Runs of one choice on one query (each) that make a query's own means its label. */
export const minRunsPerQuery = 3;

type Means = Partial<Record<ChoiceLabel, ArmRecord>>;

/** The best choice of a set of means; among exact ties the first label in sorted order. */
function bestOf(arms: Means): ChoiceLabel | undefined {
  let label: ChoiceLabel | undefined;
  for (const arm of (Object.keys(arms) as ChoiceLabel[]).sort()) {
    if (label === undefined || better(arms[arm] as ArmRecord, arms[label] as ArmRecord)) label = arm;
  }
  return label;
}

function meansOf(groups: ReadonlyMap<ChoiceLabel, readonly LoggedRun[]>): Means {
  const mean = (xs: readonly LoggedRun[], f: (r: LoggedRun) => number) =>
    xs.reduce((s, r) => s + f(r), 0) / xs.length;
  const arms: Means = {};
  for (const [arm, xs] of groups) {
    arms[arm] = {
      runs: xs.length,
      reward: mean(xs, (r) => r.reward),
      itemF1: mean(xs, (r) => r.itemF1),
      criticalSteps: mean(xs, (r) => r.criticalSteps),
    };
  }
  return arms;
}

function groupBy(
  runs: readonly LoggedRun[],
  key: (r: LoggedRun) => string,
): Map<string, Map<ChoiceLabel, LoggedRun[]>> {
  const groups = new Map<string, Map<ChoiceLabel, LoggedRun[]>>();
  for (const run of runs) {
    const arms = groups.get(key(run)) ?? new Map<ChoiceLabel, LoggedRun[]>();
    const label = choiceLabel(run.choice);
    arms.set(label, [...(arms.get(label) ?? []), run]);
    groups.set(key(run), arms);
  }
  return groups;
}

/** Groups runs by query text and labels each query with its best choice (sorted by query). */
export function labelQueries(runs: readonly LoggedRun[]): LabelledQuery[] {
  const byWorkflow = new Map(
    [...groupBy(runs, (r) => r.choice.workflow)].map(([w, arms]) => [w, bestOf(meansOf(arms))]),
  );
  return [...groupBy(runs, (r) => r.query)]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([query, groups]) => {
      const arms = meansOf(groups);
      const own = Object.values(arms).every((a) => (a as ArmRecord).runs >= minRunsPerQuery);
      const workflow = (groups.values().next().value as LoggedRun[])[0]?.choice.workflow as Workflow;
      const label = (own ? bestOf(arms) : (byWorkflow.get(workflow) ?? bestOf(arms))) as ChoiceLabel;
      return { query, label, arms };
    });
}
