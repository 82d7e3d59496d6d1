/**
 * Tool-calling habits of real models, played by a fake orchestrator written from how such models
 * behave, not from our prompts: it reads the status it is shown (which items are ready, which of
 * its subagents are idle) and the results of its own calls since then, as a capable model does.
 * Two habits the OpenAI function-calling guide and K2.5's own orchestrator show: subagents created
 * in one turn and given work in the next, and exactly one tool call per turn
 * (`parallel_tool_calls: false`, or a model that never makes two). Each must run to done.
 */

import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../../../src/adapters/node/node-sandbox';
import { llmPolicy } from '../../../../src/core/policy/llm/llm-policy';
import { textOf } from '../../../../src/core/providers/content';
import type { ChatMessage, ChatRequest, ChatResponse, Provider } from '../../../../src/core/providers/types';
import { runScenario } from '../../../../src/core/run/run';
import { simulatedProviderFor } from '../../../../src/core/scenarios/players';
import { scenarioKinds } from '../../../../src/core/scenarios/registry';
import { loadProfiles, loadSpec } from '../../../support/scenarios';

const profiles = loadProfiles();
const simulated = simulatedProviderFor(profiles);

type Call = { readonly name: string; readonly args: Record<string, string> };

/** What the model sees: the ready items and idle subagents of the last status, less what it did since. */
function read(messages: readonly ChatMessage[]) {
  let at = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as ChatMessage;
    if (m.role === 'user' && /^Ready:/m.test(textOf(m.content))) {
      at = i;
      break;
    }
  }
  const status = at >= 0 ? (messages[at] as { content: string }).content : '';
  const list = (label: string) =>
    (new RegExp(`^${label}: ([^.;\\n]*)`, 'm').exec(status)?.[1] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '' && s !== 'none');
  const ready = new Set(list('Ready'));
  const idle = new Set(list('Idle subagents'));
  // Its own calls since the status, and whether each came back without an error.
  for (const m of messages.slice(at + 1)) {
    if (m.role !== 'assistant') continue;
    for (const call of m.tool_calls ?? []) {
      const result = messages.find((r) => r.role === 'tool' && r.tool_call_id === call.id);
      if (!result || textOf(result.content ?? '').startsWith('Error')) continue;
      const args = JSON.parse(call.function.arguments) as Record<string, string>;
      if (call.function.name === 'create_subagent') idle.add(args.name as string);
      if (call.function.name === 'assign_task') {
        idle.delete(args.agent as string);
        ready.delete(/\[([^\]]+)\]/.exec(args.prompt as string)?.[1] ?? '');
      }
    }
  }
  return { ready: [...ready], idle: [...idle] };
}

/** How a model's server puts a reply on the wire. */
type Render = (request: ChatRequest, calls: readonly Call[], turn: number) => ChatResponse;

function reply(request: ChatRequest, calls: readonly Call[], turn: number): ChatResponse {
  return {
    id: `r${turn}`,
    model: request.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: calls.length === 0 ? 'Waiting for the running work.' : null,
          ...(calls.length > 0
            ? {
                tool_calls: calls.map((c, i) => ({
                  id: `t${turn}_${i}`,
                  type: 'function' as const,
                  function: { name: c.name, arguments: JSON.stringify(c.args) },
                })),
              }
            : {}),
        },
        finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  };
}

/** A model with a habit; subagents' own turns go to the simulator. */
function habitModel(
  plan: (seen: ReturnType<typeof read>, created: number) => Call[],
  render: Render = reply,
): Provider {
  let turn = 0;
  let created = 0;
  return {
    name: 'simulated',
    async complete(request) {
      const offered = new Set((request.tools ?? []).map((t) => t.function.name));
      if (!offered.has('create_subagent')) return simulated.complete(request);
      if (offered.has('plan_run')) return reply(request, [], ++turn); // no plan: the kind's own swarm
      const calls = plan(read(request.messages), created);
      created += calls.filter((c) => c.name === 'create_subagent').length;
      return render(request, calls, ++turn);
    },
  };
}

/**
 * Qwen3 or DeepSeek-R1 behind a server with no reasoning or tool-call parser (vLLM without
 * `--reasoning-parser`/`--tool-call-parser`, a bare llama.cpp): the thinking comes as `<think>`
 * text and each call as a Hermes `<tool_call>` block in the content, with no `tool_calls`.
 */
const textual: Render = (request, calls, turn) => {
  const text = [
    '<think>The status lists what is ready; I should hand it out.</think>',
    ...calls.map((c) => `<tool_call>\n${JSON.stringify({ name: c.name, arguments: c.args })}\n</tool_call>`),
  ].join('\n');
  const base = reply(request, [], turn);
  return { ...base, choices: [{ ...base.choices[0], message: { role: 'assistant', content: text } }] };
};

/** DeepSeek's API and vLLM with a reasoning parser: the thinking in `reasoning_content` beside the calls. */
const sideReasoning: Render = (request, calls, turn) => {
  const base = reply(request, calls, turn);
  const message = { ...base.choices[0].message, content: null, reasoning_content: 'Let me plan the split.' };
  return { ...base, choices: [{ ...base.choices[0], message }] };
};

/**
 * A reply cut off by its max_tokens: the first time the model calls several tools at once its
 * reply stops mid-arguments (finish_reason "length"); it then calls fewer at a time.
 */
function cutOff(): Render {
  let cut = false;
  return (request, calls, turn) => {
    if (cut || calls.length < 2) return reply(request, calls.slice(0, 1), turn);
    cut = true;
    const base = reply(request, calls, turn);
    const first = base.choices[0].message.tool_calls?.[0];
    const truncated = first && {
      ...first,
      function: { ...first.function, arguments: first.function.arguments.slice(0, 20) },
    };
    const message = { role: 'assistant' as const, content: null, tool_calls: truncated ? [truncated] : [] };
    return { ...base, choices: [{ index: 0, message, finish_reason: 'length' }] };
  };
}

const createThenAssign = habitModel(({ ready, idle }, created) => {
  if (idle.length === 0 && ready.length > 0)
    return ready.slice(0, 4).map((_, i) => ({
      name: 'create_subagent',
      args: { name: `worker-${created + i + 1}`, system_prompt: 'Research one item carefully.' },
    }));
  return ready.slice(0, idle.length).map((item, i) => ({
    name: 'assign_task',
    args: { agent: idle[i] as string, prompt: `[${item}] Do it.` },
  }));
});

const planCreateThenAssign: Parameters<typeof habitModel>[0] = ({ ready, idle }, created) =>
  idle.length === 0 && ready.length > 0
    ? ready.slice(0, 4).map((_, i) => ({
        name: 'create_subagent',
        args: { name: `worker-${created + i + 1}`, system_prompt: 'Research one item carefully.' },
      }))
    : ready.slice(0, idle.length).map((item, i) => ({
        name: 'assign_task',
        args: { agent: idle[i] as string, prompt: `[${item}] Do it.` },
      }));

const oneCallPerTurn = habitModel(({ ready, idle }, created) => {
  const item = ready[0];
  if (item === undefined) return [];
  if (idle[0] !== undefined)
    return [{ name: 'assign_task', args: { agent: idle[0], prompt: `[${item}] Do it.` } }];
  return [{ name: 'create_subagent', args: { name: `w${created + 1}`, system_prompt: 'Do one item.' } }];
});

async function run(provider: Provider) {
  const spec = loadSpec('wide-search', 'wide-search');
  const kind = scenarioKinds[spec.kind];
  return runScenario({
    kind,
    spec,
    instance: kind.generate(spec, 4, 10),
    policy: llmPolicy({ provider, profile: 'large', model: 'm', profiles: Object.keys(profiles) }),
    profiles,
    provider,
    ports: { sandbox: nodeSandbox },
  });
}

describe('the llm orchestrator holds real models’ tool-calling habits', () => {
  it.each([
    ['creates subagents in one turn and assigns them in the next', createThenAssign],
    ['makes one tool call per turn', oneCallPerTurn],
    [
      'writes <think> reasoning and <tool_call> blocks in its text',
      habitModel(planCreateThenAssign, textual),
    ],
    ['sends its reasoning in reasoning_content', habitModel(planCreateThenAssign, sideReasoning)],
    ['is cut off by its length limit mid-call', habitModel(planCreateThenAssign, cutOff())],
  ])('runs to done with a model that %s', async (_habit, provider) => {
    const result = await run(provider);
    expect(result.reason).toBe('completed');
    const assigned = result.events.filter(
      (e) => e.type === 'tool.call' && e.caller === 'orchestrator' && e.tool === 'assign_task' && e.ok,
    );
    expect(assigned.length).toBe(result.plan.tasks.length);
    // Reasoning and text-written calls are taken out of what the trace keeps as the model's text.
    for (const e of result.events)
      if (e.type === 'llm.turn') expect(e.content ?? '').not.toMatch(/<think>|<tool_call>/);
  });

  it('tells a model cut off by its length limit why its call did not parse', async () => {
    const result = await run(habitModel(planCreateThenAssign, cutOff()));
    const refused = result.events.filter(
      (e) => e.type === 'tool.call' && e.caller === 'orchestrator' && !e.ok,
    );
    expect(refused.map((e) => (e.type === 'tool.call' ? e.result : ''))).toEqual([
      expect.stringMatching(/not valid JSON.*cut off at its length limit/),
    ]);
  });
});
