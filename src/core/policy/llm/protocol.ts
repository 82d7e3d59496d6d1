/**
 * What a model orchestrator reads and may call (docs/architecture.md, the method; Kimi K2.5, appendix E.8): the tools
 * `create_subagent(name, system_prompt)`, `assign_task(agent, prompt)`, `give_up(item)` and `finish(answer)`, the
 * system prompt that explains them, and the status it is shown before each decision — in words
 * for a model, with the same facts as a JSON block that the simulated orchestrator reads.
 */

import type { Tool, ToolRegistry } from '../../agents/tools';
import { textOf } from '../../providers/content';
import type { ChatMessage } from '../../providers/types';
import type { TaskBrief } from '../types';

/** Who the orchestrator is in the trace: `llm.turn` events without a task, `tool.call` callers. */
export const ORCHESTRATOR = 'orchestrator';

/** The descriptor kind the simulated provider plays the orchestrator by. */
export const ORCHESTRATOR_KIND = 'orchestrator';

export const definitionOnly = (
  name: string,
  description: string,
  parameters: Record<string, unknown>,
): Tool => ({
  definition: { type: 'function', function: { name, description, parameters } },
  // The policy carries the calls out itself; the registry is for the definitions and the checks.
  run: async () => ({ ok: false, content: 'not run' }),
});

/** The orchestrator's tools. `profiles` are the frozen subagent profiles it may pick from. */
export function orchestratorTools(profiles: readonly string[]): ToolRegistry {
  return {
    create_subagent: definitionOnly(
      'create_subagent',
      'Create a subagent that you can then give work items with assign_task. Subagents are frozen models: they keep no memory between work items.',
      {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'A short unique name, used to address it in assign_task.' },
          system_prompt: {
            type: 'string',
            description: 'Its role and how it should work, in a few sentences.',
          },
          profile: {
            type: 'string',
            enum: [...profiles],
            description: 'Which frozen model runs it (optional; the run default when absent).',
          },
        },
        required: ['name', 'system_prompt'],
      },
    ),
    assign_task: definitionOnly(
      'assign_task',
      'Give an idle subagent one ready work item. Start the prompt with the item id in brackets, e.g. "[row-3] …". Several assign_task calls in one turn run at the same time.',
      {
        type: 'object',
        properties: {
          agent: { type: 'string', description: 'The name given in create_subagent.' },
          prompt: {
            type: 'string',
            description: 'The instructions, starting with the work item id in brackets.',
          },
        },
        required: ['agent', 'prompt'],
      },
    ),
    give_up: definitionOnly(
      'give_up',
      'Give up a work item that failed and is ready to be tried again: it and the items that depend on it are skipped, and the run goes on without them. Or drop a spare replica not run yet: its part goes on with the replicas that run.',
      {
        type: 'object',
        properties: {
          item: { type: 'string', description: 'The id of the failed item, e.g. "row-3".' },
        },
        required: ['item'],
      },
    ),
    finish: definitionOnly(
      'finish',
      'End the run, when every work item is done or nothing more can be done.',
      {
        type: 'object',
        properties: { answer: { type: 'string', description: 'A one-paragraph summary of the outcome.' } },
        required: ['answer'],
      },
    ),
  };
}

export interface PromptFacts {
  readonly maxSubagents: number;
  readonly defaultProfile: string;
  readonly profiles: readonly string[];
}

export function systemPrompt(facts: PromptFacts): string {
  return [
    'You are the orchestrator of a swarm of subagents. You do not do the work yourself: you split it among subagents and run as much of it at the same time as you can.',
    `Tools: create_subagent(name, system_prompt) makes a subagent (profile "${facts.defaultProfile}" unless you pass one of: ${facts.profiles.join(', ')}); assign_task(agent, prompt) gives an idle subagent one ready work item, named in brackets at the start of the prompt, e.g. "[row-3] Find …"; finish(answer) ends the run.`,
    `At most ${facts.maxSubagents} subagents exist at once. A subagent works on one item at a time and is idle again when it answers; reuse idle subagents before creating new ones.`,
    'Before each decision you get the status: items ready, running, done and failed, and your subagents. Call several tools in one turn: every ready item given to an idle subagent in the same turn runs in parallel.',
    'An item whose attempt failed comes back as ready, with the profile it failed on: assign it again (retry), assign it to a subagent of a larger profile (escalate), or give_up(item) to go on without it and the items that depend on it.',
    'If there is nothing to assign while subagents are working, reply with a short note and no tool call: you will be woken when something changes. Call finish when nothing is ready, running or waiting for a retry.',
  ].join('\n');
}

/** The first user message: the task as the user stated it and its work items. */
export function taskMessage(brief: TaskBrief): string {
  const items = brief.items.map((item) => {
    const after = item.deps.length > 0 ? ` (after ${item.deps.join(', ')})` : '';
    return `- [${item.id}]${after} ${item.prompt.replace(/\s+/g, ' ')}`;
  });
  return [`Task: ${brief.query.replace(/\s+/g, ' ')}`, '', 'Work items:', ...items].join('\n');
}

/** The orchestrator's view of the run before a decision. */
export interface Status {
  /** Orchestrator decision number (from 1) and step-time. */
  readonly step: number;
  readonly t: number;
  /** Ready items, the most critical first. */
  readonly ready: readonly string[];
  /** Running items and who runs them. */
  readonly running: Readonly<Record<string, string>>;
  readonly done: readonly string[];
  readonly failed: readonly string[];
  /** Items whose last attempt failed and that will be ready again (or are), with the profile they failed on. */
  readonly retrying?: Readonly<Record<string, string>>;
  /** Ready items that are spare replicas of a voting part: each run adds a vote; give_up drops one. */
  readonly spares?: readonly string[];
  readonly agents: readonly {
    readonly name: string;
    readonly profile: string;
    readonly busy: string | null;
  }[];
  readonly maxSubagents: number;
  /** Items that finished since the last status, with their answers (cut short). */
  readonly answers: Readonly<Record<string, string>>;
}

const JSON_FENCE = /```json\n([\s\S]*?)\n```/;

export function statusMessage(status: Status): string {
  const idle = status.agents.filter((a) => a.busy === null).map((a) => a.name);
  const lines = [
    `Status at decision ${status.step} (step-time ${status.t}): ${status.done.length} done, ${status.ready.length} ready, ${Object.keys(status.running).length} running, ${status.failed.length} failed.`,
  ];
  const answers = Object.entries(status.answers);
  if (answers.length > 0) {
    lines.push('New answers:');
    for (const [id, answer] of answers) lines.push(`- [${id}] ${answer.replace(/\s+/g, ' ')}`);
  }
  lines.push(`Ready: ${status.ready.join(', ') || 'none'}.`);
  const retrying = Object.entries(status.retrying ?? {});
  if (retrying.length > 0)
    lines.push(
      `Failed, to retry, escalate or give_up once ready: ${retrying
        .map(
          ([id, profile]) =>
            `${id} (failed on ${profile || 'the default profile'}; ${status.ready.includes(id) ? 'ready' : 'waiting for its retry'})`,
        )
        .join(', ')}.`,
    );
  if (status.spares && status.spares.length > 0)
    lines.push(
      `Spare replicas among the ready (each one run adds a vote to its part; give_up drops one): ${status.spares.join(', ')}.`,
    );
  lines.push(
    `Idle subagents: ${idle.join(', ') || 'none'}; ${status.agents.length} of at most ${status.maxSubagents} created.`,
  );
  lines.push('```json', JSON.stringify({ ...status, answers: Object.keys(status.answers) }), '```');
  return lines.join('\n');
}

/** The latest status in a conversation (the simulated orchestrator reads it); undefined if none parses. */
export function latestStatus(messages: readonly ChatMessage[]): Status | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as ChatMessage;
    if (m.role !== 'user') continue;
    const match = JSON_FENCE.exec(textOf(m.content));
    if (!match) continue;
    try {
      return JSON.parse(match[1] as string) as Status;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The work item an assign_task prompt names: the first `[id]` that is a known item. */
export function itemOf(prompt: string, known: (id: string) => boolean): string | undefined {
  for (const match of prompt.matchAll(/\[([^\]\s]+)\]/g)) {
    if (known(match[1] as string)) return match[1];
  }
  return undefined;
}
