/**
 * A stored run's final answer as the live run showed it. The answers come from the trace
 * (model/trace-answer.ts); a gallery scenario's instance is made again from the header's scenario,
 * seed and size (the same seed gives the same instance), because some kinds hand back more than
 * their last tasks' text (compare-options' peers hand back their vote) and an answer from notes
 * cites passages only the instance holds.
 */

import { runAnswer } from '../../core/scenarios/final-answer';
import { type PreparedTaskRun, prepareRun } from '../../core/scenarios/prepare';
import { knowledgeOf, type RagQaInstance } from '../../core/scenarios/rag-qa';
import type { PlanMode } from '../../core/scenarios/types';
import type { TraceEvent, TraceHeader } from '../../core/trace/events';
import { findScenario, profiles } from '../catalog';
import { answerOfTrace, answersOfTrace, gradeOfTrace, unrecordedAnswers } from '../model/trace-answer';
import type { PassageLookup } from '../views/answer-view';

export interface StoredAnswer {
  readonly text: string;
  readonly criteria?: Readonly<Record<string, number>>;
  readonly lookup?: PassageLookup;
  /** Why the text may not be all the run handed back: tasks whose answers the trace lacks. */
  readonly note?: string;
}

const modes: readonly PlanMode[] = ['swarm', 'single', 'peers'];

/** The run made again up to its plan, when the page has its scenario and a plan matches the trace's. */
function remade(header: TraceHeader, events: readonly TraceEvent[]): PreparedTaskRun | undefined {
  const entry = findScenario(header.scenario.id);
  const started = events.find((e) => e.type === 'run.started');
  if (entry?.type !== 'task' || started?.type !== 'run.started') return undefined;
  const ids = started.tasks.map((t) => t.id).join('\n');
  for (const plan of modes) {
    try {
      const run = prepareRun({
        scenario: { type: 'task', spec: entry.spec },
        seed: header.seed,
        ...(header.size !== undefined ? { size: header.size } : {}),
        plan,
        profiles,
      });
      if (run.plan.tasks.map((t) => t.id).join('\n') === ids) return run;
    } catch {
      // A plan mode this kind does not have: try the next.
    }
  }
  return undefined;
}

export function storedAnswer(header: TraceHeader, events: readonly TraceEvent[]): StoredAnswer | undefined {
  const grade = gradeOfTrace(events);
  const criteria = grade?.criteria ? { criteria: grade.criteria } : {};
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
      : {};
  const rag = run?.kind.kind === 'rag-qa' ? (run.instance as RagQaInstance) : undefined;
  // The user's own knowledge base is not in the trace; only the scenario's notes can be looked up.
  const lookup = rag && rag.documents.length > 0 ? { lookup: knowledgeOf(rag, {}).chunk } : {};
  return { text, ...criteria, ...lookup, ...note };
}
