import { describe, expect, it } from 'vitest';
import { contextHideToolResult } from '../../../../src/core/agents/context/hide-tool-result';
import { contextKeepAll } from '../../../../src/core/agents/context/keep-all';
import { contextSlidingWindow } from '../../../../src/core/agents/context/sliding-window';
import { contextSummary } from '../../../../src/core/agents/context/summary';
import type { ContextStrategy } from '../../../../src/core/agents/context/types';
import { type AgentProfile, runAgent, type Subtask } from '../../../../src/core/agents/loop';
import type { ToolRegistry } from '../../../../src/core/agents/tools';
import type { ToolCall } from '../../../../src/core/providers/types';
import { type DeepSearchInstance, deepSearch } from '../../../../src/core/scenarios/deep-search';
import type { DeepSearchSpec } from '../../../../src/core/scenarios/deep-search/spec';
import { loadPlayers } from '../../../../src/core/scenarios/players';
import { createRng } from '../../../../src/core/util/rng';
import { playerProvider } from '../../../support/player-provider';

// Every kind's players, loaded once (each kind loads its own: scenarios/players.ts).
const players = await loadPlayers();

// The players driven through the real agent loop by a provider that only asks them for their move:
// everything they know comes from the messages the context strategy lets through.

const spec: DeepSearchSpec = {
  kind: 'deep-search',
  id: 'deep-test',
  size: { default: 4, min: 2, max: 6 },
  questions: 3,
};
const profile: AgentProfile = {
  name: 'medium',
  model: 'sim',
  systemPrompt: 'You answer questions.',
  allowed: ['search', 'open'],
};

interface Drive {
  readonly errorRate?: number;
  readonly strategy?: ContextStrategy;
  /** Rewrites the arguments of a call before the loop sees them (to send broken JSON). */
  readonly mangle?: (turn: number, call: ToolCall) => string | undefined;
}

const run = (subtask: Subtask, tools: ToolRegistry, options: Drive = {}) =>
  runAgent({
    provider: playerProvider(players, { ...options, rng: () => createRng(1) }),
    profile,
    subtask,
    tools,
    strategy: options.strategy ?? contextKeepAll(),
    limits: { maxSteps: 80 },
  });

async function runSingle(instance: DeepSearchInstance, options: Drive = {}) {
  const plan = deepSearch.plan(instance, 'single');
  const result = await run(plan.tasks[0]!.subtask(new Map()), deepSearch.tools(instance, {}), options);
  const grade = await deepSearch.grade(instance, plan, new Map([['solve', result.answer ?? '']]), {});
  return { result, grade };
}

/** Runs the swarm plan's tasks in order (each chain is sequential), feeding answers forward. */
async function runSwarm(instance: DeepSearchInstance, options: Drive = {}) {
  const plan = deepSearch.plan(instance, 'swarm');
  const tools = deepSearch.tools(instance, {});
  const answers = new Map<string, string>();
  const steps: number[] = [];
  for (const task of plan.tasks) {
    const result = await run(task.subtask(answers), tools, options);
    steps.push(result.steps);
    if (result.answer !== undefined) answers.set(task.id, result.answer);
  }
  return { answers, steps, grade: await deepSearch.grade(instance, plan, answers, {}) };
}

const instance = deepSearch.generate(spec, 7, 4);
const golds = instance.questions.map((q) => q.gold);

describe('deep-search players in the agent loop', () => {
  for (const [name, strategy] of [
    ['keep-all', contextKeepAll()],
    ['hide-tool-result', contextHideToolResult()],
    ['summary', contextSummary()],
    // Each note turn restates every question's progress, so two turns of history are enough.
    ['sliding-window of 2 turns', contextSlidingWindow({ turns: 2 })],
  ] as const) {
    it(`one agent answers every question right with no errors (${name})`, async () => {
      const { result, grade } = await runSingle(instance, { strategy });
      expect(result.stop).toBe('answer');
      expect(result.answer).toBe(golds.map((g, i) => `Q${i + 1}: ${g}`).join('\n'));
      expect(result.steps).toBe(2 * 4 * 3 + 1);
      expect(grade.success).toBe(true);
    });
  }

  it('a bare name for a one-question task, and the estimate of the plan is what it takes', async () => {
    for (let size = 2; size <= 6; size++) {
      const one = deepSearch.generate({ ...spec, questions: 1 }, 30 + size, size);
      const { result, grade } = await runSingle(one, { strategy: contextHideToolResult() });
      expect(result.answer).toBe(one.questions[0]!.gold);
      expect(result.steps).toBe(deepSearch.plan(one, 'single').tasks[0]!.estimatedSteps);
      expect(grade['pass@1']).toBe(1);
    }
  });

  it('notes every hop it resolved, on the chain of the question', async () => {
    const one = deepSearch.generate({ ...spec, questions: 1 }, 9, 5);
    const { result } = await runSingle(one, { strategy: contextHideToolResult() });
    const notes = result.transcript.flatMap((m) =>
      m.role === 'assistant' && m.content?.startsWith('NOTE') ? [m.content] : [],
    );
    expect(notes).toEqual(
      one.questions[0]!.chain.slice(1, 5).map((e, i) => `NOTE q1 hop ${i + 1}: ${e.name}`),
    );
  });

  it('a swarm of hop agents reaches every gold, three turns a hop', async () => {
    for (const strategy of [contextKeepAll(), contextHideToolResult()]) {
      const { answers, steps, grade } = await runSwarm(instance, { strategy });
      expect(grade.success).toBe(true);
      expect(steps).toEqual(new Array(12).fill(3));
      for (const q of instance.questions) {
        expect(q.chain.slice(1).map((_, i) => answers.get(`q${q.index}-hop${i + 1}`))).toEqual(
          q.chain.slice(1).map((e) => e.name),
        );
      }
    }
  });

  it('with every read wrong, a hop agent given the right entity never answers the right link', async () => {
    for (const strategy of [contextKeepAll(), contextHideToolResult()]) {
      const plan = deepSearch.plan(instance, 'swarm');
      const tools = deepSearch.tools(instance, {});
      for (const q of instance.questions) {
        for (let hop = 1; hop <= 4; hop++) {
          const task = plan.tasks.find((t) => t.id === `q${q.index}-hop${hop}`)!;
          const inputs = new Map([[`q${q.index}-hop${hop - 1}`, q.chain[hop - 1]!.name]]);
          const result = await run(task.subtask(inputs), tools, { strategy, errorRate: 1 });
          expect(result.steps).toBe(3);
          expect(result.answer).not.toBe(q.chain[hop]!.name);
        }
      }
    }
  });

  it('with every read wrong, whole chains end wrong, alone and in a swarm, and take as long', async () => {
    // A wrong chain can meet the right one again by chance (a wrong city in the right country),
    // so over 72 answers a couple may still be right; with no errors all 72 are.
    let right = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const each = deepSearch.generate(spec, seed, 4);
      for (const strategy of [contextKeepAll(), contextHideToolResult()]) {
        const alone = await runSingle(each, { strategy, errorRate: 1 });
        expect(alone.result.stop).toBe('answer');
        expect(alone.result.steps).toBe(2 * 4 * 3 + 1);
        const swarm = await runSwarm(each, { strategy, errorRate: 1 });
        expect(swarm.steps).toEqual(new Array(12).fill(3));
        right += 3 * (alone.grade['pass@1'] + swarm.grade['pass@1']);
      }
    }
    expect(right).toBeLessThanOrEqual(2);
  });

  it('a misread is a name in sight, and it propagates down the chain', async () => {
    const one = deepSearch.generate({ ...spec, questions: 1 }, 3, 3);
    const plan = deepSearch.plan(one, 'swarm');
    const tools = deepSearch.tools(one, {});
    const first = await run(plan.tasks[0]!.subtask(new Map()), tools, { errorRate: 1 });
    const wrong = first.answer ?? '';
    expect(wrong).not.toBe(one.questions[0]!.chain[1]!.name);
    const seen = first.transcript.filter((m) => m.role === 'tool').map((m) => m.content);
    if (wrong !== 'unknown') expect(seen.some((text) => text.includes(wrong))).toBe(true);
    const second = plan.tasks[1]!.subtask(new Map([[plan.tasks[0]!.id, wrong]]));
    expect(second.prompt).toContain(wrong === 'unknown' ? 'unknown' : wrong);
  });

  it('an unknown entity is answered "unknown" in one turn', async () => {
    const plan = deepSearch.plan(instance, 'swarm');
    const result = await run(plan.tasks[1]!.subtask(new Map()), deepSearch.tools(instance, {}));
    expect(result).toMatchObject({ stop: 'answer', answer: 'unknown', steps: 1, toolCalls: 0 });
  });

  it('retries a call that failed: a broken open, and a tool error', async () => {
    const one = deepSearch.generate({ ...spec, questions: 1 }, 8, 3);
    const gold = one.questions[0]!.gold;
    // Turn 2 is the first open: its JSON is cut short, as the simulator's malformed calls are.
    const broken = await runSingle(one, {
      mangle: (turn, call) => (turn === 2 ? call.function.arguments.slice(0, -1) : undefined),
    });
    expect(broken.result.answer).toBe(gold);
    expect(broken.result.steps).toBe(2 * 3 + 2);
    const tools = deepSearch.tools(one, {});
    let failures = 1;
    const flaky: ToolRegistry = {
      ...tools,
      search: {
        definition: tools.search!.definition,
        run: async (args) =>
          failures-- > 0 ? { ok: false, content: 'Error: index offline' } : tools.search!.run(args),
      },
    };
    const plan = deepSearch.plan(one, 'single');
    const result = await run(plan.tasks[0]!.subtask(new Map()), flaky);
    expect(result.answer).toBe(gold);
    expect(result.steps).toBe(2 * 3 + 2);
  });
});
