/**
 * Subagent trajectories as SFT rows: what an agent was told when an attempt began
 * (`agent.context`: its system prompt and first message), then each of its turns — the model's
 * text (`llm.turn.content`) and its calls (`tool.call`) as an assistant message with `tool_calls`,
 * each call's result as a `tool` message — up to its final answer. This is the whole transcript as
 * the agent loop kept it; a context strategy (the header's `context`) may have shown the model
 * less of it on later turns.
 *
 * A tool call names its caller but not its attempt: it belongs to its caller's latest turn (a
 * subagent runs one attempt at a time).
 *
 * Only attempts that finished are kept, and of those not:
 * - `empty-turn`: a turn with neither text nor calls (the loop answered it with a nudge the trace
 *   does not hold, so the conversation cannot be rebuilt exactly);
 * - `cut-text`: a turn whose text the trace cut at 8,000 characters (traces written before replies were kept whole):
 *   the model never wrote the marker;
 * - `malformed-call`: a call whose arguments were not a JSON object: teaching it would teach the
 *   mistake.
 *
 * **Tools.** The trace does not hold the tools' definitions (they live with the scenarios, a layer
 * this one may not read). Each row lists the tools it calls with a minimal JSON schema: the
 * argument names seen in its calls and their JSON types, nothing required, and a description that
 * says so. The dataset card says so too.
 */
import type { TraceEvent } from '../trace/events';
import type { Example, FunctionCall, Message, SftRow, ToolSchema } from './rows';
import type { DatasetRun } from './runs';

/** The marker older traces ended a cut text with (agents/turn.ts cut texts at 8,000 characters then). */
const cutMarker = /\n\[… \d+ more characters not recorded\]$/;

type ToolCallEvent = Extract<TraceEvent, { type: 'tool.call' }>;

interface Attempt {
  readonly subagent: string;
  readonly task: string | undefined;
  readonly attempt: number | undefined;
  readonly system: string;
  readonly prompt: string;
  readonly turns: { readonly content: string | undefined; readonly calls: ToolCallEvent[] }[];
  finished: boolean;
}

/** Every attempt that said what it was told, with its turns and calls, in the order they began. */
export function attemptsOf(events: readonly TraceEvent[]): Attempt[] {
  const attempts: Attempt[] = [];
  const open = new Map<string, Attempt>();
  for (const e of events) {
    if (e.type === 'agent.context') {
      const attempt: Attempt = {
        subagent: e.subagent,
        task: e.task,
        attempt: e.attempt,
        system: e.system,
        prompt: e.prompt,
        turns: [],
        finished: false,
      };
      attempts.push(attempt);
      open.set(e.subagent, attempt);
    } else if (e.type === 'llm.turn') {
      open.get(e.subagent)?.turns.push({ content: e.content, calls: [] });
    } else if (e.type === 'tool.call') {
      open.get(e.caller)?.turns.at(-1)?.calls.push(e);
    } else if (e.type === 'task.finished') {
      const done = open.get(e.subagent);
      if (done && done.task === e.task && done.attempt === e.attempt) done.finished = true;
    }
  }
  return attempts;
}

export const trajectoryDrops = ['unfinished', 'empty-turn', 'cut-text', 'malformed-call'] as const;
export type TrajectoryDrop = (typeof trajectoryDrops)[number];

const isObject = (x: unknown): x is Record<string, unknown> =>
  x !== null && typeof x === 'object' && !Array.isArray(x);

/** Why an attempt makes no row, or undefined when it makes one. */
function dropOf(attempt: Attempt): TrajectoryDrop | undefined {
  const last = attempt.turns.at(-1);
  if (!attempt.finished || !last || last.calls.length > 0) return 'unfinished';
  for (const turn of attempt.turns) {
    if (!turn.content && turn.calls.length === 0) return 'empty-turn';
    if (turn.content !== undefined && cutMarker.test(turn.content)) return 'cut-text';
    if (turn.calls.some((c) => !isObject(c.args))) return 'malformed-call';
  }
  return undefined;
}

const jsonType = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : typeof value === 'object'
          ? 'object'
          : typeof value;

/** The tools a row calls, each with the argument names and types its calls used. */
export function toolSchemas(calls: readonly ToolCallEvent[]): ToolSchema[] {
  const seen = new Map<string, Map<string, Set<string>>>();
  for (const call of calls) {
    const props = seen.get(call.tool) ?? new Map<string, Set<string>>();
    for (const [name, value] of Object.entries(call.args as Record<string, unknown>)) {
      props.set(name, (props.get(name) ?? new Set<string>()).add(jsonType(value)));
    }
    seen.set(call.tool, props);
  }
  return [...seen.keys()].sort().map((name) => {
    const props = seen.get(name) as Map<string, Set<string>>;
    const properties: Record<string, unknown> = {};
    for (const prop of [...props.keys()].sort()) {
      const types = [...(props.get(prop) as Set<string>)].sort();
      properties[prop] = { type: types.length === 1 ? types[0] : types };
    }
    return {
      type: 'function',
      function: {
        name,
        description: `The ${name} tool (its definition is not in the trace: the parameters are the arguments its calls used).`,
        parameters: { type: 'object', properties },
      },
    };
  });
}

/** The row of one attempt that makes one. */
function rowOf(attempt: Attempt): SftRow {
  const messages: Message[] = [
    { role: 'system', content: attempt.system },
    { role: 'user', content: attempt.prompt },
  ];
  const calls: ToolCallEvent[] = [];
  for (const turn of attempt.turns) {
    if (turn.calls.length === 0) {
      messages.push({ role: 'assistant', content: turn.content ?? '' });
      continue;
    }
    const toolCalls: FunctionCall[] = turn.calls.map((c) => ({
      id: c.callId,
      type: 'function',
      function: { name: c.tool, arguments: JSON.stringify(c.args) },
    }));
    messages.push({ role: 'assistant', content: turn.content ?? '', tool_calls: toolCalls });
    for (const c of turn.calls) {
      messages.push({ role: 'tool', tool_call_id: c.callId, name: c.tool, content: c.result });
    }
    calls.push(...turn.calls);
  }
  return calls.length > 0 ? { messages, tools: toolSchemas(calls) } : { messages };
}

/** The trajectories of a run's finished attempts, and how many attempts made none, by reason. */
export function trajectoryExamples(run: DatasetRun): {
  examples: Example<SftRow>[];
  dropped: Partial<Record<TrajectoryDrop, number>>;
} {
  const examples: Example<SftRow>[] = [];
  const dropped: Partial<Record<TrajectoryDrop, number>> = {};
  for (const attempt of attemptsOf(run.events)) {
    const drop = dropOf(attempt);
    if (drop !== undefined) dropped[drop] = (dropped[drop] ?? 0) + 1;
    else examples.push({ kind: 'trajectories', request: run.request, row: rowOf(attempt) });
  }
  return { examples, dropped };
}
