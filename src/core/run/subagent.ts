/**
 * The subagent itself: every attempt of a task is one agent loop over the provider. The in-thread
 * pool calls it directly; a Web Worker builds the same one from the run's plain setup
 * (subagent-setup.ts) and calls it on its side of the wire.
 */

import { makeContextStrategy } from '../agents/context/registry';
import { runAgent, type StopReason, type Subtask } from '../agents/loop';
import type { ToolRegistry } from '../agents/tools';
import type { AttemptHooks } from '../healing/hooks';
import type { Provider } from '../providers/types';
import type { AsyncExecutor, AttemptOutcome, AttemptRequest } from '../runtime/ports';
import type { ProfileSpec } from '../scenarios/spec-types';
import type { Plan, ScenarioPorts } from '../scenarios/types';
import { type EventBody, noUsage } from '../trace/events';
import { hashString } from '../util/rng';
import { taskDifficulty } from './instance-world';
import type { PreparedTaskRun } from './prepare';
import type { RoledTask } from './request-plan';

/** Stops a retry cannot change: the same subtask would stop the same way. */
const final: ReadonlySet<StopReason> = new Set(['step-limit', 'invalid-input', 'internal-error']);

/** The subagent of a prepared run, over this provider, with its tools built from these ports. */
/** The frozen system prompt of a subagent that has no tools: the profiles' own name tools. */
export const NO_TOOLS_PROMPT =
  "You are an assistant working on one part of a larger task. You have no tools: work from what you know and from your teammates' work given with the task. When you are done, answer in exactly the format the task asks for, and nothing else.";

export function subagentExecutor(
  run: PreparedTaskRun,
  provider: Provider,
  ports: ScenarioPorts = {},
  wrapTools?: (tools: ToolRegistry) => ToolRegistry,
  hooks?: AttemptHooks,
): AsyncExecutor {
  const { plan, profiles, context, difficulty } = run;
  const tools = wrapTools ? wrapTools(run.tools(ports)) : run.tools(ports);
  const records = run.records(provider.name);
  return {
    async run(request, signal): Promise<AttemptOutcome> {
      const task = plan.tasks[request.task] as Plan['tasks'][number];
      const inputs = new Map<string, string>();
      for (const dep of task.deps) {
        const answer = request.answers?.get(dep);
        if (answer !== undefined) inputs.set(dep, answer);
      }
      const subtask = task.subtask(inputs);
      // Decided already (peers that all agreed): the answer stands without a model call.
      if (subtask.settled !== undefined) {
        return { steps: 0, ok: true, usage: noUsage, answer: subtask.settled, settled: true, events: [] };
      }
      const frozen = profiles[request.profile] as ProfileSpec;
      // An own request offers no tools (prepare.ts): its agents are not told of tools they lack.
      const profile = run.spec.request
        ? { ...frozen, systemPrompt: NO_TOOLS_PROMPT, allowedTools: [] }
        : frozen;
      const events: { after: number; body: EventBody }[] = [];
      let turn = 0;
      // A chaos run's faults and the self-healing loop watch the attempt from inside (healing/).
      const stopper = new AbortController();
      let stopped: string | undefined;
      const forward = () => stopper.abort(signal?.reason);
      signal?.addEventListener('abort', forward, { once: true });
      if (signal?.aborted) forward();
      const session = hooks?.begin(request, provider, (reason) => {
        stopped ??= reason;
        stopper.abort(new Error(reason));
      });
      const told = progressTeller(request);
      const record = (body: EventBody) => {
        told?.(body);
        events.push({ after: Math.max(1, turn), body });
        if (!session) return;
        session.event(body);
        for (const extra of session.drain()) events.push({ after: Math.max(1, turn), body: extra });
      };
      const result = await runAgent({
        provider: session?.provider ?? provider,
        profile: {
          name: request.profile,
          model: records[request.profile]?.model ?? provider.name,
          systemPrompt: withRole(
            request.brief?.system
              ? `${profile.systemPrompt}\n\nYour role, as the orchestrator put it: ${request.brief.system}`
              : profile.systemPrompt,
            request.brief?.role ?? (task as Partial<RoledTask>).role,
          ),
          allowed: [...profile.allowedTools, ...(run.kind.ownTools ?? [])],
          maxOutputTokens: profile.maxOutputTokens,
        },
        subtask: {
          ...briefed(subtask, request.brief?.prompt, request.brief?.board),
          // The simulated world's difficulty of this part (real models never read it).
          ...(difficulty > 0
            ? { difficulty: taskDifficulty(run.spec, run.seed, task.id, plan.mode === 'single') }
            : {}),
        },
        tools,
        strategy: makeContextStrategy(context),
        limits: { maxSteps: request.maxSteps },
        signal: stopper.signal,
        onEvent: (body) => {
          if (body.type === 'llm.turn') turn++;
          record(body);
        },
        subagent: request.subagent,
        attempt: request.attempt,
        // Each attempt draws afresh; the same attempt of the same run draws the same. A chaos
        // run's replacement for a faulty agent takes that agent's draws (healing/chaos.ts).
        seed: hashString(`attempt ${session?.draws ?? request.attempt}`, request.seed),
      });
      signal?.removeEventListener('abort', forward);
      session?.end();
      for (const extra of session?.drain() ?? []) events.push({ after: Math.max(1, turn), body: extra });
      if (stopped !== undefined && !signal?.aborted) {
        // Quarantined: the agent is stopped and its task goes back to be retried by a fresh one.
        return { steps: Math.max(1, result.steps), ok: false, error: stopped, usage: result.usage, events };
      }
      return {
        steps: result.steps,
        ok: result.ok,
        ...(result.error !== undefined ? { error: `${result.stop}: ${result.error}` } : {}),
        ...(final.has(result.stop) || result.final ? { retryable: false } : {}),
        usage: result.usage,
        ...(result.answer !== undefined ? { answer: result.answer } : {}),
        events,
      };
    },
  };
}

/** Words of a turn's text a live view shows: enough to see what the agent is doing. */
const SHOWN_WORDS = 80;

/**
 * Tells the request's `progress` of each turn and tool call as the attempt records it, summed
 * over the attempt; nothing when no one listens.
 */
function progressTeller(request: AttemptRequest): ((body: EventBody) => void) | undefined {
  const { progress } = request;
  if (!progress) return undefined;
  let turns = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  let toolCalls = 0;
  let words: string | undefined;
  return (body) => {
    if (body.type === 'llm.turn') {
      turns++;
      inputTokens += body['gen_ai.usage.input_tokens'] ?? 0;
      outputTokens += body['gen_ai.usage.output_tokens'] ?? 0;
      const text = body.content?.trim();
      if (text) words = text.length > SHOWN_WORDS ? `${text.slice(0, SHOWN_WORDS - 1)}…` : text;
    } else if (body.type === 'tool.call') toolCalls++;
    else return;
    progress({
      taskId: request.taskId,
      attempt: request.attempt,
      subagent: request.subagent,
      profile: request.profile,
      turns,
      inputTokens,
      outputTokens,
      toolCalls,
      ...(words !== undefined ? { words } : {}),
    });
  };
}

const withRole = (system: string, role: string | undefined) =>
  role ? `${system}\n\nYour role in the team: ${role}.` : system;

/**
 * The subtask with the orchestrator's instructions, or the messages other peers sent, after it
 * (the subtask itself stays as written).
 */
function briefed(subtask: Subtask, note: string | undefined, board: string | undefined): Subtask {
  let prompt = subtask.prompt;
  if (note) prompt += `\n\nFrom the orchestrator: ${note}`;
  if (board) prompt += `\n\nMessages for you on the board:\n${board}`;
  return prompt === subtask.prompt ? subtask : { ...subtask, prompt };
}
