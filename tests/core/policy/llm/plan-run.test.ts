/**
 * The llm orchestrator plans its run end to end (issue 41, item 2): on the simulated provider its
 * plan turn chooses the cut, the graph is built with it (replicas that vote, shards), the turn is
 * in the trace and paid for, and the same seed makes the same run. Spare replicas reach it as
 * ready items, and its give_up on one is the vote head's drop.
 */

import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../../../src/adapters/node/node-sandbox';
import { llmPolicy } from '../../../../src/core/policy/llm/llm-policy';
import { PLAN_TOOL } from '../../../../src/core/policy/llm/plan-protocol';
import { latestStatus } from '../../../../src/core/policy/llm/protocol';
import { textOf } from '../../../../src/core/providers/content';
import type { ChatRequest, ChatResponse, Provider } from '../../../../src/core/providers/types';
import { prepareRun } from '../../../../src/core/run/prepare';
import { runScenario } from '../../../../src/core/run/run';
import { simulatedProviderFor } from '../../../../src/core/scenarios/players';
import type { TaskScenarioSpec } from '../../../../src/core/scenarios/registry';
import { scenarioKinds } from '../../../../src/core/scenarios/registry';
import type { TraceEvent } from '../../../../src/core/trace/events';
import { withoutWallClock } from '../../../../src/core/trace/jsonl';
import { loadProfiles, loadSpec } from '../../../support/scenarios';

const profiles = loadProfiles();
const simulated = simulatedProviderFor(profiles);

const orchestrator = (provider: Provider = simulated) =>
  llmPolicy({ provider, profile: 'large', model: 'sim-large', profiles: Object.keys(profiles) });

async function run(spec: TaskScenarioSpec, seed: number, size: number, policy = orchestrator()) {
  const kind = scenarioKinds[spec.kind];
  return runScenario({
    kind,
    spec,
    instance: kind.generate(spec, seed, size),
    policy,
    profiles,
    provider: simulated,
    ports: { sandbox: nodeSandbox },
  });
}

/** A deep search that looks hard on reading it: the simulated orchestrator has its parts vote. */
const hardDeep = { ...loadSpec('deep-search', 'deep-search'), difficulty: [0.55, 0.6] } as TaskScenarioSpec;

const orchestratorCalls = (events: readonly TraceEvent[]) =>
  events.flatMap((e) => (e.type === 'tool.call' && e.caller === 'orchestrator' ? [e] : []));

const isPlanTurn = (request: ChatRequest) =>
  request.tools?.some((t) => t.function.name === PLAN_TOOL) ?? false;

/** The simulated orchestrator, its plan turns answered by `plan` instead. */
function planningWith(plan: (turn: number) => Record<string, unknown> | string): Provider {
  let turn = 0;
  return {
    name: 'simulated',
    async complete(request) {
      if (!isPlanTurn(request)) return simulated.complete(request);
      const args = plan(++turn);
      return {
        id: `plan-${turn}`,
        model: 'm',
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: `call_${turn}_1`,
                  type: 'function',
                  function: {
                    name: PLAN_TOOL,
                    arguments: typeof args === 'string' ? args : JSON.stringify(args),
                  },
                },
              ],
            },
          },
        ],
        usage: { prompt_tokens: 300, completion_tokens: 20, total_tokens: 320 },
      } as ChatResponse;
    },
  };
}

describe('the llm orchestrator plans the run', () => {
  it('votes on a hard deep search: the graph has three replicas per part, and the plan turn is in the trace', async () => {
    const policy = orchestrator();
    const result = await run(hardDeep, 3, 3, policy);
    expect(result.reason).toBe('completed');
    expect(result.header.planMode).toBe('swarm');
    expect(result.header.planCut).toEqual({ replicas: 3 });
    const ids = result.plan.tasks.map((t) => t.id);
    const parts = ids.filter((id) => !id.includes('~'));
    expect(ids.filter((id) => id.endsWith('~2'))).toHaveLength(parts.length);
    expect(ids.filter((id) => id.endsWith('~3'))).toHaveLength(parts.length);
    // The plan turn comes first: its llm.turn and plan_run call, before any subagent is made.
    const calls = orchestratorCalls(result.events);
    expect(calls[0]).toMatchObject({ tool: PLAN_TOOL, ok: true, args: { mode: 'swarm', replicas: 3 } });
    expect(calls.filter((c) => c.tool === PLAN_TOOL)).toHaveLength(1);
    const first = result.events.findIndex((e) => e.type === 'llm.turn' && e.subagent === 'orchestrator');
    const planCall = result.events.findIndex((e) => e.type === 'tool.call' && e.tool === PLAN_TOOL);
    expect(first).toBeGreaterThan(-1);
    expect(planCall).toBe(first + 1);
    expect(result.events[first]?.t).toBe(0);
    // Its tokens are paid as any orchestrator turn's: they are in the run's tokens.
    const turnIn = (e: TraceEvent | undefined) =>
      e?.type === 'llm.turn' ? e['gen_ai.usage.input_tokens'] : 0;
    expect(turnIn(result.events[first])).toBeGreaterThan(0);
    expect(policy.invalidCalls()).toBe(0);
    // The spares were shown as ready items and run: every replica voted.
    expect(result.events.filter((e) => e.type === 'task.finished').length).toBeGreaterThanOrEqual(ids.length);
  });

  it('makes the same trace for the same seed, and the stored run remakes the graph from its header', async () => {
    const a = await run(hardDeep, 5, 3);
    const b = await run(hardDeep, 5, 3);
    expect(withoutWallClock(b.events)).toEqual(withoutWallClock(a.events));
    const remade = prepareRun({
      scenario: { type: 'task', spec: hardDeep },
      seed: a.header.seed,
      ...(a.header.size !== undefined ? { size: a.header.size } : {}),
      plan: { mode: a.header.planMode ?? 'swarm', ...a.header.planCut },
      profiles,
    });
    const started = a.events.find((e) => e.type === 'run.started');
    expect(started?.type === 'run.started' && started.tasks.map((t) => t.id)).toEqual(
      remade.plan.tasks.map((t) => t.id),
    );
  });

  it('keeps the kind’s own plan on an easy task', async () => {
    const result = await run(loadSpec('deep-search', 'deep-search'), 3, 3);
    expect(result.header.planCut).toBeUndefined();
    expect(result.plan.tasks.some((t) => t.id.includes('~'))).toBe(false);
    expect(orchestratorCalls(result.events)[0]).toMatchObject({ tool: PLAN_TOOL, args: { mode: 'swarm' } });
  });

  it('runs one unit solo', async () => {
    const result = await run(loadSpec('rag-qa', 'rag-qa'), 3, 1);
    expect(result.reason).toBe('completed');
    expect(result.header.planMode).toBe('single');
    expect(result.plan.tasks).toHaveLength(1);
  });

  it('cuts wide search into the shards it chose', async () => {
    const spec = loadSpec('wide-search', 'wide-search');
    const own = await run(spec, 2, 12, orchestrator(planningWith(() => ({ mode: 'swarm' }))));
    const cut = await run(spec, 2, 12, orchestrator(planningWith(() => ({ mode: 'swarm', shard: 3 }))));
    expect(cut.reason).toBe('completed');
    expect(cut.header.planCut).toEqual({ shard: 3 });
    // 12 rows: its own 6 a shard make 2 row tasks; 3 a shard, 4.
    const rowTasks = (r: typeof own) => r.plan.tasks.filter((t) => t.deps.length === 0).length;
    expect(rowTasks(own)).toBe(2);
    expect(rowTasks(cut)).toBe(4);
  });

  it('falls back to the kind’s own swarm when every plan call is refused, counting them', async () => {
    const policy = orchestrator(
      planningWith((turn) => (turn === 2 ? '{"mode":' : { mode: 'swarm', shard: 2 })),
    );
    const result = await run(hardDeep, 3, 3, policy);
    expect(result.reason).toBe('completed');
    expect(result.header.planMode).toBe('swarm');
    expect(result.header.planCut).toBeUndefined();
    const refused = orchestratorCalls(result.events).filter((c) => c.tool === PLAN_TOOL);
    expect(refused.map((c) => c.ok)).toEqual([false, false, false]);
    expect(refused[0]?.result).toMatch(/a deep-search task is not cut into shards/);
    expect(refused[1]?.result).toMatch(/not valid JSON/);
    expect(policy.invalidCalls()).toBeGreaterThanOrEqual(3);
    expect(result.metrics.invalidActions).toBe(policy.invalidCalls());
  });
});

describe('spare replicas and the llm orchestrator', () => {
  /** The simulated orchestrator, but every spare replica in the status is given up, not assigned. */
  function dropping(seen: { spares: string[]; words: string[] }): Provider {
    return {
      name: 'simulated',
      async complete(request) {
        const response = await simulated.complete(request);
        const status = isPlanTurn(request) ? undefined : latestStatus(request.messages);
        const spares = status?.spares ?? [];
        if (spares.length === 0) return response;
        seen.spares.push(...spares);
        const last = request.messages.at(-1);
        if (last?.role === 'user') seen.words.push(textOf(last.content));
        const message = response.choices[0]?.message;
        const kept = (message?.tool_calls ?? []).filter((c) => {
          const item = /\[([^\]]+)\]/.exec(c.function.arguments)?.[1];
          return !(c.function.name === 'assign_task' && item && spares.includes(item));
        });
        const drops = spares.map((item, i) => ({
          id: `drop_${i}`,
          type: 'function' as const,
          function: { name: 'give_up', arguments: JSON.stringify({ item }) },
        }));
        return {
          ...response,
          choices: [{ ...response.choices[0], message: { ...message, tool_calls: [...kept, ...drops] } }],
        } as ChatResponse;
      },
    };
  }

  it('shows the spares as ready items and drops those it gives up: the parts go on with one replica', async () => {
    const seen = { spares: [] as string[], words: [] as string[] };
    const policy = orchestrator(dropping(seen));
    const kind = scenarioKinds['deep-search'];
    const result = await runScenario({
      kind,
      spec: hardDeep,
      instance: kind.generate(hardDeep, 3, 3),
      policy,
      profiles,
      provider: simulated,
    });
    expect(result.header.planCut).toEqual({ replicas: 3 });
    expect(seen.spares.length).toBeGreaterThan(0);
    expect(seen.spares.every((id) => /~[23]$/.test(id))).toBe(true);
    expect(seen.words[0]).toMatch(/Spare replicas among the ready .*give_up drops one/);
    const gaveUp = orchestratorCalls(result.events).filter((c) => c.tool === 'give_up');
    expect(gaveUp.length).toBeGreaterThan(0);
    expect(gaveUp.every((c) => c.ok)).toBe(true);
    expect(gaveUp[0]?.result).toMatch(/is dropped; its part goes on with the replicas that run/);
    const skipped = result.events.filter((e) => e.type === 'task.skipped');
    expect(skipped.length).toBe(gaveUp.length);
    for (const e of skipped)
      expect(e.type === 'task.skipped' && e.cause).toBe('a spare replica the orchestrator did not run');
    // No spare ran, and the run still answers every part from the replica that did.
    const started = new Set(result.events.flatMap((e) => (e.type === 'task.started' ? [e.task] : [])));
    expect([...started].some((id) => id.includes('~'))).toBe(false);
    expect(result.reason).toBe('completed');
    expect(result.events.some((e) => e.type === 'run.graded')).toBe(true);
  });
});
