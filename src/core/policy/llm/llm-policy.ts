/**
 * The `llm` policy: the orchestrator is a model (docs/architecture.md, the method). Before each decision it reads the
 * status and calls `create_subagent`, `assign_task` and `finish`; several assign_task calls in one
 * turn run concurrently. The work items are the scenario's own decomposition, so the run can be
 * graded like any other; the model chooses how many subagents, which profile, what each is told,
 * and what runs when. An invalid call is answered to the model with what was wrong, recorded as a
 * failed `tool.call`, and counted (`invalidCalls`).
 *
 * A decision costs one orchestrator step whatever the number of model turns in it (the time
 * model counts decisions, docs/architecture.md, time model); a turn whose calls were all refused is followed, within the
 * same decision, by another turn that reads the errors, up to `maxTurnsPerDecision`.
 */

import { checkCall, type ToolRegistry } from '../../agents/tools';
import type { ChatMessage, ChatResponse, Provider, ToolCall } from '../../providers/types';
import type { AttemptRequest } from '../../runtime/ports';
import type { EventBody, TraceEvent } from '../../trace/events';
import { criticalPathPolicy } from '../critical-path';
import type {
  Action,
  Deliberation,
  Policy,
  PolicyContext,
  RunView,
  SubagentBrief,
  TaskBrief,
} from '../types';
import {
  itemOf,
  ORCHESTRATOR,
  ORCHESTRATOR_KIND,
  orchestratorTools,
  type Status,
  statusMessage,
  systemPrompt,
  taskMessage,
} from './protocol';

export interface LlmPolicyOptions {
  readonly provider: Provider;
  /** The orchestrator's own profile (for the simulated provider) and model name. */
  readonly profile: string;
  readonly model: string;
  /** Subagent profiles it may choose from; the run default is used when it names none. */
  readonly profiles: readonly string[];
  /** @default 3 */
  readonly maxTurnsPerDecision?: number;
  /** Decisions that got no usable call in a row before the run is stopped. @default 3 */
  readonly maxFailedDecisions?: number;
  /** Earlier decisions kept in the conversation (status, reply, tool results). @default 4 */
  readonly keepDecisions?: number;
  /** @default 1024 */
  readonly maxOutputTokens?: number;
  /** Characters of each answer shown to the orchestrator. @default 200 */
  readonly answerChars?: number;
  readonly name?: string;
}

export interface LlmPolicy extends Policy {
  readonly deliberation: Deliberation;
  /** Calls refused in the current run (bad JSON, unknown tool or agent, an item not ready…). */
  readonly invalidCalls: () => number;
}

interface Exchange {
  readonly messages: ChatMessage[];
}

export function llmPolicy(options: LlmPolicyOptions): LlmPolicy {
  const maxTurns = options.maxTurnsPerDecision ?? 3;
  const maxFailed = options.maxFailedDecisions ?? 3;
  const keep = options.keepDecisions ?? 4;
  const answerChars = options.answerChars ?? 200;
  const tools: ToolRegistry = orchestratorTools(options.profiles);
  const toolNames = Object.keys(tools);
  const definitions = Object.values(tools).map((t) => t.definition);

  // Per run; `begin` resets it.
  let task: TaskBrief = { query: '', items: [] };
  let items = new Set<string>();
  let idOf = new Map<string, string>(); // agent name → runtime subagent id
  let nameOf = new Map<string, string>();
  let profileOf = new Map<string, string>();
  let system = new Map<string, string>(); // subagent id → its system prompt
  let instructions = new Map<string, string>(); // task id → the latest assign_task prompt
  let running = new Map<string, string>(); // task id → subagent id
  let done: string[] = [];
  let failed: string[] = [];
  let answers = new Map<string, string>();
  let unseen: string[] = [];
  let history: Exchange[] = [];
  let prepared: Action[] = [];
  let turn = 0;
  let decisions = 0;
  let invalid = 0;
  let failedDecisions = 0;

  const deliberation: Deliberation = {
    begin(brief) {
      task = brief;
      items = new Set(brief.items.map((i) => i.id));
      idOf = new Map();
      nameOf = new Map();
      profileOf = new Map();
      system = new Map();
      instructions = new Map();
      running = new Map();
      done = [];
      failed = [];
      answers = new Map();
      unseen = [];
      history = [];
      prepared = [];
      turn = 0;
      decisions = 0;
      invalid = 0;
      failedDecisions = 0;
    },

    observe(event: TraceEvent) {
      switch (event.type) {
        case 'task.started':
          running.set(event.task, event.subagent);
          break;
        case 'task.finished':
          running.delete(event.task);
          done.push(event.task);
          unseen.push(event.task);
          break;
        case 'task.failed':
          running.delete(event.task);
          if (event.final) failed.push(event.task);
          break;
        case 'task.cancelled':
          running.delete(event.task);
          break;
        default:
          break;
      }
    },

    answered(taskId, answer) {
      answers.set(taskId, answer);
    },

    brief(request: AttemptRequest): SubagentBrief | undefined {
      const role = system.get(request.subagent);
      const prompt = instructions.get(request.taskId);
      if (role === undefined && prompt === undefined) return undefined;
      return { ...(role !== undefined ? { system: role } : {}), ...(prompt !== undefined ? { prompt } : {}) };
    },

    async deliberate(view, signal) {
      const events: EventBody[] = [];
      const status = statusOf(view);
      const exchange: Exchange = { messages: [{ role: 'user', content: statusMessage(status) }] };
      history.push(exchange);
      const decision = new Decision(view, status);
      const invalidBefore = invalid;
      const refusedNow = () => invalid - invalidBefore;
      for (let k = 0; k < maxTurns && !decision.settled(); k++) {
        if (signal?.aborted) break;
        const messages: ChatMessage[] = [
          {
            role: 'system',
            content: systemPrompt({
              maxSubagents: view.config.budgets.maxConcurrentSubagents,
              defaultProfile: view.config.defaultProfile,
              profiles: options.profiles,
            }),
          },
          { role: 'user', content: taskMessage(task) },
          ...history.slice(-keep - 1).flatMap((e) => e.messages),
        ];
        turn++;
        let response: ChatResponse;
        try {
          response = await options.provider.complete({
            model: options.model,
            messages,
            tools: definitions,
            tool_choice: 'auto',
            max_tokens: options.maxOutputTokens ?? 1024,
            seed: view.config.seed,
            metadata: {
              profile: options.profile,
              subtask: { id: ORCHESTRATOR, descriptor: { kind: ORCHESTRATOR_KIND } },
              turn,
            },
            ...(signal ? { signal } : {}),
          });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          events.push(turnEvent(`error: ${message}`, 0, 0));
          decision.error = message;
          break;
        }
        const reply = response.choices[0].message;
        events.push(
          turnEvent(
            response.choices[0].finish_reason,
            response.usage.prompt_tokens,
            response.usage.completion_tokens,
          ),
        );
        const calls = reply.tool_calls ?? [];
        exchange.messages.push({
          role: 'assistant',
          content: reply.content,
          ...(calls.length > 0 ? { tool_calls: calls } : {}),
        });
        if (calls.length === 0) {
          if (view.runningCount > 0 && status.ready.length === 0) {
            decision.waiting = true;
          } else {
            invalid++;
            const note =
              'Error: your reply had no tool call, and nothing will happen without one. Assign the ready items with assign_task, or call finish.';
            exchange.messages.push({ role: 'user', content: note });
            events.push(callEvent(`call_${turn}_0`, '(none)', reply.content ?? '', false, note));
          }
          continue;
        }
        for (const call of calls) {
          const result = decision.carryOut(call);
          if (!result.ok) invalid++;
          exchange.messages.push({ role: 'tool', tool_call_id: call.id, content: result.content });
          events.push(callEvent(call.id, call.function.name, result.args, result.ok, result.content));
        }
      }
      if (decision.actions.length > 0 || decision.waiting) failedDecisions = 0;
      else if (!signal?.aborted) {
        failedDecisions++;
        // With nothing running, a decision that starts nothing would stall the run for good: end
        // it now, in words. With work running, the model gets a few more chances.
        if (failedDecisions >= maxFailed || view.runningCount === 0) {
          decision.actions.push({
            type: 'finish',
            reason:
              decision.error !== undefined
                ? `the orchestrator model failed: ${decision.error}`
                : `the orchestrator model made no valid call (${refusedNow()} refused in ${failedDecisions} decision(s) in a row)`,
          });
        }
      }
      prepared = decision.actions;
      // Keep only the last few decisions: the status repeats what older ones said.
      if (history.length > keep + 1) history = history.slice(-keep - 1);
      return events;
    },
  };

  function statusOf(view: RunView): Status {
    const shown: Record<string, string> = {};
    for (const id of unseen) {
      const answer = answers.get(id) ?? '';
      shown[id] = answer.length > answerChars ? `${answer.slice(0, answerChars)}…` : answer;
    }
    unseen = [];
    const busy = new Map<string, string>();
    for (const [t, s] of running) busy.set(s, t);
    return {
      step: ++decisions,
      t: view.t,
      ready: view.topReady(view.readyCount),
      running: Object.fromEntries([...running].map(([t, s]) => [t, nameOf.get(s) ?? s])),
      done: [...done],
      failed: [...failed],
      agents: [...idOf].map(([name, id]) => ({
        name,
        profile: profileOf.get(id) ?? view.config.defaultProfile,
        busy: busy.get(id) ?? null,
      })),
      maxSubagents: view.config.budgets.maxConcurrentSubagents,
      answers: shown,
    };
  }

  /** One decision: the calls of its turns, checked against the run as it stands, become actions. */
  class Decision {
    readonly actions: Action[] = [];
    waiting = false;
    error: string | undefined;
    private finished = false;
    private readonly ready: Set<string>;
    private readonly assigned = new Set<string>();
    private readonly working = new Set<string>();
    private spawned = 0;

    constructor(
      private readonly view: RunView,
      status: Status,
    ) {
      this.ready = new Set(status.ready);
      for (const s of running.values()) this.working.add(s);
    }

    settled(): boolean {
      return this.finished || this.waiting || this.actions.length > 0 || this.error !== undefined;
    }

    carryOut(call: ToolCall): { ok: boolean; content: string; args: unknown } {
      const checked = checkCall(tools, toolNames, call);
      if (!checked.ok) return { ok: false, content: checked.message, args: checked.args };
      const args = checked.args as Record<string, string>;
      const refuse = (message: string) => ({ ok: false, content: `Error: ${message}`, args });
      const view = this.view;
      switch (call.function.name) {
        case 'create_subagent': {
          const name = args.name?.trim() ?? '';
          if (name === '') return refuse('the name is empty.');
          if (idOf.has(name)) return refuse(`there is already a subagent named "${name}".`);
          const max = view.config.budgets.maxConcurrentSubagents;
          if (view.subagentCount + this.spawned >= max) {
            return refuse(`the swarm is full (${max} subagents): give work to an idle one instead.`);
          }
          const profile = args.profile ?? view.config.defaultProfile;
          const id = view.nextSubagentIds(this.spawned + 1)[this.spawned] as string;
          this.spawned++;
          idOf.set(name, id);
          nameOf.set(id, name);
          profileOf.set(id, profile);
          system.set(id, args.system_prompt ?? '');
          this.actions.push({ type: 'spawn', count: 1, profile });
          return { ok: true, content: `Created ${name} (${profile}); it is idle.`, args };
        }
        case 'assign_task': {
          const agent = args.agent?.trim() ?? '';
          const id = idOf.get(agent);
          if (id === undefined) {
            const names = [...idOf.keys()];
            return refuse(
              `there is no subagent named "${agent}"${names.length > 0 ? ` (yours: ${names.join(', ')})` : ''}; create it first with create_subagent.`,
            );
          }
          if (this.working.has(id)) return refuse(`${agent} is busy; give the item to an idle subagent.`);
          const prompt = args.prompt ?? '';
          const item = itemOf(prompt, (id) => items.has(id));
          if (item === undefined) {
            return refuse(
              'the prompt names no work item: start it with the item id in brackets, e.g. "[row-3] …".',
            );
          }
          if (!this.ready.has(item) || this.assigned.has(item)) {
            const why =
              running.has(item) || this.assigned.has(item)
                ? 'is already running'
                : done.includes(item)
                  ? 'is done'
                  : failed.includes(item)
                    ? 'has failed for good'
                    : 'is waiting for the items it depends on';
            return refuse(
              `[${item}] ${why}; ready now: ${[...this.ready].filter((r) => !this.assigned.has(r)).join(', ') || 'none'}.`,
            );
          }
          this.assigned.add(item);
          this.working.add(id);
          instructions.set(item, prompt);
          this.actions.push({ type: 'assign', subagent: id, task: item });
          return { ok: true, content: `${agent} is working on [${item}].`, args };
        }
        case 'finish': {
          this.finished = true;
          this.actions.push({ type: 'finish', answer: args.answer ?? '' });
          return { ok: true, content: 'The run ends.', args };
        }
        default:
          return refuse(`there is no tool named "${call.function.name}".`);
      }
    }
  }

  return {
    name: options.name ?? 'llm',
    prioritize: (ctx: PolicyContext) => criticalPathPolicy.prioritize(ctx),
    decide(): Action[] {
      const actions = prepared;
      prepared = [];
      return actions;
    },
    deliberation,
    invalidCalls: () => invalid,
  };
}

function turnEvent(finishReason: string, input: number, output: number): EventBody {
  return {
    type: 'llm.turn',
    subagent: ORCHESTRATOR,
    finishReason,
    'gen_ai.usage.input_tokens': input,
    'gen_ai.usage.output_tokens': output,
  };
}

function callEvent(callId: string, tool: string, args: unknown, ok: boolean, result: string): EventBody {
  return {
    type: 'tool.call',
    caller: ORCHESTRATOR,
    callId,
    tool,
    args,
    ok,
    result,
    ...(ok ? {} : { refused: true }),
  };
}

/** The orchestrator profile by default: the largest model, as in the report (a stronger main agent). */
export const ORCHESTRATOR_PROFILE = 'large';

/**
 * The `llm` policy over a provider with the frozen profiles: the orchestrator runs as `profile`
 * (default `large`, else the first profile) under that profile's model name for the provider.
 */
export function llmPolicyFor(
  provider: Provider,
  profiles: Readonly<Record<string, { readonly models: Readonly<Record<string, string>> }>>,
  profile?: string,
): LlmPolicy {
  const names = Object.keys(profiles);
  const chosen = profile ?? (names.includes(ORCHESTRATOR_PROFILE) ? ORCHESTRATOR_PROFILE : names[0]);
  if (chosen === undefined || !Object.hasOwn(profiles, chosen)) {
    throw new Error(`no orchestrator profile "${String(chosen)}" (known: ${names.join(', ')})`);
  }
  const model = profiles[chosen]?.models[provider.name] ?? provider.name;
  return llmPolicy({ provider, profile: chosen, model, profiles: names });
}
