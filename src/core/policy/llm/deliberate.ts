/**
 * One decision of the model orchestrator: show the model the status, carry out the calls of its
 * turn, and when every call of a turn was refused let it read the errors and try again, up to
 * `maxTurns`. It works on a snapshot of the session and returns what changed, not a new session:
 * answers may arrive while the model thinks, and must not be lost.
 */

import type { ToolRegistry } from '../../agents/tools';
import type { CallOutcome } from '../../agents/turn';
import { turnEvents } from '../../agents/turn';
import type { ChatMessage } from '../../providers/types';
import type { EventBody } from '../../trace/events';
import type { Action, RunView, TaskBrief } from '../types';
import { carryOut, conclude, openDraft, settled, statusOf, withoutCalls } from './decision';
import { fold, initialState, type OrchestratorState, type Seen } from './orchestrator-state';
import {
  answerCall,
  answerSilence,
  askOrchestrator,
  failedTurnEvents,
  ORCHESTRATOR_ACTOR,
  type OrchestratorModel,
} from './orchestrator-turn';
import { statusMessage } from './protocol';

/** What a model whose reply hit its length limit reads with the refusal. */
export const cutOffNote = (maxTokens: number): string =>
  `Your reply was cut off at its length limit (${maxTokens} tokens): make fewer calls per turn and keep each short.`;

/** The messages of one decision: its status, the replies, the tool results and notes. */
export type Exchange = readonly ChatMessage[];

/** The orchestrator's run so far. */
export interface Session {
  readonly state: OrchestratorState;
  /** The latest decisions' exchanges, oldest first. */
  readonly history: readonly Exchange[];
  /** Model turns taken. */
  readonly turns: number;
  /** Calls refused (the `(none)` of a reply without calls included). */
  readonly invalid: number;
  /** Decisions in a row that got no usable call. */
  readonly failedDecisions: number;
}

export const newSession = (task: TaskBrief): Session => ({
  state: initialState(task),
  history: [],
  turns: 0,
  invalid: 0,
  failedDecisions: 0,
});

export interface DeliberationSetup extends OrchestratorModel {
  readonly tools: ToolRegistry;
  readonly maxTurns: number;
  readonly maxFailed: number;
  /** Earlier decisions kept in the conversation. */
  readonly keep: number;
  readonly answerChars: number;
}

export interface Deliberated {
  /** The llm turns and tool calls to record before the decision. */
  readonly events: readonly EventBody[];
  readonly actions: readonly Action[];
  /** What the decision showed and set up, in order, for the fold. */
  readonly seen: readonly Seen[];
  readonly exchange: Exchange;
  readonly turns: number;
  readonly refused: number;
  readonly failedDecisions: number;
}

export async function deliberate(
  setup: DeliberationSetup,
  session: Session,
  view: RunView,
  signal?: AbortSignal,
): Promise<Deliberated> {
  const events: EventBody[] = [];
  const status = statusOf(session.state, view, setup.answerChars);
  const seen: Seen[] = [{ kind: 'status' }];
  let state = fold(session.state, { kind: 'status' });
  const exchange: ChatMessage[] = [{ role: 'user', content: statusMessage(status) }];
  let draft = openDraft(state, status);
  let turns = session.turns;
  let refused = 0;
  // Turns that settled nothing count against `maxTurns`; a turn that created a subagent does not
  // (the create-then-assign habit), and such turns are bounded by the swarm's size, since a
  // create past it is refused.
  const maxTurns = setup.maxTurns + view.config.budgets.maxConcurrentSubagents;
  let fruitless = 0;
  for (let k = 0; k < maxTurns && fruitless < setup.maxTurns && !settled(draft); k++) {
    if (signal?.aborted) break;
    turns++;
    const created = draft.actions.length;
    const conversation = [...session.history, exchange].slice(-setup.keep - 1).flat();
    const outcome = await askOrchestrator(setup, view, state.task, conversation, turns, signal);
    if (outcome.kind === 'failed') {
      events.push(...failedTurnEvents(outcome.reason));
      draft = { ...draft, error: outcome.reason };
      break;
    }
    exchange.push(outcome.message);
    const calls: CallOutcome[] = [];
    // A reply cut off by its length limit ends mid-call or mid-sentence: the model is told why,
    // not only that the arguments do not parse.
    const cut = outcome.finishReason === 'length' ? cutOffNote(setup.maxOutputTokens) : '';
    if (outcome.calls.length === 0) {
      const quiet = withoutCalls(draft, view, status);
      draft = quiet.draft;
      if (quiet.refusal !== undefined) {
        refused++;
        answerSilence(
          exchange,
          calls,
          turns,
          outcome.content,
          cut === '' ? quiet.refusal : `${quiet.refusal} ${cut}`,
        );
      }
    }
    for (const call of outcome.calls) {
      const checked = carryOut(state, draft, view, setup.tools, call);
      const verdict =
        checked.ok || cut === '' ? checked : { ...checked, content: `${checked.content} ${cut}` };
      draft = verdict.draft;
      if (verdict.seen) {
        seen.push(verdict.seen);
        state = fold(state, verdict.seen);
      }
      if (!verdict.ok) refused++;
      answerCall(exchange, calls, call, verdict);
    }
    events.push(...turnEvents(ORCHESTRATOR_ACTOR, { ...outcome, calls }, { markRefused: true }));
    if (draft.actions.length === created) fruitless++;
  }
  const { actions, failedDecisions } = conclude(draft, {
    failedDecisions: session.failedDecisions,
    maxFailed: setup.maxFailed,
    runningCount: view.runningCount,
    aborted: signal?.aborted === true,
    refused,
  });
  return { events, actions, seen, exchange, turns, refused, failedDecisions };
}

/** The session after a decision, over the session as it is now (answers may have come meanwhile). */
export function afterDecision(session: Session, decided: Deliberated, keep: number): Session {
  const history = [...session.history, decided.exchange];
  return {
    state: decided.seen.reduce(fold, session.state),
    // Keep only the last few decisions: the status repeats what older ones said.
    history: history.length > keep + 1 ? history.slice(-keep - 1) : history,
    turns: decided.turns,
    invalid: session.invalid + decided.refused,
    failedDecisions: decided.failedDecisions,
  };
}
