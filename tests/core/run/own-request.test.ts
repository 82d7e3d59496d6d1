import { describe, expect, it } from 'vitest';
import { llmPolicy } from '../../../src/core/policy/llm/llm-policy';
import { policyByName } from '../../../src/core/policy/registry';
import { planChooser } from '../../../src/core/policy/types';
import { textOf } from '../../../src/core/providers/content';
import type { ChatRequest, Provider } from '../../../src/core/providers/types';
import { checkAgainst, RequestError, runInputOf } from '../../../src/core/request/run-input';
import type { RunRequest } from '../../../src/core/request/run-request';
import { runAnswer } from '../../../src/core/run/final-answer';
import { prepareRun } from '../../../src/core/run/prepare';
import { type RoledTask, requestPlan, stagesOf } from '../../../src/core/run/request-plan';
import { runPrepared } from '../../../src/core/run/run';
import { scenarioKinds } from '../../../src/core/scenarios/registry';
import { readRunRequest } from '../../../src/providers/run-request';
import { loadProfiles, loadSpec } from '../../support/scenarios';
import { teamModel } from '../../support/team-model';

// Issue 44, item 1: with a real model, the Router's plan runs the typed request itself — the
// orchestrator reads it, the plan's roles do the work, and the answer is the team's.
const profiles = loadProfiles();
const STORY = 'Write a short detective story set in Lisbon, about a stolen azulejo.';

const shape = (tasks: readonly { id: string; deps: readonly string[] }[]) =>
  tasks.map((t) => `${t.id}<${t.deps.join(',')}`);

describe('the plan of an own request', () => {
  it('makes stages of the roles: the bulk stage split, the last one merging', () => {
    expect(stagesOf(['Outliner', 'Writer', 'Continuity Editor'], 3)).toEqual([
      { role: 'Outliner', width: 1 },
      { role: 'Writer', width: 3 },
      { role: 'Continuity Editor', width: 1 },
    ]);
    // Repeated roles say the width themselves; none is split further.
    expect(stagesOf(['Researcher', 'Researcher', 'Synthesizer'], 5)).toEqual([
      { role: 'Researcher', width: 2 },
      { role: 'Synthesizer', width: 1 },
    ]);
    const story = requestPlan({ text: STORY }, 'swarm', scenarioKinds['write-story'].roles);
    expect(shape(story.tasks)).toEqual([
      'outliner<',
      'writer-1<outliner',
      'writer-2<outliner',
      'writer-3<outliner',
      'continuity-editor<writer-1,writer-2,writer-3',
    ]);
    // One role: its parts are merged by the manager.
    const wide = requestPlan(
      { text: 'Compare three chat architectures' },
      'swarm',
      scenarioKinds['wide-search'].roles,
    );
    expect(shape(wide.tasks).at(-1)).toBe('merge<researcher-1,researcher-2,researcher-3');
    expect((wide.tasks.at(-1) as RoledTask).role).toBe('ResearchLead');
    const peers = requestPlan(
      { text: 'x', workers: ['Ana', 'Bo'] },
      'peers',
      scenarioKinds['write-story'].roles,
    );
    expect(shape(peers.tasks)).toEqual(['r1-peer-a<', 'r1-peer-b<', 'r2-peer-a<r1-peer-a,r1-peer-b']);
    expect(requestPlan({ text: 'x' }, 'single', scenarioKinds['write-story'].roles).tasks).toHaveLength(1);
    // A role that comes back later, or is named like the merge, still gives a graph of unique ids.
    const again = requestPlan(
      { text: 'x', workers: ['Writer', 'Editor', 'Writer', 'Merge'] },
      'swarm',
      scenarioKinds['write-story'].roles,
    );
    expect(shape(again.tasks)).toEqual([
      'writer<',
      'editor-1<writer',
      'editor-2<writer',
      'editor-3<writer',
      'writer-stage3<editor-1,editor-2,editor-3',
      'merge-stage4<writer-stage3',
    ]);
  });

  it("puts the request's own words, the role and the teammates' work in each part's prompt", () => {
    const plan = requestPlan({ text: '帮我写一个贪吃蛇游戏' }, 'swarm', scenarioKinds['mixed-coding'].roles);
    const merge = plan.tasks.at(-1) as RoledTask;
    const prompt = merge.subtask(new Map([['programmer-1', 'def move(): ...']])).prompt;
    expect(prompt).toContain('帮我写一个贪吃蛇游戏');
    expect(prompt).toContain('You are the Integrator');
    expect(prompt).toContain('[programmer-1]\ndef move(): ...');
  });
});

describe('a run request with the user’s own request', () => {
  const host = { profiles, sandbox: true, knowledgeBase: false, providers: ['simulated', 'openai'] };
  const spec = loadSpec('write-story', 'write-story');

  /** The request's story run under a model orchestrator, both played by `model`. */
  async function underLlm(request: RunRequest, model: Provider) {
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
    return { run, result: await runPrepared(run, { policy, provider: model }) };
  }

  it('shows the plan decision the request’s own size, not the sample’s (issue 58)', () => {
    const seen: number[] = [];
    const plan = (view: { size: number }) => {
      seen.push(view.size);
      return { mode: 'swarm' as const };
    };
    // The sample story has 5 sections; this request's swarm has an outliner, 8 writers and the
    // continuity editor: 10 parts.
    const request = {
      scenario: 'write-story',
      size: 5,
      provider: { kind: 'openai' as const },
      request: { text: STORY, parts: 8 },
    };
    prepareRun(runInputOf(request, { type: 'task', spec }, { profiles, plan }));
    expect(seen).toEqual([10]);
  });

  it('is refused with the simulated model, for a graph, and with bad roles, each naming the field', () => {
    const simulated: RunRequest = { scenario: 'write-story', request: { text: STORY } };
    expect(() => checkAgainst(simulated, { type: 'task', spec }, host)).toThrow(
      /simulated model cannot answer a request of your own/,
    );
    try {
      checkAgainst(simulated, { type: 'task', spec }, host);
    } catch (error) {
      expect(error).toBeInstanceOf(RequestError);
      expect((error as RequestError).field).toBe('request');
    }
    expect(readRunRequest({ scenario: 'x', request: { text: '   ' } })).toMatchObject({
      ok: false,
      field: 'request.text',
    });
    expect(readRunRequest({ scenario: 'x', request: { text: 'a', workers: ['<script>'] } })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/request.workers must be role names/),
    });
    expect(readRunRequest({ scenario: 'x', request: { text: 'a'.repeat(4001) } })).toMatchObject({
      ok: false,
    });
  });

  it('runs the request itself: the orchestrator reads it, the roles do the parts, the answer is the merge', async () => {
    const request: RunRequest = {
      scenario: 'write-story',
      policy: 'llm',
      provider: { kind: 'openai', model: 'scripted-team' },
      request: { text: STORY },
    };
    const read = readRunRequest(request);
    expect(read.ok).toBe(true);
    checkAgainst(request, { type: 'task', spec }, host);
    const seen: ChatRequest[] = [];
    const { run, result } = await underLlm(request, teamModel(seen));
    expect(result.reason).toBe('completed');
    // The orchestrator's first prompt is the request, not the sample story's.
    const first = seen[0]?.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(first).toMatch(/^Task: Write a short detective story set in Lisbon/);
    expect(first).not.toMatch(/Hugo|great hall/);
    // Each part was done in its role, and the trace says which.
    expect(result.header.ownRequest).toBe(true);
    expect(result.header.query).toBe(STORY);
    expect(result.header.roles).toMatchObject({
      outliner: 'Outliner',
      'writer-2': 'Writer',
      'continuity-editor': 'Continuity Editor',
    });
    const systems = seen.filter((r) => !r.tools?.length).map((r) => textOf(r.messages[0]?.content ?? ''));
    expect(systems.some((s) => s.includes('Your role in the team: Continuity Editor.'))).toBe(true);
    // No tools are offered, and none is spoken of (the profiles' prompts name search, run_js…).
    for (const s of systems) expect(s).not.toMatch(/search|calculator|run_js|tool result/);
    // The answer shown is the merge's: the team's one answer, graded on completion.
    const answer = runAnswer(run, result.answers);
    expect(answer).toBe(
      'TEAM ANSWER by Continuity Editor [continuity-editor], merging writer-1, writer-2, writer-3.',
    );
    const graded = result.events.find((e) => e.type === 'run.graded');
    expect(graded).toMatchObject({ success: true, itemF1: 1, answer });
  });

  it('runs it with a fixed policy too (no model orchestrator): the parts still get their roles', async () => {
    const request: RunRequest = {
      scenario: 'wide-search',
      policy: 'heuristic',
      provider: { kind: 'openai' },
      request: { text: 'Compare three chat architectures', workers: ['Analyst', 'Analyst', 'Writer'] },
    };
    const wide = loadSpec('wide-search', 'wide-search');
    const seen: ChatRequest[] = [];
    const policy = policyByName('heuristic');
    const run = prepareRun(
      runInputOf(request, { type: 'task', spec: wide }, { profiles, plan: planChooser(policy) }),
    );
    if (run.type !== 'task') throw new Error('a task run');
    const result = await runPrepared(run, { policy, provider: teamModel(seen) });
    expect(result.reason).toBe('completed');
    expect(shape(run.plan.tasks)).toEqual(['analyst-1<', 'analyst-2<', 'writer<analyst-1,analyst-2']);
    // No tools: the sample's synthetic world knows nothing of this request.
    expect(seen.every((r) => (r.tools ?? []).length === 0)).toBe(true);
    expect(runAnswer(run, result.answers)).toBe('TEAM ANSWER by Writer, merging analyst-1, analyst-2.');
  });

  it('lets the llm orchestrator give up a part that failed, through the runtime’s give_up (issue 41 item 2)', async () => {
    const request: RunRequest = {
      scenario: 'write-story',
      policy: 'llm',
      provider: { kind: 'openai', model: 'scripted-team' },
      request: { text: STORY },
    };
    const { result } = await underLlm(request, teamModel([], { failing: 'writer-2', giveUp: true }));
    const calls = result.events.filter((e) => e.type === 'tool.call' && e.caller === 'orchestrator');
    expect(calls.some((c) => c.type === 'tool.call' && c.tool === 'give_up' && c.ok)).toBe(true);
    const skipped = result.events.filter((e) => e.type === 'task.skipped');
    expect(skipped.map((e) => (e.type === 'task.skipped' ? [e.task, e.cause] : []))).toEqual([
      ['writer-2', 'given up by the orchestrator after 1 failed attempt(s)'],
      ['continuity-editor', 'writer-2'],
    ]);
    // Given up after one failure: never tried again.
    const tries = result.events.filter((e) => e.type === 'task.started' && e.task === 'writer-2');
    expect(tries).toHaveLength(1);
  });
});
