/**
 * A stored run's final answer as the live run showed it. A trace records it: the answer on its
 * `run.graded` event and the plan mode in its header, so it is read, never guessed. Traces stored
 * before they were recorded are read the old way, and say so: the answer is rebuilt from the
 * tasks' answers (model/trace-answer.ts), the instance made again from the header's scenario,
 * seed and size under each plan mode until one matches. An answer from notes cites passages only
 * the instance holds, so a rag-qa run's instance is made again either way, under its recorded mode.
 */

import { runAnswer } from '../../core/run/final-answer';
import { type PreparedTaskRun, prepareRun } from '../../core/run/prepare';
import { kindOf } from '../../core/scenarios/registry';
import { type PlanMode, TOPOLOGIES, type TraceEvent } from '../../core/trace/events';
import type { TraceHeader } from '../../core/trace/header';
import { findScenario, profiles } from '../catalog';
import { answerOfTrace, answersOfTrace, gradeOfTrace, unrecordedAnswers } from '../model/trace-answer';
import type { PassageLookup } from '../views/answer-view';

export interface StoredAnswer {
  readonly text: string;
  readonly criteria?: Readonly<Record<string, number>>;
  readonly lookup?: PassageLookup;
  /** Why the text may not be all the run handed back: tasks whose answers the trace lacks. */
  readonly note?: string;
  /** Each task's own answer the trace holds, in plan order: what the text was made from. */
  readonly pieces?: readonly { readonly task: string; readonly text: string }[];
}

/** The tasks' answers the trace holds, in the order its run.started lists the tasks. */
function piecesOf(events: readonly TraceEvent[]): { task: string; text: string }[] {
  const started = events.find((e) => e.type === 'run.started');
  if (started?.type !== 'run.started') return [];
  const answers = answersOfTrace(events);
  return started.tasks.flatMap((t) => {
    const text = answers.get(t.id);
    return text === undefined ? [] : [{ task: t.id, text }];
  });
}

/** Swarm first: most stored runs are one. */
const modes: readonly PlanMode[] = ['swarm', ...TOPOLOGIES.filter((m) => m !== 'swarm')];

/**
 * The run made again up to its plan, when the page has its scenario: under the header's plan mode,
 * or (an older trace) under the first mode whose plan matches the trace's tasks.
 */
function remade(header: TraceHeader, events: readonly TraceEvent[]): PreparedTaskRun | undefined {
  const entry = findScenario(header.scenario.id);
  const started = events.find((e) => e.type === 'run.started');
  if (entry?.type !== 'task' || started?.type !== 'run.started') return undefined;
  const ids = started.tasks.map((t) => t.id).join('\n');
  for (const plan of header.planMode ? [header.planMode] : modes) {
    try {
      const run = prepareRun({
        scenario: { type: 'task', spec: entry.spec },
        seed: header.seed,
        ...(header.size !== undefined ? { size: header.size } : {}),
        plan: header.planCut ? { mode: plan, ...header.planCut } : plan,
        profiles,
      });
      if (run.plan.tasks.map((t) => t.id).join('\n') === ids) return run;
    } catch {
      // A plan mode this kind does not have: try the next.
    }
  }
  return undefined;
}

/** The run's grade event, which holds its answer in traces that record it. */
function gradedEvent(events: readonly TraceEvent[]) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.type === 'run.graded') return e;
  }
  return undefined;
}

export function storedAnswer(header: TraceHeader, events: readonly TraceEvent[]): StoredAnswer | undefined {
  const grade = gradeOfTrace(events);
  const criteria = grade?.criteria ? { criteria: grade.criteria } : {};
  const graded = gradedEvent(events);
  const recorded = graded?.answer;
  if (recorded !== undefined) {
    // Only a kind that cites passages is made again, to look them up.
    const cited = kindOf(header.scenario.kind)?.citations ? remade(header, events) : undefined;
    return { text: recorded, ...criteria, ...lookupOf(cited), pieces: piecesOf(events) };
  }
  // A trace that records its answer, graded with none: the run handed back nothing.
  if (graded && header.planMode !== undefined) return undefined;
  const older = {
    note:
      header.planMode === undefined
        ? 'This trace was stored before traces recorded their final answer: it is rebuilt from the answers of its tasks.'
        : 'The run did not finish: shown is what its tasks had answered.',
  };
  const missing = unrecordedAnswers(events);
  // A team answer made from some of its members' answers would be a different answer: without
  // them all, the answers the trace holds are shown as they are, and the gap named.
  const run = missing.length === 0 ? remade(header, events) : undefined;
  const text = run ? runAnswer(run, answersOfTrace(events)) : answerOfTrace(events);
  if (text === undefined) return undefined;
  const note =
    missing.length > 0
      ? {
          note: `This trace does not hold what ${missing.join(', ')} answered, so the answer the live run showed cannot be rebuilt from it; shown are the latest answers it holds.`,
        }
      : older;
  return { text, ...criteria, ...lookupOf(run), ...note, pieces: piecesOf(events) };
}

/**
 * How a stored run's citations are looked up: from what its instance holds (a scenario's notes).
 * The user's own knowledge base is not in the trace, so no port is lent.
 */
function lookupOf(run: PreparedTaskRun | undefined): { lookup?: PassageLookup } {
  const lookup = run?.kind.citations?.(run.instance, {});
  return lookup ? { lookup } : {};
}
