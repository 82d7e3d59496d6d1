/**
 * What a stored run handed back, read from its trace alone: each task's answer is the text of the
 * last model turn of the attempt that finished it (the subagent loop ends an attempt on a turn
 * that answers, and the trace records that turn's text), and the grader's verdict is its
 * `run.graded` event. A live run keeps these in memory; a stored one has only its events.
 */

import { finalAnswer } from '../../core/run/final-answer';
import type { Plan } from '../../core/scenarios/types';
import type { Grade, TraceEvent } from '../../core/trace/events';

/** Task id → the answer its finishing attempt gave, as the trace recorded it. */
export function answersOfTrace(events: Iterable<TraceEvent>): Map<string, string> {
  const latest = new Map<string, string>();
  const answers = new Map<string, string>();
  for (const e of events) {
    if (e.type === 'llm.turn' && e.task !== undefined) {
      const key = `${e.task}#${e.attempt ?? 0}`;
      if (e.content !== undefined) latest.set(key, e.content);
      else latest.delete(key);
    } else if (e.type === 'task.finished') {
      // A settled answer (no model call) is on the event itself; any other is its last turn's text.
      const text = e.answer ?? latest.get(`${e.task}#${e.attempt}`);
      if (text !== undefined) answers.set(e.task, text);
    }
  }
  return answers;
}

/**
 * Tasks that finished with no answer in the trace: traces stored before settled answers were
 * recorded on `task.finished` hold nothing for a peers run's settled rounds (compare-options).
 */
export function unrecordedAnswers(events: Iterable<TraceEvent>): string[] {
  const list = [...events];
  const answered = answersOfTrace(list);
  const finished = list.flatMap((e) => (e.type === 'task.finished' ? [e.task] : []));
  return [...new Set(finished)].filter((task) => !answered.has(task));
}

/** The run's plan as its `run.started` event gives it: enough to find its last tasks. */
export function planOfTrace(events: Iterable<TraceEvent>): Plan | undefined {
  for (const e of events) {
    if (e.type !== 'run.started') continue;
    return {
      mode: 'swarm',
      tasks: e.tasks.map((t) => ({
        id: t.id,
        deps: t.deps,
        estimatedSteps: t.steps,
        subtask: () => {
          throw new Error('a stored run is not run again');
        },
      })),
    };
  }
  return undefined;
}

/** The grader's verdict, once the run has one. */
export function gradeOfTrace(events: Iterable<TraceEvent>): Grade | undefined {
  let grade: Grade | undefined;
  for (const e of events) if (e.type === 'run.graded') grade = e;
  return grade;
}

/** The final answer as `finalAnswer` gives it for a live run, from the trace's plan and answers. */
export function answerOfTrace(events: readonly TraceEvent[]): string | undefined {
  const plan = planOfTrace(events);
  return plan ? finalAnswer(plan, answersOfTrace(events)) : undefined;
}
