/**
 * The orchestrator's decision step, pure: from what it knows and the run as the runtime shows it,
 * the status the model reads, whether each of its calls becomes an action or a refusal (and what
 * the model is told either way), and how a decision that started nothing ends.
 */

import { checkCall, type ToolRegistry } from '../../agents/tools';
import type { ToolCall } from '../../providers/types';
import type { Action } from '../types';
import type { OrchestratorState, Seen } from './orchestrator-state';
import { itemOf, type Status } from './protocol';

/** What a decision reads of the run (a RunView has it all). */
export interface DecisionInput {
  readonly t: number;
  readonly readyCount: number;
  readonly runningCount: number;
  readonly subagentCount: number;
  readonly config: {
    readonly defaultProfile: string;
    readonly budgets: { readonly maxConcurrentSubagents: number };
  };
  topReady(k: number): string[];
  nextSubagentIds(n: number): string[];
  /** A ready replica of a voting part not tried yet: running it adds a vote, give_up drops it. */
  spareReplica(task: string): boolean;
}

/** The status shown before a decision; `fold(state, { kind: 'status' })` marks it shown. */
export function statusOf(state: OrchestratorState, view: DecisionInput, answerChars: number): Status {
  const shown: Record<string, string> = {};
  for (const id of state.unseen) {
    const answer = state.answers.get(id) ?? '';
    shown[id] = answer.length > answerChars ? `${answer.slice(0, answerChars)}…` : answer;
  }
  const busy = new Map<string, string>();
  for (const [t, s] of state.running) busy.set(s, t);
  const ready = view.topReady(view.readyCount);
  const spares = ready.filter((id) => view.spareReplica(id));
  return {
    step: state.decisions + 1,
    t: view.t,
    ready,
    running: Object.fromEntries([...state.running].map(([t, s]) => [t, state.agents.get(s)?.name ?? s])),
    done: [...state.done],
    failed: [...state.failed],
    agents: [...state.idOf].map(([name, id]) => ({
      name,
      profile: state.agents.get(id)?.profile ?? view.config.defaultProfile,
      busy: busy.get(id) ?? null,
    })),
    maxSubagents: view.config.budgets.maxConcurrentSubagents,
    answers: shown,
    ...(state.retrying.size > 0 ? { retrying: Object.fromEntries(state.retrying) } : {}),
    ...(spares.length > 0 ? { spares } : {}),
  };
}

/** A decision in the making: the actions its calls settled so far, over one or more model turns. */
export interface Draft {
  readonly actions: readonly Action[];
  /** Ready when the decision began. */
  readonly ready: ReadonlySet<string>;
  readonly assigned: ReadonlySet<string>;
  /** Subagents running something, or given something in this decision. */
  readonly working: ReadonlySet<string>;
  readonly spawned: number;
  readonly finished: boolean;
  /** The model chose to wait for running work. */
  readonly waiting: boolean;
  /** The model failed to answer. */
  readonly error?: string;
}

export function openDraft(state: OrchestratorState, status: Status): Draft {
  return {
    actions: [],
    ready: new Set(status.ready),
    assigned: new Set(),
    working: new Set(state.running.values()),
    spawned: 0,
    finished: false,
    waiting: false,
  };
}

/** Ready items no call of this decision has assigned or given up yet. */
const openItems = (draft: Draft): string[] => [...draft.ready].filter((id) => !draft.assigned.has(id));

/**
 * No further model turn is needed. Subagents created with nothing given to them do not settle a
 * decision while items wait: real models often create their subagents in one turn and assign in
 * the next (one call per turn, or a create-then-assign habit), so the model reads "created; it is
 * idle" and gets its next turn within the same decision, rather than the run stalling.
 */
export const settled = (draft: Draft): boolean =>
  draft.finished ||
  draft.waiting ||
  draft.error !== undefined ||
  draft.actions.some((a) => a.type !== 'spawn') ||
  (draft.actions.length > 0 && openItems(draft).length === 0);

export interface CallVerdict {
  readonly draft: Draft;
  readonly ok: boolean;
  /** What the model reads back in the tool message. */
  readonly content: string;
  /** The arguments as the trace records them. */
  readonly args: unknown;
  /** What an accepted call set up, for the fold. */
  readonly seen?: Seen;
}

/** One call, checked against the run as it stands: an action, or a refusal saying what was wrong. */
export function carryOut(
  state: OrchestratorState,
  draft: Draft,
  view: DecisionInput,
  tools: ToolRegistry,
  call: ToolCall,
): CallVerdict {
  const checked = checkCall(tools, Object.keys(tools), call);
  if (!checked.ok) return { draft, ok: false, content: checked.message, args: checked.args };
  const args = checked.args as Record<string, string>;
  const refuse = (message: string): CallVerdict => ({ draft, ok: false, content: `Error: ${message}`, args });
  const accept = (content: string, change: Partial<Draft>, action: Action, seen?: Seen): CallVerdict => ({
    draft: { ...draft, ...change, actions: [...draft.actions, action] },
    ok: true,
    content,
    args,
    ...(seen ? { seen } : {}),
  });
  switch (call.function.name) {
    case 'create_subagent': {
      const name = args.name?.trim() ?? '';
      if (name === '') return refuse('the name is empty.');
      if (state.idOf.has(name)) return refuse(`there is already a subagent named "${name}".`);
      const max = view.config.budgets.maxConcurrentSubagents;
      if (view.subagentCount + draft.spawned >= max) {
        return refuse(`the swarm is full (${max} subagents): give work to an idle one instead.`);
      }
      const profile = args.profile ?? view.config.defaultProfile;
      const id = view.nextSubagentIds(draft.spawned + 1)[draft.spawned] as string;
      return accept(
        `Created ${name} (${profile}); it is idle.`,
        { spawned: draft.spawned + 1 },
        { type: 'spawn', count: 1, profile },
        { kind: 'created', name, id, profile, system: args.system_prompt ?? '' },
      );
    }
    case 'assign_task': {
      const agent = args.agent?.trim() ?? '';
      const id = state.idOf.get(agent);
      if (id === undefined) {
        const names = [...state.idOf.keys()];
        return refuse(
          `there is no subagent named "${agent}"${names.length > 0 ? ` (yours: ${names.join(', ')})` : ''}; create it first with create_subagent.`,
        );
      }
      if (draft.working.has(id)) return refuse(`${agent} is busy; give the item to an idle subagent.`);
      const prompt = args.prompt ?? '';
      const item = itemOf(prompt, (id) => state.items.has(id));
      if (item === undefined) {
        return refuse(
          'the prompt names no work item: start it with the item id in brackets, e.g. "[row-3] …".',
        );
      }
      if (!draft.ready.has(item) || draft.assigned.has(item)) {
        const why = draft.actions.some((a) => a.type === 'give_up' && a.task === item)
          ? 'was given up in this decision'
          : state.running.has(item) || draft.assigned.has(item)
            ? 'is already running'
            : state.done.includes(item)
              ? 'is done'
              : state.failed.includes(item)
                ? 'has failed for good'
                : 'is waiting for the items it depends on';
        const open = [...draft.ready].filter((r) => !draft.assigned.has(r));
        return refuse(`[${item}] ${why}; ready now: ${open.join(', ') || 'none'}.`);
      }
      return accept(
        `${agent} is working on [${item}].`,
        { assigned: new Set(draft.assigned).add(item), working: new Set(draft.working).add(id) },
        { type: 'assign', subagent: id, task: item },
        { kind: 'instructed', task: item, prompt },
      );
    }
    case 'give_up': {
      // The runtime's give_up (runtime/actions.ts): a ready task that has failed, and its
      // dependents; or a spare replica not run yet, its part going on with the replicas that run
      // (the vote head's drop).
      const item = args.item?.trim().replace(/^\[|\]$/g, '') ?? '';
      if (!state.items.has(item)) return refuse(`there is no work item "${item}".`);
      const open = (id: string) => draft.ready.has(id) && !draft.assigned.has(id);
      const spare = open(item) && view.spareReplica(item);
      if (!spare && (!state.retrying.has(item) || !open(item))) {
        const givable = [...draft.ready].filter(
          (id) => open(id) && (state.retrying.has(id) || view.spareReplica(id)),
        );
        return refuse(
          `[${item}] has not failed and come back ready, and is not a spare replica; only such an item can be given up (now: ${givable.join(', ') || 'none'}).`,
        );
      }
      const ready = new Set(draft.ready);
      ready.delete(item);
      return accept(
        spare
          ? `[${item}] is dropped; its part goes on with the replicas that run.`
          : `[${item}] is given up; the items that depend on it are skipped.`,
        { ready },
        { type: 'give_up', task: item },
      );
    }
    case 'finish':
      return accept('The run ends.', { finished: true }, { type: 'finish', answer: args.answer ?? '' });
    default:
      return refuse(`there is no tool named "${call.function.name}".`);
  }
}

export const NO_CALL_NOTE =
  'Error: your reply had no tool call, and nothing will happen without one. Assign the ready items with assign_task, or call finish.';

/**
 * A reply without calls: waiting, when work runs and nothing is ready; else a refusal, with the
 * note the model reads.
 */
export function withoutCalls(
  draft: Draft,
  view: DecisionInput,
  status: Status,
): { readonly draft: Draft; readonly refusal?: string } {
  // A failed item waiting out its retry's backoff will come back ready: the run is not stalled.
  const retryLater = Object.keys(status.retrying ?? {}).some((id) => !status.ready.includes(id));
  if ((view.runningCount > 0 || retryLater) && status.ready.length === 0)
    return { draft: { ...draft, waiting: true } };
  return { draft, refusal: NO_CALL_NOTE };
}

export interface Conclusion {
  readonly actions: readonly Action[];
  /** Decisions in a row that got no usable call. */
  readonly failedDecisions: number;
}

/**
 * The actions a decision ends with. With nothing running, a decision that starts nothing would
 * stall the run for good: it ends it now, in words. With work running, the model gets a few more
 * chances (`maxFailed` decisions in a row). An aborted decision counts for nothing.
 */
export function conclude(
  draft: Draft,
  run: {
    readonly failedDecisions: number;
    readonly maxFailed: number;
    readonly runningCount: number;
    readonly aborted: boolean;
    /** Calls refused in this decision. */
    readonly refused: number;
  },
): Conclusion {
  const spawned = draft.actions.filter((a) => a.type === 'spawn').length;
  // Subagents created but no item given, with nothing running: the run would stall on them.
  const idleSpawns =
    spawned === draft.actions.length && run.runningCount === 0 && openItems(draft).length > 0;
  if ((draft.actions.length > 0 && !idleSpawns) || draft.waiting)
    return { actions: draft.actions, failedDecisions: 0 };
  if (run.aborted) return { actions: draft.actions, failedDecisions: run.failedDecisions };
  const failedDecisions = run.failedDecisions + 1;
  if (failedDecisions < run.maxFailed && run.runningCount > 0)
    return { actions: draft.actions, failedDecisions };
  const reason =
    draft.error !== undefined
      ? `the orchestrator model failed: ${draft.error}`
      : spawned > 0
        ? `the orchestrator model created ${spawned} subagent(s) but gave none of them a work item (${run.refused} call(s) refused)`
        : `the orchestrator model made no valid call (${run.refused} refused in ${failedDecisions} decision(s) in a row)`;
  return { actions: [...draft.actions, { type: 'finish', reason }], failedDecisions };
}
