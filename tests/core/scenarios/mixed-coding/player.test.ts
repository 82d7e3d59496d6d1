import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../../../src/adapters/node/node-sandbox';
import { contextHideToolResult } from '../../../../src/core/agents/context/hide-tool-result';
import { contextKeepAll } from '../../../../src/core/agents/context/keep-all';
import { contextSlidingWindow } from '../../../../src/core/agents/context/sliding-window';
import { contextSummary } from '../../../../src/core/agents/context/summary';
import type { ContextStrategy } from '../../../../src/core/agents/context/types';
import { type AgentResult, runAgent, type Subtask } from '../../../../src/core/agents/loop';
import type { Player, PlayerInput } from '../../../../src/core/providers/player';
import { scriptedProvider } from '../../../../src/core/providers/scripted';
import type { ChatRequest } from '../../../../src/core/providers/types';
import { type MixedCodingInstance, mixedCoding } from '../../../../src/core/scenarios/mixed-coding';
import { extractCode } from '../../../../src/core/scenarios/mixed-coding/code';
import { generateMixedCoding } from '../../../../src/core/scenarios/mixed-coding/generate';
import { libraryFunction } from '../../../../src/core/scenarios/mixed-coding/library';
import { CODING_KIND } from '../../../../src/core/scenarios/mixed-coding/plan';
import { MAX_ATTEMPTS } from '../../../../src/core/scenarios/mixed-coding/player';
import type { MixedCodingSpec } from '../../../../src/core/scenarios/mixed-coding/spec';
import { loadPlayers } from '../../../../src/core/scenarios/players';
import type { Plan, PlanMode } from '../../../../src/core/scenarios/types';
import { createRng } from '../../../../src/core/util/rng';

// The player through the real agent loop: a scripted provider whose every turn asks the player,
// with a PlayerInput built from the request as the simulated provider builds it.

const spec: MixedCodingSpec = {
  kind: 'mixed-coding',
  id: 'coding-test',
  size: { default: 6, min: 2, max: 12 },
  dependencyShare: 1,
};
const ports = { sandbox: nodeSandbox };
const player = (await loadPlayers())[CODING_KIND] as Player;

interface Play {
  readonly errorRate: number;
  readonly callsPerTurn?: number;
  readonly strategy?: ContextStrategy;
  readonly seed?: number;
}

function provider(play: Play) {
  const turn = (request: ChatRequest) => {
    const n = Number(request.metadata?.turn);
    const move = player({
      descriptor: (request.metadata?.subtask as Subtask | undefined)?.descriptor,
      messages: request.messages,
      tools: (request.tools ?? []).map((t) => t.function.name),
      errorRate: play.errorRate,
      callsPerTurn: play.callsPerTurn ?? 1,
      rng: createRng((play.seed ?? 0) * 1000 + n),
    });
    return { content: move.content, calls: move.calls.map((c) => ({ name: c.name, arguments: c.args })) };
  };
  return scriptedProvider(Array.from({ length: 80 }, () => turn));
}

function agent(instance: MixedCodingInstance, subtask: Subtask, play: Play): Promise<AgentResult> {
  return runAgent({
    provider: provider(play),
    profile: {
      name: 'medium',
      model: 'sim-medium',
      systemPrompt: 'You write JavaScript.',
      allowed: ['run_js', 'calculator'],
    },
    subtask,
    tools: mixedCoding.tools(instance, ports),
    strategy: play.strategy ?? contextKeepAll(),
    limits: { maxSteps: 80 },
  });
}

/** Runs a plan's tasks in order (they are listed dependencies first), feeding answers forward. */
async function runPlan(instance: MixedCodingInstance, mode: PlanMode, play: Play, skip = new Set<string>()) {
  const plan: Plan = mixedCoding.plan(instance, mode);
  const answers = new Map<string, string>();
  const results = new Map<string, AgentResult>();
  for (const task of plan.tasks) {
    if (skip.has(task.id)) continue;
    const result = await agent(instance, task.subtask(answers), play);
    results.set(task.id, result);
    if (result.answer !== undefined) answers.set(task.id, result.answer);
  }
  return { plan, answers, results, grade: await mixedCoding.grade(instance, plan, answers, ports) };
}

// Seed 1, size 6, share 1: sum → mean → variance → stddev, and gcd → lcm.
const instance = generateMixedCoding(spec, 1, 6);
const names = instance.functions.map((f) => f.name);

describe('the coding player in the agent loop', () => {
  it('single agent, no errors: one step per function and one to answer, graded 1', async () => {
    const { results, grade } = await runPlan(instance, 'single', { errorRate: 0 });
    const result = [...results.values()][0]!;
    expect(result.stop).toBe('answer');
    expect(result.steps).toBe(instance.functions.length + 1);
    expect(result.toolCalls).toBe(instance.functions.length);
    expect(grade).toEqual({ 'pass@1': 1, itemF1: 1, rowF1: 1, success: true });
  });

  it('single agent, always erring: rewrites what fails, gives up after a few tries, does not grade 1', async () => {
    const { results, grade } = await runPlan(instance, 'single', { errorRate: 1 });
    const result = [...results.values()][0]!;
    expect(result.stop).toBe('answer');
    expect(grade['pass@1']).toBeLessThan(1);
    expect(grade.success).toBe(false);
    expect(result.steps).toBeGreaterThan(instance.functions.length + 1);
    // Checks per function: never above the attempt limit.
    const perFunction = new Map<string, number>();
    for (const turn of result.turns) {
      for (const call of turn.calls) {
        const name = /^(\w+)\(/.exec((call.args as { tests: { call: string }[] }).tests[0]!.call)![1]!;
        perFunction.set(name, (perFunction.get(name) ?? 0) + 1);
      }
    }
    expect(Math.max(...perFunction.values())).toBeLessThanOrEqual(MAX_ATTEMPTS);
    const notes = result.transcript.flatMap((m) => (m.role === 'assistant' && m.content ? [m.content] : []));
    expect(notes.join('\n')).toMatch(/: fail #1/);
  });

  it('answers with the very code it checked, slips included', async () => {
    const { results } = await runPlan(instance, 'single', { errorRate: 0.5, seed: 3 });
    const result = [...results.values()][0]!;
    const answer = extractCode(result.answer!);
    const checked = new Map<string, string>();
    for (const turn of result.turns) {
      for (const call of turn.calls) {
        const args = call.args as { code: string; tests: { call: string }[] };
        const name = /^(\w+)\(/.exec(args.tests[0]!.call)![1]!;
        checked.set(name, args.code.slice(args.code.lastIndexOf(`function ${name}(`)));
      }
    }
    expect([...checked.keys()]).toEqual(names);
    for (const code of checked.values()) expect(answer).toContain(code);
    // The seed makes it slip at least once, so the answer is not just the references.
    expect(names.some((n) => checked.get(n) !== libraryFunction(n)!.reference)).toBe(true);
  });

  it('swarm, no errors: two steps per function, dependencies handed on, graded 1', async () => {
    const { results, grade } = await runPlan(instance, 'swarm', { errorRate: 0 });
    for (const result of results.values()) expect(result.steps).toBe(2);
    expect(grade['pass@1']).toBe(1);
    expect(grade.success).toBe(true);
  });

  it('swarm, always erring: does not grade 1', async () => {
    const { grade } = await runPlan(instance, 'swarm', { errorRate: 1 });
    expect(grade['pass@1']).toBeLessThan(1);
  });

  it('swarm with a failed dependency: the dependent tries, gives up, answers, and fails grading', async () => {
    const { results, grade } = await runPlan(instance, 'swarm', { errorRate: 0 }, new Set(['gcd']));
    const lcm = results.get('lcm')!;
    expect(lcm.stop).toBe('answer');
    expect(lcm.steps).toBe(MAX_ATTEMPTS + 1);
    expect(grade['pass@1']).toBeCloseTo(4 / 6);
  });

  it('keeps track of its work when older turns are hidden, summarised or dropped', async () => {
    for (const strategy of [
      contextHideToolResult(),
      contextSummary({ keepTurns: 1 }),
      contextSummary({ keepTurns: 0 }),
      contextSlidingWindow({ turns: 1 }),
    ]) {
      const { results, grade } = await runPlan(instance, 'single', { errorRate: 0, strategy });
      expect([...results.values()][0]!.steps, strategy.name).toBe(instance.functions.length + 1);
      expect(grade['pass@1'], strategy.name).toBe(1);
    }
  });

  it('checks several independent functions in one turn when it may', async () => {
    const loners = generateMixedCoding({ ...spec, dependencyShare: 0 }, 2, 6);
    const { results, grade } = await runPlan(loners, 'single', { errorRate: 0, callsPerTurn: 3 });
    expect([...results.values()][0]!.steps).toBe(3);
    expect(grade['pass@1']).toBe(1);
  });
});

describe('the coding player on its own', () => {
  const input = (over: Partial<PlayerInput>): PlayerInput => ({
    descriptor: { kind: CODING_KIND, functions: ['gcd', 'lcm'], given: '', missing: [] },
    messages: [
      { role: 'system', content: 'You write JavaScript.' },
      { role: 'user', content: 'Write gcd and lcm.' },
    ],
    tools: ['run_js'],
    errorRate: 0.5,
    callsPerTurn: 2,
    rng: createRng(5),
    ...over,
  });

  it('is a function of its input', () => {
    expect(player(input({ rng: createRng(9) }))).toEqual(player(input({ rng: createRng(9) })));
  });

  it('writes a dependency before what builds on it, even with calls to spare', () => {
    const move = player(input({ errorRate: 0 }));
    expect(move.calls).toHaveLength(1);
    expect(move.calls[0]!.args.tests).toEqual(expect.arrayContaining([{ call: 'gcd(12, 18)', expect: 6 }]));
  });

  it('answers without checking when it has no run_js', () => {
    const move = player(input({ tools: [], errorRate: 0 }));
    expect(move.calls).toEqual([]);
    expect(move.content).toContain('function gcd(');
    expect(move.content).toContain('function lcm(');
  });

  it('never throws on odd input', () => {
    for (const descriptor of [
      undefined,
      null,
      42,
      { kind: CODING_KIND },
      { kind: CODING_KIND, functions: ['nope'] },
    ]) {
      const move = player(input({ descriptor }));
      expect(move.calls).toEqual([]);
      expect(move.content).toBeTruthy();
    }
    const odd = input({
      messages: [
        { role: 'user', content: 'task' },
        { role: 'user', content: '- turn 1: run_js({"code": ) → "' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'x', type: 'function', function: { name: 'run_js', arguments: '{bad' } }],
        },
        { role: 'tool', tool_call_id: 'x', content: 'Error: not JSON' },
      ],
      callsPerTurn: Number.NaN,
    });
    expect(() => player(odd)).not.toThrow();
    expect(player(odd).calls).toHaveLength(1);
  });
});
