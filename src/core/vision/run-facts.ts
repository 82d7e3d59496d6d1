/**
 * What a model is told about a run beside its picture, read from the trace alone: the realized
 * critical path (core/trace/realized-path.ts), the slowest attempts, the run's length in steps,
 * and the same work done by one agent in a row, when known. `runFacts` gathers the numbers,
 * `summaryText` words them; the simulated model answers from the same facts (simulated-sight.ts),
 * so both see the run alike.
 */

import type { TraceEvent } from '../trace/events';
import type { TraceHeader } from '../trace/header';
import { type PathNode, RealizedFold } from '../trace/realized-path';

export interface RunFacts {
  readonly scenario: string;
  readonly policy: string;
  /** Why it ended (`completed`, `budget:…`), or undefined for a run still going. */
  readonly ended: string | undefined;
  /** The run's length in step-time: its critical steps once it ended. */
  readonly makespan: number;
  readonly tasks: number;
  readonly attempts: number;
  /** Attempts that failed and were tried again. */
  readonly retries: number;
  /** The realized critical path, link by link, in words ("main 1", "search-a#1 on sa-1"). */
  readonly path: readonly PathLink[];
  /** The slowest attempts, longest first (at most SLOWEST). */
  readonly slowest: readonly SlowAttempt[];
  /**
   * The same work done by one agent in a row, in steps: the caller's measure when it has one (a
   * bench's single-agent run), else the trace's total subagent steps, an estimate that leaves out
   * what one agent's longer context costs. Undefined when neither is known.
   */
  readonly singleAgentSteps: number | undefined;
  /** Whether `singleAgentSteps` was measured (given) or estimated from the total steps. */
  readonly singleAgentMeasured: boolean;
}

export interface PathLink {
  readonly kind: PathNode['kind'];
  /** A task's id, `main <step>`, `backoff <task>` or `wait`. */
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

export interface SlowAttempt {
  readonly task: string;
  readonly attempt: number;
  readonly steps: number;
  readonly onPath: boolean;
}

export const SLOWEST = 3;

export function runFacts(
  header: Pick<TraceHeader, 'scenario' | 'policy' | 'mainStepCost'>,
  events: readonly TraceEvent[],
  singleAgentSteps?: number,
): RunFacts {
  const fold = new RealizedFold(header.mainStepCost);
  let tasks = 0;
  let ended: string | undefined;
  let totalSteps: number | undefined;
  for (const e of events) {
    fold.push(e);
    if (e.type === 'run.started') tasks = e.tasks.length;
    if (e.type === 'run.finished') {
      ended = e.reason;
      totalSteps = e.metrics.totalSteps;
    }
  }
  const path = fold.path();
  const onPath = new Set(path.nodes.flatMap((n) => (n.kind === 'task' ? [`${n.task}#${n.attempt}`] : [])));
  const done = fold.attempts.filter((a) => a.end !== undefined);
  const slowest = done
    .map((a) => ({
      task: a.task,
      attempt: a.attempt,
      steps: (a.end as number) - a.start,
      onPath: onPath.has(`${a.task}#${a.attempt}`),
    }))
    // Longest first; ties by task id, so the same trace always names the same attempts.
    .sort((x, y) => y.steps - x.steps || (x.task < y.task ? -1 : x.task > y.task ? 1 : x.attempt - y.attempt))
    .slice(0, SLOWEST);
  const measured = singleAgentSteps !== undefined;
  return {
    scenario: header.scenario.title ?? header.scenario.id,
    policy: header.policy,
    ended,
    makespan: path.length,
    tasks,
    attempts: fold.attempts.length,
    retries: fold.attempts.filter((a) => a.outcome === 'failed' || a.outcome === 'cancelled').length,
    path: path.nodes.map(linkOf),
    slowest,
    singleAgentSteps: singleAgentSteps ?? totalSteps,
    singleAgentMeasured: measured,
  };
}

function linkOf(n: PathNode): PathLink {
  const name =
    n.kind === 'main'
      ? `main ${n.step}`
      : n.kind === 'task'
        ? n.attempt > 1
          ? `${n.task}#${n.attempt}`
          : n.task
        : n.kind === 'backoff'
          ? `backoff ${n.task}`
          : 'wait';
  return { kind: n.kind, name, start: n.start, end: n.end };
}

/** The facts in words, as the model reads them before the user's question. */
export function summaryText(f: RunFacts): string {
  const lines = [
    `Run: ${f.scenario}, policy ${f.policy}, ${f.tasks} tasks, ${f.attempts} attempts (${f.retries} failed or cancelled).`,
    f.ended === undefined
      ? `It had not ended; ${f.makespan} steps so far.`
      : `It ended (${f.ended}) after ${f.makespan} critical steps.`,
    `Realized critical path (red in the picture): ${
      f.path.length === 0
        ? 'none (the trace has no orchestrator steps)'
        : f.path.map((l) => `${l.name} [${l.start}-${l.end}]`).join(' -> ')
    }.`,
    `Slowest attempts: ${
      f.slowest.length === 0
        ? 'none ended'
        : f.slowest
            .map(
              (s) =>
                `${s.task}${s.attempt > 1 ? `#${s.attempt}` : ''} ${s.steps} steps${s.onPath ? ' (on the path)' : ''}`,
            )
            .join(', ')
    }.`,
  ];
  if (f.singleAgentSteps !== undefined)
    lines.push(
      `One agent doing the same work in a row: ${f.singleAgentSteps} steps (${
        f.singleAgentMeasured ? 'measured' : 'estimated: the subagents steps summed'
      }); the swarm took ${f.makespan}.`,
    );
  return lines.join('\n');
}
