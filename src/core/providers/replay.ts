/**
 * A provider that answers from a run's trace instead of a model: each agent's replies, in the
 * order it got them, rebuilt from the trace's `llm.turn` events (the text, kept whole, the finish
 * reason and the token counts) and the `tool.call` events that follow each (the calls as the
 * model made them: ids, names, arguments). A turn the model failed to answer fails again, in its
 * own words. The runtime's driver is deterministic in step-time (runtime/simulate.ts), so the
 * same replies make the same run: `swarm replay` makes a real model's run again without it, and
 * `replay --check` tells when today's code decides otherwise from the same replies.
 *
 * Replies are kept per agent and attempt (`task#attempt`; the orchestrator's under its own name,
 * its plan turn first), since attempts run at once and their requests arrive in any order.
 */

import type { TraceEvent } from '../trace/events';
import type { ChatRequest, ChatResponse, FinishReason, Provider, ToolCall } from './types';

interface Recorded {
  readonly content: string | null;
  readonly finishReason: string;
  readonly usage: { readonly prompt: number; readonly completion: number };
  readonly calls: ToolCall[];
  /** Why the model could not answer, when it could not. */
  readonly error?: string;
}

export interface ReplayProvider extends Provider {
  /** Replies not asked for yet, by agent and attempt: a run that asked fewer than were made. */
  readonly left: () => number;
  /** Requests that found no recorded reply (the run went where the recorded one did not). */
  readonly missed: () => readonly string[];
}

/** The key of an agent's replies: `task#attempt` for a subagent's attempt, else the agent's name. */
export const replyKey = (agent: string, task?: string, attempt?: number): string =>
  task !== undefined ? `${task}#${attempt ?? 1}` : agent;

const FINISH: readonly string[] = ['stop', 'length', 'tool_calls', 'content_filter', 'abort'];

/** Each agent's replies, in the order the trace recorded them. */
export function recordedReplies(events: readonly TraceEvent[]): Map<string, Recorded[]> {
  const replies = new Map<string, Recorded[]>();
  // The reply a caller's tool calls belong to: its latest turn (a turn's calls follow it).
  const open = new Map<string, Recorded>();
  // Why each failed attempt failed: a subagent's failed turn says it only in its task.failed.
  const failures = new Map<string, string>();
  for (const e of events) {
    if (e.type === 'task.failed') failures.set(`${e.task}#${e.attempt}`, e.error);
  }
  for (const e of events) {
    if (e.type === 'llm.turn') {
      const key = replyKey(e.subagent, e.task, e.attempt);
      const failed = e.finishReason === 'error' || e.finishReason.startsWith('error: ');
      const reason = e.finishReason.startsWith('error: ')
        ? e.finishReason.slice('error: '.length)
        : (/failed on turn \d+: ([\s\S]*)$/.exec(failures.get(key) ?? '')?.[1] ?? 'the model did not answer');
      const reply: Recorded = {
        content: e.content ?? null,
        finishReason: e.finishReason,
        usage: { prompt: e['gen_ai.usage.input_tokens'], completion: e['gen_ai.usage.output_tokens'] },
        calls: [],
        ...(failed ? { error: reason } : {}),
      };
      const list = replies.get(key) ?? [];
      list.push(reply);
      replies.set(key, list);
      open.set(e.subagent, reply);
    } else if (e.type === 'tool.call') {
      const reply = open.get(e.caller);
      // `(none)` is how a reply without the call that was due is recorded: no call was made.
      if (!reply || e.tool === '(none)') continue;
      reply.calls.push({
        id: e.callId,
        type: 'function',
        function: { name: e.tool, arguments: typeof e.args === 'string' ? e.args : JSON.stringify(e.args) },
      });
    } else if (e.type === 'task.finished' || e.type === 'task.failed') {
      open.delete(e.subagent);
    }
  }
  return replies;
}

/** The recorded replies as a provider named `name` (the trace header's provider). */
export function replayProvider(name: string, events: readonly TraceEvent[]): ReplayProvider {
  const replies = recordedReplies(events);
  const missed: string[] = [];
  return {
    name,
    left: () => [...replies.values()].reduce((n, list) => n + list.length, 0),
    missed: () => missed,
    async complete(request: ChatRequest): Promise<ChatResponse> {
      const key = keyOf(request);
      const reply = replies.get(key)?.shift();
      if (!reply) {
        missed.push(key);
        throw new Error(
          `the trace has no further reply for ${key}: the run went where the recorded one did not`,
        );
      }
      if (reply.error !== undefined) throw new Error(reply.error);
      const finish = FINISH.includes(reply.finishReason) ? (reply.finishReason as FinishReason) : 'stop';
      return {
        id: `replay-${key}`,
        model: request.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: reply.content,
              ...(reply.calls.length > 0 ? { tool_calls: reply.calls } : {}),
            },
            finish_reason: finish,
          },
        ],
        usage: {
          prompt_tokens: reply.usage.prompt,
          completion_tokens: reply.usage.completion,
          total_tokens: reply.usage.prompt + reply.usage.completion,
        },
      };
    },
  };
}

/** Whose reply a request asks for, from what the agents put in its metadata (agents/loop.ts). */
function keyOf(request: ChatRequest): string {
  const meta = (request.metadata ?? {}) as { subtask?: { id?: unknown }; attempt?: unknown; agent?: unknown };
  const id = typeof meta.subtask?.id === 'string' ? meta.subtask.id : '';
  if (typeof meta.attempt === 'number') return replyKey('', id, meta.attempt);
  return id;
}

/**
 * A fork's provider (run/fork.ts): the recorded replies for the orchestrator and for the attempts
 * launched before the fork (`replayed`, by `task#attempt`), `live` (a model, or the simulator) for
 * every attempt after it.
 */
export function replayThen(recorded: Provider, live: Provider, replayed: ReadonlySet<string>): Provider {
  return {
    name: live.name,
    complete(request) {
      const key = keyOf(request);
      return key === '' || !key.includes('#') || replayed.has(key)
        ? recorded.complete(request)
        : live.complete(request);
    },
  };
}
