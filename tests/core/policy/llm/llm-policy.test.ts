import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../../../src/adapters/node/node-sandbox';
import { llmPolicy } from '../../../../src/core/policy/llm/llm-policy';
import { latestStatus } from '../../../../src/core/policy/llm/protocol';
import { type ScriptStep, scriptedProvider } from '../../../../src/core/providers/scripted';
import type { ChatResponse, Provider } from '../../../../src/core/providers/types';
import { runScenario } from '../../../../src/core/run/run';
import { simulatedProviderFor } from '../../../../src/core/scenarios/players';
import type { TaskScenarioSpec } from '../../../../src/core/scenarios/registry';
import { scenarioKinds } from '../../../../src/core/scenarios/registry';
import type { TraceEvent } from '../../../../src/core/trace/events';
import { withoutWallClock } from '../../../../src/core/trace/jsonl';
import { loadProfiles, loadSpec } from '../../../support/scenarios';

const profiles = loadProfiles();
const simulated = simulatedProviderFor(profiles);

function policy(provider: Provider = simulated, extra: Partial<Parameters<typeof llmPolicy>[0]> = {}) {
  return llmPolicy({
    provider,
    profile: 'large',
    model: 'sim-large',
    profiles: Object.keys(profiles),
    ...extra,
  });
}

async function run(spec: TaskScenarioSpec, seed: number, size: number, orchestrator = policy()) {
  const kind = scenarioKinds[spec.kind];
  return runScenario({
    kind,
    spec,
    instance: kind.generate(spec, seed, size),
    policy: orchestrator,
    profiles,
    provider: simulated,
    ports: { sandbox: nodeSandbox },
  });
}

const orchestratorCalls = (events: readonly TraceEvent[]) =>
  events.filter(
    (e): e is Extract<TraceEvent, { type: 'tool.call' }> =>
      e.type === 'tool.call' && e.caller === 'orchestrator',
  );

describe('the llm orchestrator on the simulated provider', () => {
  it.each([
    ['wide-search', 12],
    ['deep-search', 3],
    ['mixed-coding', 4],
  ] as const)(
    'completes %s with its create_subagent and assign_task calls in the trace',
    async (id, size) => {
      const result = await run(loadSpec(id, id), 5, size);
      expect(result.reason).toBe('completed');
      const calls = orchestratorCalls(result.events);
      const names = new Set(calls.map((c) => c.tool));
      expect(names.has('create_subagent')).toBe(true);
      expect(names.has('assign_task')).toBe(true);
      // Every task was assigned through a model call that named it.
      const assigned = new Set(
        calls
          .filter((c) => c.tool === 'assign_task' && c.ok)
          .map((c) => /\[([^\]]+)\]/.exec((c.args as { prompt: string }).prompt)?.[1]),
      );
      for (const task of result.plan.tasks) expect(assigned.has(task.id)).toBe(true);
      expect(result.header.policy).toBe('llm');
      const turns = result.events.filter((e) => e.type === 'llm.turn' && e.subagent === 'orchestrator');
      expect(turns.length).toBeGreaterThan(0);
      expect(result.metrics.tokensIn).toBeGreaterThan(0);
      const graded = result.events.find((e) => e.type === 'run.graded');
      expect(graded).toBeDefined();
    },
  );

  it('runs the items of one turn concurrently: wide-search takes far fewer critical steps than items', async () => {
    const result = await run(loadSpec('wide-search', 'wide-search'), 5, 12);
    const steps = result.events.filter((e) => e.type === 'orchestrator.step');
    const first = steps.find(
      (e) => e.type === 'orchestrator.step' && e.actions.some((a) => a.type === 'assign'),
    );
    expect(
      first?.type === 'orchestrator.step' && first.actions.filter((a) => a.type === 'assign').length,
    ).toBeGreaterThan(1);
    expect(result.metrics.criticalSteps).toBeLessThan(result.metrics.totalSteps);
  });

  it('gives the same trace for the same seed, and another for another seed', async () => {
    const spec = loadSpec('deep-search', 'deep-search');
    const a = await run(spec, 11, 3);
    const b = await run(spec, 11, 3);
    expect(withoutWallClock(b.events)).toEqual(withoutWallClock(a.events));
    const c = await run(spec, 12, 3);
    expect(withoutWallClock(c.events)).not.toEqual(withoutWallClock(a.events));
  });

  it("briefs the subagent: its role and the orchestrator's instructions reach its first turn", async () => {
    const seen: string[] = [];
    const spy: Provider = {
      name: 'simulated',
      async complete(request) {
        const meta = request.metadata as { subtask?: { id?: string } };
        if (meta.subtask?.id !== 'orchestrator') {
          seen.push(request.messages.map((m) => ('content' in m ? (m.content ?? '') : '')).join('\n'));
        }
        return simulated.complete(request);
      },
    };
    const spec = loadSpec('wide-search', 'wide-search');
    const kind = scenarioKinds[spec.kind];
    await runScenario({
      kind,
      spec,
      instance: kind.generate(spec, 2, 10),
      policy: policy(),
      profiles,
      provider: spy,
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toContain('Your role, as the orchestrator put it: You handle one work item');
    expect(seen[0]).toMatch(/From the orchestrator: \[[^\]]+\] Work on this item/);
  });
});

/** The plan turn's reply that keeps the kind's own swarm plan. */
const PLAN_OWN_SWARM: ScriptStep = { calls: [{ name: 'plan_run', arguments: { mode: 'swarm' } }] };

describe('the llm orchestrator facing a model that breaks the protocol', () => {
  const spec = loadSpec('wide-search', 'wide-search');

  /** Plays the simulated orchestrator, after its plan (the kind's own swarm) and the given bad turns. */
  function afterBadTurns(bad: ScriptStep[]): ScriptStep[] {
    const good = (request: Parameters<Provider['complete']>[0]) => {
      const status = latestStatus(request.messages);
      if (!status) throw new Error('no status in the request');
      const calls: { name: string; arguments: Record<string, unknown> }[] = [];
      const idle = status.agents.filter((a) => a.busy === null).map((a) => a.name);
      let k = status.agents.length;
      for (const item of status.ready) {
        let agent = idle.shift();
        if (!agent) {
          agent = `w${++k}`;
          calls.push({ name: 'create_subagent', arguments: { name: agent, system_prompt: 'Work.' } });
        }
        calls.push({ name: 'assign_task', arguments: { agent, prompt: `[${item}] go` } });
      }
      if (status.ready.length === 0) return { content: 'waiting' };
      return { calls };
    };
    return [PLAN_OWN_SWARM, ...bad, ...Array.from({ length: 60 }, () => good)];
  }

  it('answers each invalid call with what was wrong, counts it, and still completes', async () => {
    const provider = scriptedProvider(
      afterBadTurns([
        {
          calls: [
            { name: 'create_subagent', arguments: '{"name": "a", "system_prompt": ' },
            { name: 'assign_task', arguments: { agent: 'ghost', prompt: '[row-1] go' } },
            { name: 'create_subagent', arguments: { name: 'b' } },
            { name: 'teleport', arguments: {} },
          ],
        },
        { content: 'I will think about it.' },
      ]),
    );
    const orchestrator = policy(provider);
    const result = await run(spec, 3, 10, orchestrator);
    expect(result.reason).toBe('completed');
    expect(orchestrator.invalidCalls()).toBe(5);
    expect(result.metrics.invalidActions).toBe(5);
    const refused = orchestratorCalls(result.events).filter((c) => !c.ok);
    expect(refused.map((c) => c.tool)).toEqual([
      'create_subagent',
      'assign_task',
      'create_subagent',
      'teleport',
      '(none)',
    ]);
    expect(refused[0]?.result).toMatch(/not valid JSON/);
    expect(refused[1]?.result).toMatch(/no subagent named "ghost"/);
    expect(refused[2]?.result).toMatch(/system_prompt/);
    expect(refused[3]?.result).toMatch(/no tool named "teleport"/);
    // The model read the errors: the third decision request carries the tool results of the first.
    const third = provider.requests[3];
    const toolResults = third?.messages.filter((m) => m.role === 'tool').map((m) => m.content) ?? [];
    expect(toolResults.some((c) => c.includes('ghost'))).toBe(true);
  });

  it('refuses an item that is not ready, a busy subagent, and a prompt without an item', async () => {
    const provider = scriptedProvider(
      afterBadTurns([
        (request) => {
          const status = latestStatus(request.messages);
          const first = status?.ready[0] as string;
          return {
            calls: [
              { name: 'create_subagent', arguments: { name: 'a', system_prompt: 'Work.' } },
              { name: 'assign_task', arguments: { agent: 'a', prompt: `[${first}] go` } },
              { name: 'assign_task', arguments: { agent: 'a', prompt: `[${status?.ready[1]}] go` } },
              { name: 'create_subagent', arguments: { name: 'b', system_prompt: 'Work.' } },
              { name: 'assign_task', arguments: { agent: 'b', prompt: `[${first}] again` } },
              { name: 'assign_task', arguments: { agent: 'b', prompt: 'do something' } },
            ],
          };
        },
      ]),
    );
    const orchestrator = policy(provider);
    const result = await run(spec, 3, 10, orchestrator);
    expect(result.reason).toBe('completed');
    const refused = orchestratorCalls(result.events)
      .filter((c) => !c.ok)
      .map((c) => c.result);
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatch(/a is busy/);
    expect(refused[1]).toMatch(/already running/);
    expect(refused[2]).toMatch(/names no work item/);
  });

  it('stops the run with a reason a user can read when the model keeps failing', async () => {
    const provider = scriptedProvider(
      Array.from({ length: 20 }, () => ({ throws: 'HTTP 401: the key was refused' })),
    );
    const result = await run(spec, 3, 10, policy(provider));
    expect(result.reason).toBe('finished');
    const finished = result.events.at(-1);
    expect(finished?.type === 'run.finished' && finished.detail).toMatch(
      /orchestrator model failed: HTTP 401/,
    );
    const turn = result.events.find((e) => e.type === 'llm.turn' && e.subagent === 'orchestrator');
    expect(turn?.type === 'llm.turn' && turn.finishReason).toMatch(/^error: HTTP 401/);
  });

  it('stops at once, in words, when the model makes no valid call and nothing runs', async () => {
    const provider = scriptedProvider(
      Array.from({ length: 20 }, () => ({ content: 'Here is a poem instead.' })),
    );
    const orchestrator = policy(provider);
    const result = await run(spec, 3, 10, orchestrator);
    expect(result.reason).toBe('finished');
    const finished = result.events.at(-1);
    expect(finished?.type === 'run.finished' && finished.detail).toMatch(
      /made no valid call \(3 refused in 1 decision/,
    );
    // Three replies without a plan_run, then three without a decision: all six counted.
    expect(orchestrator.invalidCalls()).toBe(6);
    expect(result.header.planMode).toBe('swarm');
  });

  // Before the orchestrator took the agents' turn, each of these threw out of the run.
  it('ends the run in words when the model answers without a message', async () => {
    const empty: Provider = {
      name: 'empty',
      complete: async () => ({ id: 'x', model: 'm', choices: [] }) as unknown as ChatResponse,
    };
    const result = await run(spec, 3, 10, policy(empty));
    expect(result.reason).toBe('finished');
    const finished = result.events.at(-1);
    expect(finished?.type === 'run.finished' && finished.detail).toBe(
      'the orchestrator model failed: the response has no message',
    );
  });

  it('estimates the usage of a turn the provider reported none for', async () => {
    const unmetered: Provider = {
      name: 'simulated',
      async complete(request) {
        const { usage: _, ...response } = await simulated.complete(request);
        return response as ChatResponse;
      },
    };
    const result = await run(spec, 3, 10, policy(unmetered));
    expect(result.reason).toBe('completed');
    const turns = result.events.filter((e) => e.type === 'llm.turn' && e.subagent === 'orchestrator');
    expect(turns.length).toBeGreaterThan(0);
    for (const turn of turns) {
      expect(turn.type === 'llm.turn' && turn['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
      expect(turn.type === 'llm.turn' && turn['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
    }
  });

  it('takes calls with arguments as an object and without ids, as some servers send them', async () => {
    const loose: Provider = {
      name: 'simulated',
      async complete(request) {
        const response = await simulated.complete(request);
        const message = response.choices[0]?.message;
        const calls = message?.tool_calls?.map((call) => ({
          type: 'function',
          function: { name: call.function.name, arguments: JSON.parse(call.function.arguments) },
        }));
        return {
          ...response,
          choices: [{ ...response.choices[0], message: { ...message, tool_calls: calls } }],
        } as unknown as ChatResponse;
      },
    };
    const result = await run(spec, 3, 10, policy(loose));
    expect(result.reason).toBe('completed');
    const calls = orchestratorCalls(result.events);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.ok)).toBe(true);
    expect(calls.every((c) => /^call_\d+_\d+$/.test(c.callId))).toBe(true);
    expect(new Set(calls.map((c) => c.callId)).size).toBe(calls.length);
  });
});
