/** What a node's detail says in the DAG view, and the fork it offers. */
import type { Accessor } from 'solid-js';
import type { TaskGraph } from '../../core/graph/types';
import { t } from '../i18n/t';
import { decisionBehind } from '../model/fork-view';
import type { Realized } from '../model/replay';
import { type CriticalMarks, describeTask } from './critical';
import type { RunGraph } from './run-graph';

/** What a node's words are read from; accessors, read only where a node's words need them. */
export interface NodeDetailSource {
  /** The graph laid out, or the one being laid out. */
  readonly graph: Accessor<RunGraph>;
  readonly realized: Accessor<Realized | undefined>;
  readonly bounds: Accessor<{ readonly planned: number; readonly workers: number } | undefined>;
  readonly finished: Accessor<boolean>;
  /** Slack and what-ifs are on this graph: the steps the run took once it ended, the plan before. */
  readonly basis: Accessor<TaskGraph>;
  readonly basisMarks: Accessor<CriticalMarks>;
  /** The what-if's speed-up. */
  readonly factor: Accessor<number>;
  readonly overhead: Accessor<number>;
}

/** Node `id`'s detail: a retried attempt, an orchestrator step, the end, or a task with its what-if. */
export function nodeDetail(source: NodeDetailSource, id: string): string {
  const g = source.graph();
  const node = g.input.ids.indexOf(id);
  if (node >= g.taskCount && g.attemptNode.has(id)) {
    const [task, attempt] = id.split('#');
    const a = source.realized()?.attempts.find((x) => x.task === task && String(x.attempt) === attempt);
    return t('dag.attempt', {
      task: task ?? '',
      attempt: attempt ?? '',
      start: String(a?.start),
      end: String(a?.end),
      subagent: String(a?.subagent),
      outcome: a?.outcome ?? '',
    });
  }
  if (node >= g.taskCount) {
    const step = source.realized()?.stages.find((s) => `main:${s.step}` === id);
    if (!step) return t('dag.end', { label: g.labels[node] ?? id });
    return t('dag.decision', {
      step: step.step,
      steps: source.realized()?.stages.length ?? 0,
      t: step.t,
      main: step.main,
      n: step.launched.length,
      slowest: step.maxSub,
    });
  }
  const prefix = source.finished() ? t('dag.asRun') : t('dag.asPlanned');
  const b = source.bounds();
  // After the run, the lower-bound card's figure; before it, the planned estimate's.
  const realized = source.realized();
  const shown = b
    ? source.finished() && realized
      ? { name: t('dag.lowerBound'), value: realized.lowerBound, workers: b.workers }
      : { name: t('dag.plannedEstimate'), value: b.planned, workers: b.workers }
    : undefined;
  return t('dag.with', {
    text: describeTask(source.basis(), source.basisMarks(), id, source.factor(), source.overhead(), shown),
    how: prefix,
  });
}

/** "Fork from decision K" for node `id`, when the run can be forked at the decision behind it. */
export function forkAction(
  onFork: ((decision: number) => void) | undefined,
  realized: Realized | undefined,
  id: string,
) {
  const decision = onFork ? decisionBehind(realized, id) : undefined;
  return onFork && decision !== undefined
    ? {
        label: t('dag.forkFrom', { decision }),
        run: () => onFork(decision),
        testId: 'dag-fork-here',
      }
    : undefined;
}
