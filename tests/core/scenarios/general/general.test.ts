import { describe, expect, it } from 'vitest';
import { heuristicPolicy } from '../../../../src/core/policy/heuristic';
import { llmPolicy } from '../../../../src/core/policy/llm/llm-policy';
import { peersPolicy } from '../../../../src/core/policy/peers';
import { serialPolicy } from '../../../../src/core/policy/serial';
import { type Policy, planChooser } from '../../../../src/core/policy/types';
import type { ChatRequest } from '../../../../src/core/providers/types';
import { checkAgainst, RequestError, runInputOf } from '../../../../src/core/request/run-input';
import type { RunRequest } from '../../../../src/core/request/run-request';
import { runAnswer } from '../../../../src/core/run/final-answer';
import { prepareRun } from '../../../../src/core/run/prepare';
import { runPrepared, runScenario } from '../../../../src/core/run/run';
import { generateGeneral, partText } from '../../../../src/core/scenarios/general/briefing';
import { simulatedProviderFor } from '../../../../src/core/scenarios/players';
import { scenarioKinds } from '../../../../src/core/scenarios/registry';
import type { TraceEvent } from '../../../../src/core/trace/events';
import { encodeTrace, withoutWallClock } from '../../../../src/core/trace/jsonl';
import { loadProfiles, loadSpec } from '../../../support/scenarios';
import { teamModel } from '../../../support/team-model';

/**
 * Issue 58, item 2: `general` is a scenario kind like the others. On the simulated model it has a
 * sample task (a briefing, one part per topic), players and the rubric grader; a user's own request
 * of it runs with the plan's roles, no tools, and is graded by the same rubric.
 */
const profiles = loadProfiles();
const spec = loadSpec('general', 'general');
const kind = scenarioKinds.general;

const graded = (events: readonly TraceEvent[]) => {
  const g = events.find((e) => e.type === 'run.graded');
  if (g?.type !== 'run.graded') throw new Error('no run.graded');
  return g;
};

async function sample(seed: number, policy: Policy) {
  return runScenario({
    kind,
    spec,
    instance: kind.generate(spec, seed, spec.size.default),
    policy,
    profiles,
    provider: simulatedProviderFor(profiles),
    keepEvents: true,
  });
}

describe('the general sample on the simulated model', () => {
  it('is the same instance for the same seed, its request naming every topic', () => {
    const a = generateGeneral('general', 7, 4);
    expect(generateGeneral('general', 7, 4)).toEqual(a);
    expect(a.topics).toHaveLength(4);
    for (const [topic] of a.topics) expect(a.prompt).toContain(topic);
  });

  it.each([
    ['one assistant', () => serialPolicy, 'single', 1],
    ['a swarm', () => heuristicPolicy, 'swarm', 4],
    ['peers', peersPolicy, 'peers', 3],
  ] as const)(
    'runs as %s to an answer graded by the rubric, the same trace for the same seed',
    async (_, policy, mode, tasks) => {
      const run = await sample(2, policy());
      expect(run.reason).toBe('completed');
      expect(run.plan.mode).toBe(mode);
      expect(run.plan.tasks).toHaveLength(tasks);
      const g = graded(run.events ?? []);
      expect(Object.keys(g.criteria ?? {})).toEqual(['completion', 'coverage', 'merged', 'terms']);
      expect(g.answer).toMatch(/briefing for/);
      const again = await sample(2, policy());
      expect(encodeTrace(again.header, withoutWallClock(again.events ?? []))).toBe(
        encodeTrace(run.header, withoutWallClock(run.events ?? [])),
      );
    },
  );

  it('scores the swarm by what its merge did: over seeds, a glued merge or a drifted part costs quality', async () => {
    const runs = await Promise.all(Array.from({ length: 16 }, (_, s) => sample(s + 1, heuristicPolicy)));
    const grades = runs.map((r) => graded(r.events ?? []));
    // The merger sometimes glues the parts together and some parts drift: the rubric sees both.
    expect(grades.some((g) => g.criteria?.merged === 0)).toBe(true);
    expect(grades.some((g) => (g.criteria?.coverage ?? 1) < 1)).toBe(true);
    expect(grades.some((g) => g.success)).toBe(true);
    for (const g of grades)
      expect(g.success).toBe(
        g.criteria?.merged === 1 && g.criteria?.coverage === 1 && (g.criteria?.terms ?? 0) >= 0.5,
      );
  });

  it('gives its subagents no tools', () => {
    const instance = generateGeneral('general', 1, 3);
    expect(kind.tools(instance, {})).toEqual({});
    expect(partText(instance, instance.topics[0] as readonly [string, string])).toContain(instance.subject);
  });
});

describe('your own request as general', () => {
  const host = { profiles, sandbox: true, knowledgeBase: false, providers: ['simulated', 'openai'] };
  const TEXT = 'Help me plan a quiet weekend at home: reading, cooking and a long walk.';

  it('runs with the plan’s roles and no tools, graded on completion and the rubric', async () => {
    const request: RunRequest = {
      scenario: 'general',
      policy: 'llm',
      provider: { kind: 'openai', model: 'scripted-team' },
      request: { text: TEXT, workers: ['Planner', 'Planner', 'Editor'], manager: 'Coordinator' },
    };
    checkAgainst(request, { type: 'task', spec }, host);
    const seen: ChatRequest[] = [];
    const model = teamModel(seen);
    const policy = llmPolicy({
      provider: model,
      profile: 'large',
      model: 'scripted-team',
      profiles: Object.keys(profiles),
    });
    const run = prepareRun(
      runInputOf(request, { type: 'task', spec }, { profiles, plan: planChooser(policy) }),
    );
    if (run.type !== 'task') throw new Error('a task run');
    expect(run.tools({})).toEqual({});
    const result = await runPrepared(run, { policy, provider: model, keepEvents: true });
    expect(result.reason).toBe('completed');
    expect(run.plan.tasks.map((t) => t.id)).toEqual(['planner-1', 'planner-2', 'editor']);
    // No subagent was offered a tool.
    expect(
      seen
        .filter((r) => !(r.tools ?? []).some((t) => t.function.name === 'create_subagent'))
        .every((r) => (r.tools ?? []).length === 0),
    ).toBe(true);
    const g = graded(result.events ?? []);
    expect(g.answer).toBe(runAnswer(run, result.answers));
    expect(g.answer).toContain('TEAM ANSWER by Editor');
    expect(g.criteria).toMatchObject({ completion: 1, coverage: 1, merged: 1 });
    expect(result.header.ownRequest).toBe(true);
  });

  it('is refused on the simulated model, naming the request field', () => {
    const simulated: RunRequest = { scenario: 'general', request: { text: TEXT } };
    expect(() => checkAgainst(simulated, { type: 'task', spec }, host)).toThrow(RequestError);
    try {
      checkAgainst(simulated, { type: 'task', spec }, host);
    } catch (error) {
      expect((error as RequestError).field).toBe('request');
    }
  });
});
