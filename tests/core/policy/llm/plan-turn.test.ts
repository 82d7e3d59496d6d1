/**
 * The llm orchestrator's plan turn (issue 41, item 2): its `plan_run` call maps onto the policy
 * port's PlanDecision, a call the task does not allow is refused in prepareRun's words, and a model
 * that makes no valid call within the turn limit (or fails) leaves the kind's own swarm plan.
 */
import { describe, expect, it } from 'vitest';
import { checkPlanCall } from '../../../../src/core/policy/llm/plan-call';
import {
  latestPlanFacts,
  PLAN_TOOL,
  planFacts,
  planTools,
} from '../../../../src/core/policy/llm/plan-protocol';
import { planTurn } from '../../../../src/core/policy/llm/plan-turn';
import { planMove } from '../../../../src/core/policy/llm/player';
import type { PlanQuestion } from '../../../../src/core/policy/types';
import { type ScriptStep, scriptedProvider } from '../../../../src/core/providers/scripted';
import type { ToolCall } from '../../../../src/core/providers/types';
import { planQuestionOf } from '../../../../src/core/run/plan-turn';
import type { TaskScenarioSpec } from '../../../../src/core/scenarios/registry';
import { loadSpec } from '../../../support/scenarios';

function questionFor(spec: TaskScenarioSpec, size?: number): PlanQuestion {
  return planQuestionOf({ scenario: { type: 'task', spec }, seed: 4, ...(size ? { size } : {}) }).question;
}

const deep = questionFor(loadSpec('deep-search', 'deep-search'));
const wide = questionFor(loadSpec('wide-search', 'wide-search'), 24);
const coding = questionFor(loadSpec('mixed-coding', 'mixed-coding'));

let seq = 0;
const call = (args: unknown, name = PLAN_TOOL): ToolCall => ({
  id: `c${++seq}`,
  type: 'function',
  function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
});

const check = (question: PlanQuestion, args: unknown, name?: string) =>
  checkPlanCall(question, planTools(planFacts(question).modes), call(args, name));

describe('plan_run maps onto the plan decision', () => {
  it.each([
    [deep, { mode: 'swarm' }, { mode: 'swarm' }],
    [deep, { mode: 'solo' }, { mode: 'single' }],
    [deep, { mode: 'swarm', replicas: 3 }, { mode: 'swarm', replicas: 3 }],
    // One replica is no vote: the decision has no cut.
    [deep, { mode: 'swarm', replicas: 1 }, { mode: 'swarm' }],
    [wide, { mode: 'swarm', shard: 4 }, { mode: 'swarm', shard: 4 }],
    [wide, { mode: 'swarm', shard: 12, replicas: 2 }, { mode: 'swarm', shard: 12, replicas: 2 }],
  ])('%#: %j', (question, args, decision) => {
    const verdict = check(question, args);
    expect(verdict.ok).toBe(true);
    expect(verdict.ok && verdict.decision).toEqual(decision);
  });

  it.each([
    // Not a mode the tool offers (peers have no orchestrator to plan), or no mode at all.
    [deep, { mode: 'peers' }, /arguments\.mode must be one of/],
    [deep, { shard: 2 }, /mode/],
    // The kind's own cut rules, in cutProblem's words.
    [
      deep,
      { mode: 'swarm', shard: 2 },
      /a deep-search task is not cut into shards \(only its own parts run\)/,
    ],
    [coding, { mode: 'swarm', replicas: 3 }, /a mixed-coding task's answers cannot vote/],
    [wide, { mode: 'swarm', shard: 99 }, /shard must be a whole number of units from 1 to 64, got 99/],
    [wide, { mode: 'swarm', shard: 0 }, /shard must be a whole number of units from 1 to 64, got 0/],
    [deep, { mode: 'swarm', replicas: 9 }, /replicas must be a whole number from 1 to 5, got 9/],
    [deep, { mode: 'swarm', replicas: 2.5 }, /replicas/],
    [deep, { mode: 'solo', replicas: 3 }, /a solo run is not cut: shard and replicas are for a swarm/],
    [deep, '{"mode": "swarm"', /not valid JSON/],
  ])('%#: refuses %j', (question, args, words) => {
    const verdict = check(question, args);
    expect(verdict.ok).toBe(false);
    expect(verdict.content).toMatch(/^Error: /);
    expect(verdict.content).toMatch(words);
  });

  it('refuses another tool', () => {
    const verdict = check(deep, { agent: 'a', prompt: 'go' }, 'assign_task');
    expect(verdict.ok).toBe(false);
    expect(verdict.content).toMatch(/no tool named "assign_task". Available tools: plan_run/);
  });

  it('offers an own request no cut: prepareRun would refuse one', () => {
    const spec = { ...loadSpec('deep-search', 'deep-search'), request: { text: 'Who founded it?' } };
    const own = questionFor(spec as TaskScenarioSpec);
    expect(own.view.cuts).toBeUndefined();
    expect(check(own, { mode: 'swarm', replicas: 3 }).content).toMatch(
      /your own request is planned from its roles/,
    );
  });
});

describe("the simulated orchestrator's plan", () => {
  const facts = planFacts(deep);

  it('votes on a task that looks hard, when the engines can run three replicas at once', () => {
    expect(planMove({ ...facts, difficultyCue: 0.7 })).toEqual({ mode: 'swarm', replicas: 3 });
    expect(planMove({ ...facts, difficultyCue: 0.7, engines: 2 })).toEqual({ mode: 'swarm' });
    expect(planMove({ ...facts, difficultyCue: 0.3 })).toEqual({ mode: 'swarm' });
    expect(planMove({ ...planFacts(coding), difficultyCue: 0.9 })).toEqual({ mode: 'swarm' });
  });

  it('runs one unit solo, and keeps the kind’s own shard otherwise', () => {
    expect(planMove({ ...facts, units: 1 })).toEqual({ mode: 'solo' });
    expect(planMove(planFacts(wide))).toEqual({ mode: 'swarm' });
  });
});

describe('the plan turn', () => {
  const setup = (script: ScriptStep[]) => ({
    provider: scriptedProvider(script),
    profile: 'large',
    model: 'm',
    maxOutputTokens: 64,
    maxTurns: 3,
  });
  const plan = (args: unknown): ScriptStep => ({ calls: [{ name: PLAN_TOOL, arguments: args as never }] });

  it('shows the task in words and as the JSON the simulated orchestrator reads', async () => {
    const s = setup([plan({ mode: 'swarm' })]);
    await planTurn(s, wide);
    const request = s.provider.requests[0];
    const message = request?.messages[1]?.content ?? '';
    expect(message).toMatch(/a wide-search task of 24 units of work/);
    expect(message).toMatch(/1 to 64 units of work to one subagent \(its own plan: 6\)/);
    expect(message).toMatch(/1 to 5 replicas whose answers vote/);
    expect(latestPlanFacts(request?.messages ?? [])).toEqual(planFacts(wide));
    expect(request?.tools?.map((t) => t.function.name)).toEqual([PLAN_TOOL]);
  });

  it('answers a refused call with what was wrong and takes the next valid one', async () => {
    const s = setup([
      plan({ mode: 'swarm', shard: 3 }),
      { content: 'Let me think.' },
      plan({ mode: 'swarm', replicas: 3 }),
    ]);
    const turn = await planTurn(s, deep);
    expect(turn).toMatchObject({
      decision: { mode: 'swarm', replicas: 3 },
      turns: 3,
      refused: 2,
      chosen: true,
    });
    // The second request carries the first refusal; the third, the note on a reply without a call.
    const tools = s.provider.requests[1]?.messages.filter((m) => m.role === 'tool').map((m) => m.content);
    expect(tools).toEqual(['Error: a deep-search task is not cut into shards (only its own parts run).']);
    expect(s.provider.requests[2]?.messages.at(-1)?.content).toMatch(/no tool call. Call plan_run once/);
    const calls = turn.events.filter((e) => e.type === 'tool.call');
    expect(calls.map((c) => c.type === 'tool.call' && [c.tool, c.ok, c.refused ?? false])).toEqual([
      ['plan_run', false, true],
      ['(none)', false, true],
      ['plan_run', true, false],
    ]);
    expect(turn.events.filter((e) => e.type === 'llm.turn')).toHaveLength(3);
  });

  it('falls back to the kind’s own swarm after the turn limit, every bad call counted', async () => {
    const s = setup([plan({ mode: 'swarm', shard: 3 }), plan({ mode: 'team' }), plan('{')]);
    const turn = await planTurn(s, deep);
    expect(turn).toMatchObject({ decision: { mode: 'swarm' }, turns: 3, refused: 3, chosen: false });
    expect(s.provider.requests).toHaveLength(3);
  });

  it('refuses a second plan in one reply', async () => {
    const s = setup([
      {
        calls: [
          { name: PLAN_TOOL, arguments: { mode: 'solo' } },
          { name: PLAN_TOOL, arguments: { mode: 'swarm' } },
        ],
      },
    ]);
    const turn = await planTurn(s, deep);
    expect(turn).toMatchObject({ decision: { mode: 'single' }, refused: 1, chosen: true });
  });

  it('falls back at once when the model fails, the failed turn recorded', async () => {
    const s = setup([{ throws: 'HTTP 401: the key was refused' }]);
    const turn = await planTurn(s, deep);
    expect(turn).toMatchObject({ decision: { mode: 'swarm' }, turns: 1, refused: 0, chosen: false });
    const [event] = turn.events;
    expect(event?.type === 'llm.turn' && event.finishReason).toMatch(/^error: HTTP 401/);
  });
});
