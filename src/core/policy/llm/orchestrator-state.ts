/**
 * What the model orchestrator knows of its run, as a pure fold: the runtime's events and answers,
 * and what its own accepted calls set up (the subagents it created, the instructions it gave).
 * The state is never changed in place, so a decision can be replayed from what was seen.
 */

import type { TraceEvent } from '../../trace/events';
import type { SubagentBrief, TaskBrief } from '../types';

/** A subagent the orchestrator created, by its runtime id. */
export interface CreatedAgent {
  readonly name: string;
  readonly profile: string;
  /** Its role, as create_subagent put it. */
  readonly system: string;
}

export interface OrchestratorState {
  readonly task: TaskBrief;
  readonly items: ReadonlySet<string>;
  /** Agent name → runtime subagent id, in creation order. */
  readonly idOf: ReadonlyMap<string, string>;
  /** Runtime subagent id → the agent created under it. */
  readonly agents: ReadonlyMap<string, CreatedAgent>;
  /** Task id → the latest assign_task prompt. */
  readonly instructions: ReadonlyMap<string, string>;
  /** Task id → the subagent id running it. */
  readonly running: ReadonlyMap<string, string>;
  readonly done: readonly string[];
  readonly failed: readonly string[];
  /**
   * Items whose last attempt failed and that may be tried again, with the profile they failed on:
   * the orchestrator retries, escalates (a subagent of a larger profile) or gives them up.
   */
  readonly retrying: ReadonlyMap<string, string>;
  readonly answers: ReadonlyMap<string, string>;
  /** Tasks done since the model was last shown the status: their answers are news. */
  readonly unseen: readonly string[];
  /** Statuses shown so far: the number of the last decision. */
  readonly decisions: number;
}

/** One thing the orchestrator saw or did. */
export type Seen =
  | { readonly kind: 'event'; readonly event: TraceEvent }
  | { readonly kind: 'answer'; readonly task: string; readonly answer: string }
  /** The model was shown the status of a new decision. */
  | { readonly kind: 'status' }
  | {
      readonly kind: 'created';
      readonly name: string;
      readonly id: string;
      readonly profile: string;
      readonly system: string;
    }
  | { readonly kind: 'instructed'; readonly task: string; readonly prompt: string };

export function initialState(task: TaskBrief): OrchestratorState {
  return {
    task,
    items: new Set(task.items.map((i) => i.id)),
    idOf: new Map(),
    agents: new Map(),
    instructions: new Map(),
    running: new Map(),
    done: [],
    failed: [],
    retrying: new Map(),
    answers: new Map(),
    unseen: [],
    decisions: 0,
  };
}

export function fold(state: OrchestratorState, seen: Seen): OrchestratorState {
  switch (seen.kind) {
    case 'event':
      return foldEvent(state, seen.event);
    case 'answer':
      return { ...state, answers: new Map(state.answers).set(seen.task, seen.answer) };
    case 'status':
      return { ...state, unseen: [], decisions: state.decisions + 1 };
    case 'created':
      return {
        ...state,
        idOf: new Map(state.idOf).set(seen.name, seen.id),
        agents: new Map(state.agents).set(seen.id, {
          name: seen.name,
          profile: seen.profile,
          system: seen.system,
        }),
      };
    case 'instructed':
      return { ...state, instructions: new Map(state.instructions).set(seen.task, seen.prompt) };
  }
}

function foldEvent(state: OrchestratorState, event: TraceEvent): OrchestratorState {
  switch (event.type) {
    case 'task.started':
      return { ...state, running: new Map(state.running).set(event.task, event.subagent) };
    case 'task.finished':
      return {
        ...state,
        running: without(state.running, event.task),
        retrying: without(state.retrying, event.task),
        done: [...state.done, event.task],
        unseen: [...state.unseen, event.task],
      };
    case 'task.failed': {
      const profile = state.agents.get(event.subagent)?.profile ?? '';
      return {
        ...state,
        running: without(state.running, event.task),
        ...(event.final
          ? { failed: [...state.failed, event.task], retrying: without(state.retrying, event.task) }
          : { retrying: new Map(state.retrying).set(event.task, profile) }),
      };
    }
    case 'task.skipped':
      return { ...state, retrying: without(state.retrying, event.task) };
    case 'task.cancelled':
      return { ...state, running: without(state.running, event.task) };
    default:
      return state;
  }
}

function without<K, V>(map: ReadonlyMap<K, V>, key: K): ReadonlyMap<K, V> {
  if (!map.has(key)) return map;
  const copy = new Map(map);
  copy.delete(key);
  return copy;
}

/** What the orchestrator told the subagent running this task, if anything. */
export function briefFor(
  state: OrchestratorState,
  subagent: string,
  task: string,
): SubagentBrief | undefined {
  const role = state.agents.get(subagent)?.system;
  const prompt = state.instructions.get(task);
  if (role === undefined && prompt === undefined) return undefined;
  return { ...(role !== undefined ? { system: role } : {}), ...(prompt !== undefined ? { prompt } : {}) };
}
