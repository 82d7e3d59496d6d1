/**
 * Next-speaker decisions as SFT rows (seed 003's dynamic router, docs/router.md): the state is the
 * request, the team and the history of the work so far; the action is the agent who acts next,
 * `{"next_action": "call_agent", "agent_id": …}`, or `{"next_action": "terminate"}` after the
 * last turn.
 *
 * The order of work is a run's turns in the order they started (`task.started`, in step-time) with
 * the messages of a decentralized run's board (`agent.message`) where they were posted. An agent is
 * named by its role (the router's `agentOf`: `section-3` → `section`, `r2-peer-b` → `peer-b`); a
 * peer's turn settled without a model call is not a turn (as `speakerRun` reads it).
 *
 * The history is shown by one of seed 003's strategies: `summary` (who has spoken, how often),
 * `last-k` (the last k turns and the board messages among them) or `random-truncation` (a seeded
 * random prefix of the history left out, the rest shown whole), which teaches deciding from a
 * partial history — what a model sees once a long run outgrows its context.
 */
import { agentOf, type HistoryStrategy } from '../router/next-speaker';
import type { TraceEvent } from '../trace/events';
import { keyedRng } from '../util/rng';
import type { Example, SftRow } from './rows';
import type { DatasetRun } from './runs';

export const NEXT_SPEAKER_SYSTEM = [
  'You are the next-speaker router of a team of agents working on a request.',
  'Read the request, the team and the history of the work so far, and decide who acts next.',
  'Answer with JSON only: {"next_action": "call_agent", "agent_id": "<one of the team>"} to give the next turn to an agent, or {"next_action": "terminate"} when the work is done.',
].join('\n');

export type WorkItem =
  | { readonly kind: 'turn'; readonly agent: string }
  | {
      readonly kind: 'message';
      readonly from: string;
      readonly to: string;
      readonly round: number;
      readonly content: string;
    };

/** A run's order of work: its turns as they started, and the board's messages where they came. */
export function workOrder(events: readonly TraceEvent[]): WorkItem[] {
  const items: WorkItem[] = [];
  for (const e of events) {
    if (e.type === 'task.started') items.push({ kind: 'turn', agent: agentOf(e.task) });
    // A turn settled without a model call (0 steps) is not a turn anyone took.
    if (e.type === 'task.finished' && e.usage.steps === 0) {
      const agent = agentOf(e.task);
      for (let at = items.length - 1; at >= 0; at--) {
        const item = items[at] as WorkItem;
        if (item.kind === 'turn' && item.agent === agent) {
          items.splice(at, 1);
          break;
        }
      }
    }
    if (e.type === 'agent.message') {
      items.push({ kind: 'message', from: e.from, to: e.to, round: e.round, content: e.content });
    }
  }
  return items;
}

/** A board message as the history shows it: long ones cut, so one cannot crowd out the rest. */
const maxMessageChars = 600;
const line = (item: WorkItem): string =>
  item.kind === 'turn'
    ? `- ${item.agent}`
    : `- ${item.from} → ${item.to} (round ${item.round}): ${
        item.content.length > maxMessageChars ? `${item.content.slice(0, maxMessageChars)}…` : item.content
      }`;

export interface HistoryOptions {
  readonly strategy: HistoryStrategy;
  /** Turns `last-k` shows. */
  readonly k: number;
  /** Seeds `random-truncation`'s cuts. */
  readonly seed: number;
}

/** The history before a decision, in words, under a strategy; `key` names the decision for the seed. */
export function renderHistory(history: readonly WorkItem[], options: HistoryOptions, key: string): string {
  const turns = history.filter((i) => i.kind === 'turn').length;
  if (history.length === 0) return 'History: nobody has acted yet.';
  if (options.strategy === 'summary') {
    const counts = new Map<string, number>();
    const senders: string[] = [];
    for (const item of history) {
      if (item.kind === 'turn') counts.set(item.agent, (counts.get(item.agent) ?? 0) + 1);
      else if (!senders.includes(item.from)) senders.push(item.from);
    }
    const spoken = [...counts].map(([agent, n]) => `${agent} ×${n}`).join(', ');
    const board = history.length - turns;
    return [
      `History (summary): ${turns} turn${turns === 1 ? '' : 's'} so far: ${spoken || 'none'}.`,
      ...(board > 0
        ? [`${board} message${board === 1 ? '' : 's'} on the board, from ${senders.join(', ')}.`]
        : []),
    ].join('\n');
  }
  let from: number;
  let title: string;
  if (options.strategy === 'last-k') {
    // From the k-th last turn on, with the messages among and after those turns.
    const turnAt = history.flatMap((item, i) => (item.kind === 'turn' ? [i] : []));
    from = turnAt.length > options.k ? (turnAt[turnAt.length - options.k] as number) : 0;
    title =
      from === 0
        ? `History (all ${turns} turn${turns === 1 ? '' : 's'}, oldest first):`
        : `History (the last ${options.k} of ${turns} turns, oldest first):`;
  } else {
    from = keyedRng(options.seed, 'truncate', key).int(0, history.length - 1);
    const hidden = history.slice(0, from).filter((i) => i.kind === 'turn').length;
    title =
      from === 0
        ? 'History (oldest first):'
        : `History (${hidden} earlier turn${hidden === 1 ? '' : 's'} and their messages not shown, then oldest first):`;
  }
  return [title, ...history.slice(from).map(line)].join('\n');
}

const action = (next: string | undefined) =>
  JSON.stringify(
    next === undefined ? { next_action: 'terminate' } : { next_action: 'call_agent', agent_id: next },
  );

/** Every decision of a run as a row: before each turn, and `terminate` after the last. */
export function nextSpeakerExamples(run: DatasetRun, options: HistoryOptions): Example<SftRow>[] {
  const items = workOrder(run.events);
  const team = [...new Set(items.flatMap((i) => (i.kind === 'turn' ? [i.agent] : [])))].sort();
  if (team.length === 0) return [];
  const decisions = [...items.flatMap((item, i) => (item.kind === 'turn' ? [i] : [])), items.length];
  return decisions.map((at, n) => {
    const next = items[at];
    const state = [
      `Request:\n${run.request}`,
      `Team: ${team.join(', ')}`,
      renderHistory(items.slice(0, at), options, `${run.request}\u0000${n}`),
    ].join('\n\n');
    return {
      kind: 'next-speaker',
      request: run.request,
      row: {
        messages: [
          { role: 'system', content: NEXT_SPEAKER_SYSTEM },
          { role: 'user', content: state },
          { role: 'assistant', content: action(next?.kind === 'turn' ? next.agent : undefined) },
        ],
      },
    };
  });
}
