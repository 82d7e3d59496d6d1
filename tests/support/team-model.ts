/**
 * A scripted model for a run of the user's own request (src/core/run/request-plan.ts): it plays a
 * model orchestrator that creates one subagent per ready work item, named after the item's role,
 * and assigns the item to it; and it plays the subagents, each answering with a line that says
 * who answered which item of which request. The merge's answer names the items it merged, so a
 * test can tell the team's answer from any one part. Used in-process (unit tests) and behind the
 * loopback server (e2e).
 */

import { latestStatus } from '../../src/core/policy/llm/protocol';
import { textOf } from '../../src/core/providers/content';
import type {
  ChatMessage,
  ChatRequest,
  ChatResponse,
  Provider,
  ToolCall,
} from '../../src/core/providers/types';

/** What the scripted subagent answers: a merging part says it is the team's answer. */
export const teamAnswerOf = (
  role: string,
  item: string | undefined,
  inputs: readonly string[],
  merges: boolean,
) =>
  merges
    ? `TEAM ANSWER by ${role}${item ? ` [${item}]` : ''}, merging ${inputs.join(', ')}.`
    : `${role} did ${item ? `[${item}]` : 'its part'}.`;

/** The words request-plan.ts gives a task that merges its teammates' work into the answer. */
const MERGING = /Combine your teammates' work|Merge their work|Write the team's one answer/;

const reply = (content: string | null, calls: ToolCall[] = []): ChatResponse => ({
  id: 'scripted',
  model: 'scripted-team',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content, ...(calls.length > 0 ? { tool_calls: calls } : {}) },
      finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
    },
  ],
  usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
});

const call = (n: number, name: string, args: Record<string, unknown>): ToolCall => ({
  id: `call_${n}`,
  type: 'function',
  function: { name, arguments: JSON.stringify(args) },
});

/** The role each work item is for, read from the orchestrator's first message ("You are the X"). */
function rolesOfItems(messages: readonly ChatMessage[]): Map<string, string> {
  const task = textOf(messages.find((m) => m.role === 'user')?.content ?? '');
  const roles = new Map<string, string>();
  for (const line of task.split('\n')) {
    const item = /^- \[([^\]]+)\]/.exec(line)?.[1];
    const role = /You are (?:the )?([^,.]+?)(?:,| in a team| who leads|\.)/.exec(line)?.[1];
    if (item && role) roles.set(item, role.trim());
  }
  return roles;
}

/** How the script misbehaves: one item's subagent fails every time, and the orchestrator gives up what failed. */
export interface TeamScript {
  readonly failing?: string;
  readonly giveUp?: boolean;
}

function orchestrate(request: ChatRequest, script: TeamScript): ChatResponse {
  const status = latestStatus(request.messages);
  if (!status) return reply('Waiting for the status.');
  const failed = Object.keys(status.retrying ?? {});
  const readyFailed = failed.filter((id) => status.ready.includes(id));
  if (script.giveUp && readyFailed.length > 0)
    return reply(
      null,
      readyFailed.map((item, i) => call(i + 1, 'give_up', { item })),
    );
  const roles = rolesOfItems(request.messages);
  const running = Object.keys(status.running);
  if (status.ready.length === 0 && running.length === 0 && failed.length === 0)
    return reply(null, [call(1, 'finish', { answer: 'Every part is done.' })]);
  const calls: ToolCall[] = [];
  const taken = new Set(status.agents.map((a) => a.name));
  for (const item of status.ready) {
    const role = roles.get(item) ?? 'Helper';
    let name = role;
    for (let k = 2; taken.has(name); k++) name = `${role} ${k}`;
    taken.add(name);
    calls.push(call(calls.length + 1, 'create_subagent', { name, system_prompt: `You are the ${role}.` }));
    calls.push(
      call(calls.length + 1, 'assign_task', {
        agent: name,
        prompt: `[${item}] Your part of the request, as ${role}.`,
      }),
    );
  }
  return calls.length > 0 ? reply(null, calls) : reply('Waiting for the running parts.');
}

function work(request: ChatRequest, script: TeamScript): ChatResponse {
  const prompt = textOf(request.messages.find((m) => m.role === 'user')?.content ?? '');
  if (script.failing !== undefined && prompt.includes(`From the orchestrator: [${script.failing}]`))
    throw new Error('the scripted model failed on purpose');
  const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
  const role = /Your role in the team: ([^.\n]+)\./.exec(system)?.[1] ?? 'Agent';
  const item =
    /From the orchestrator: \[([^\]]+)\]/.exec(prompt)?.[1] ?? /\[([^\]]+)\] Your part/.exec(prompt)?.[1];
  const inputs = [...prompt.matchAll(/^\[([^\]\s]+)\]$/gm)].map((m) => m[1] as string);
  return reply(teamAnswerOf(role, item, inputs, MERGING.test(prompt)));
}

/** The scripted model. `seen` gets every request, in order, for a test to read. */
export function teamModel(seen: ChatRequest[] = [], script: TeamScript = {}): Provider {
  return {
    name: 'openai',
    async complete(request) {
      seen.push(request);
      const orchestrator = (request.tools ?? []).some((t) => t.function.name === 'create_subagent');
      return orchestrator ? orchestrate(request, script) : work(request, script);
    },
  };
}
