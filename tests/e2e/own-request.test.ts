import { afterEach, describe, expect, it } from 'vitest';
import { textOf } from '../../src/core/providers/content';
import type { ChatRequest } from '../../src/core/providers/types';
import { type ModelServer, providerBackend, startModelServer } from '../support/loopback-model-server';
import { teamModel } from '../support/team-model';
import { habitBackend, WIRE_HABITS } from '../support/wire-habits';
import { appUrl, PAGE_SIZES, profilePerTest, testId as t } from './support/browser';

/**
 * Issue 44, item 1, in the built app: with a real model (here an OpenAI-compatible endpoint on
 * loopback, scripted as a model orchestrator and its subagents: tests/support/team-model.ts), the
 * Router's plan runs the typed request itself. The request reaches the orchestrator's first
 * prompt, the plan's roles name the agents, and the answer shown is the model's merge.
 */
const profile = profilePerTest();
let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const REQUEST = 'Write a short detective story set in Lisbon about a stolen tram';

describe.each(PAGE_SIZES)('your own request with a real model, at %i×%i', (width, height) => {
  it('is planned, run by the plan’s roles, and answered by the team, in the model’s words', async () => {
    const seen: ChatRequest[] = [];
    server = await startModelServer(providerBackend(teamModel(seen), () => ({})));
    const { page } = profile;
    await page.setViewportSize({ width, height });
    const endpoint = encodeURIComponent(server.url);
    await page.goto(`${appUrl}#pace=0&view=router&provider=openai&endpoint=${endpoint}&model=scripted-team`);
    await page.waitForSelector(`${t('route-button')}:not([disabled])`);
    await page.fill(t('router-query'), REQUEST);
    await page.click(t('route-button'));
    await page.waitForSelector(t('router-plan'));
    const plan = JSON.parse((await page.textContent(t('router-plan-json'))) ?? '{}') as {
      topology: string;
      workers: string[];
    };
    expect(plan.topology).toBe('swarm');
    // Said before the run: the model works on the request itself, and who does what.
    const said = (await page.textContent(t('router-own'))) ?? '';
    expect(said).toContain('scripted-team works on your request itself');
    for (const role of plan.workers) expect(said).toContain(role);
    expect(await page.locator(t('router-sample')).count()).toBe(0);

    await page.click(t('router-run-own'));
    await page.waitForSelector(t('own-request-note'));
    expect(await page.textContent(t('own-request-text'))).toBe(REQUEST);
    // "Run your request" runs it: no Run button to press.
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });

    // The request text is the orchestrator's task: its first prompt, not the sample story's.
    const orchestrator = seen.filter((r) =>
      (r.tools ?? []).some((d) => d.function.name === 'create_subagent'),
    );
    const first = textOf(orchestrator[0]?.messages.find((m) => m.role === 'user')?.content ?? '');
    expect(first.startsWith(`Task: ${REQUEST}`)).toBe(true);
    // The plan's roles are the agents' names, in the agent picture and the timeline.
    for (const role of plan.workers)
      expect(await page.locator('svg text', { hasText: `${role} · sa-` }).count()).toBeGreaterThan(0);
    // The answer shown is the model's merge of the team's work, graded on completion.
    const last = plan.workers.at(-1) as string;
    const merged = seen
      .filter((r) => !(r.tools ?? []).length)
      .map((r) => r.messages.find((m) => m.role === 'system')?.content ?? '')
      .filter((s) => s.includes(`Your role in the team: ${last}.`));
    expect(merged.length).toBe(1);
    const answer = (await page.textContent(t('run-answer'))) ?? '';
    expect(answer).toContain(`TEAM ANSWER by ${last}`);
    // The wall clock is the endpoint's pace, not a simulated model's.
    expect(await page.textContent(t('metric-wall-clock'))).toContain(
      'as fast as the model (OpenAI-compatible endpoint) answered',
    );
    expect(answer).toContain('completion');
    // Stored under the request's own words, not the sample's title.
    await page.click(t('nav-library'));
    await page.waitForSelector(t('trace-row'));
    const row = (await page.textContent(t('trace-row'))) ?? '';
    expect(row).toContain(`“${REQUEST.slice(0, 40)}`);
    expect(row).toContain('Your request (the Write a story workflow)');
    expect(row).toContain('completion');
    expect(profile.errors).toEqual([]);
  });
});

/**
 * Issue 58, item 5: two typed requests in a row. "Run your request" runs it (it opened an idle
 * Run view), and the second request's Run view shows only its own run: it showed the first one's
 * status, metrics and answer under the second one's banner.
 */
describe('two requests in a row', () => {
  // A wide search: its scenario file's simulated orchestrator loses merged answers, which took the
  // stored run's merge away (tests/core/run/merge-loss.test.ts).
  const SECOND = 'Make a table of the ten largest ports in Europe: country, tonnage and year founded';
  async function ask(text: string) {
    const { page } = profile;
    await page.click(t('nav-router'));
    await page.fill(t('router-query'), text);
    await page.click(t('route-button'));
    await page.waitForSelector(t('router-run-own'));
    await page.click(t('router-run-own'));
    // It runs at once: no Run button to press.
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    expect(await page.textContent(t('own-request-text'))).toBe(text);
  }

  it('each runs on one click and shows only its own run; the Library keeps each one’s answer', async () => {
    const seen: ChatRequest[] = [];
    server = await startModelServer(providerBackend(teamModel(seen), () => ({})));
    const { page } = profile;
    const endpoint = encodeURIComponent(server.url);
    await page.goto(`${appUrl}#pace=0&view=router&provider=openai&endpoint=${endpoint}&model=scripted-team`);
    await page.waitForSelector(`${t('route-button')}:not([disabled])`);
    await ask(REQUEST);
    const firstAnswer = (await page.textContent(t('run-answer'))) ?? '';
    await ask(SECOND);
    // The orchestrator of the second run was given the second request.
    const tasks = seen
      .filter((r) => (r.tools ?? []).some((d) => d.function.name === 'create_subagent'))
      .map((r) => textOf(r.messages.find((m) => m.role === 'user')?.content ?? ''));
    expect(tasks.at(-1)?.startsWith(`Task: ${SECOND}`)).toBe(true);
    expect(await page.textContent(t('run-answer'))).toContain('TEAM ANSWER');
    expect(firstAnswer).toContain('TEAM ANSWER');
    await page.click(t('nav-library'));
    await page.waitForSelector(t('trace-row'));
    const rows = await page.locator(t('trace-row')).allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows.some((r) => r.includes(`“${SECOND.slice(0, 40)}`))).toBe(true);
    expect(rows.some((r) => r.includes(`“${REQUEST.slice(0, 40)}`))).toBe(true);
    expect(rows.some((r) => r.includes('Your request (the Companies at a glance workflow)'))).toBe(true);
    // Each stored run holds the merge that was shown, graded on every part that answered.
    expect(await page.locator(t('trace-quality')).allTextContents()).toEqual([
      '1.000completion',
      '1.000completion',
    ]);
    for (const i of [0, 1]) {
      await page.locator(t('open-run')).nth(i).click();
      await page.waitForSelector(t('run-answer'));
      // The run's final answer, as it handed it back (the pieces it was made from are listed apart).
      const stored = (await page.textContent(`${t('answer-raw')} pre`)) ?? '';
      expect(stored).toMatch(/^TEAM ANSWER by [^,]+, merging [^\n]+\.$/);
      expect(await page.textContent(t('answer-score'))).toContain('1 · completion');
      await page.click(t('nav-library'));
      await page.waitForSelector(t('trace-row'));
    }
    expect(profile.errors).toEqual([]);
  });
});

/**
 * Issue 58, item 4, in the page: the same request on endpoints whose servers put replies on the
 * wire in each of the habits of tests/support/wire-habits.ts (server-sent events with arguments
 * in pieces; arguments as an object; a Qwen/Hermes model with no tool-call parser, its calls and
 * reasoning in the text; subagents created in one turn and assigned in the next; one call a turn)
 * ends in the team's one merged answer, on screen and in the Library.
 */
describe.each(WIRE_HABITS)('an endpoint that answers %s', (habit) => {
  it('runs your request to the team’s merged answer, shown and stored', async () => {
    server = await startModelServer(habitBackend(teamModel(), habit));
    const { page } = profile;
    const endpoint = encodeURIComponent(server.url);
    await page.goto(`${appUrl}#pace=0&view=router&provider=openai&endpoint=${endpoint}&model=scripted-team`);
    await page.waitForSelector(`${t('route-button')}:not([disabled])`);
    await page.fill(t('router-query'), REQUEST);
    await page.click(t('route-button'));
    await page.waitForSelector(t('router-run-own'));
    await page.click(t('router-run-own'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    const answer = (await page.textContent(t('run-answer'))) ?? '';
    expect(answer).toContain('TEAM ANSWER by');
    expect(answer).not.toMatch(/<think>|<tool_call>/);
    await page.click(t('nav-library'));
    await page.waitForSelector(t('trace-row'));
    expect(await page.locator(t('trace-row')).count()).toBe(1);
    expect(profile.errors).toEqual([]);
  });
});

/**
 * Issue 58, item 2, in the built page: a request that fits no workflow is planned as `general`
 * (here a debate: peers), and with an endpoint's model the Router runs it to the team's merged
 * answer on screen, graded by the general rubric; with the simulated model the Router opens the
 * general sample instead (it said general requests were not run).
 */
describe('a request that fits no workflow', () => {
  const GENERAL = 'Should remote work be the default? Debate the pros and cons';

  it('runs as general on the endpoint’s model to the team’s merged answer, graded by the rubric', async () => {
    const seen: ChatRequest[] = [];
    server = await startModelServer(providerBackend(teamModel(seen), () => ({})));
    const { page } = profile;
    const endpoint = encodeURIComponent(server.url);
    await page.goto(`${appUrl}#pace=0&view=router&provider=openai&endpoint=${endpoint}&model=scripted-team`);
    await page.waitForSelector(`${t('route-button')}:not([disabled])`);
    await page.fill(t('router-query'), GENERAL);
    await page.click(t('route-button'));
    await page.waitForSelector(t('router-plan'));
    expect(await page.textContent(`${t('router-plan')} h2`)).toContain('general');
    const plan = JSON.parse((await page.textContent(t('router-plan-json'))) ?? '{}') as { workers: string[] };
    expect(await page.textContent(t('router-own'))).toContain(
      'a rubric its merged answer is checked against',
    );
    await page.click(t('router-run-own'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    expect(await page.textContent(t('own-request-text'))).toBe(GENERAL);
    const answer = (await page.textContent(t('run-answer'))) ?? '';
    expect(answer).toContain(`TEAM ANSWER by ${plan.workers[0]}, merging r1-peer-a, r1-peer-b.`);
    // Graded by the general rubric, its criteria named; not by completion alone.
    expect(answer).toMatch(/rubric score: mean of completion 1\.00, coverage 1\.00, merged 1\.00, terms/);
    // Every turn was a peer's, and none was offered a tool.
    expect(seen.length).toBe(3);
    expect(seen.every((r) => (r.tools ?? []).length === 0)).toBe(true);
    await page.click(t('nav-library'));
    await page.waitForSelector(t('trace-row'));
    expect(await page.textContent(t('trace-row'))).toContain(`“${GENERAL.slice(0, 40)}`);
    expect(profile.errors).toEqual([]);
  });

  it('opens the general sample on the simulated model, and it runs', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=router`);
    await page.waitForSelector(`${t('route-button')}:not([disabled])`);
    await page.fill(t('router-query'), GENERAL);
    await page.click(t('route-button'));
    await page.waitForSelector(t('router-sample'));
    expect(await page.textContent(t('router-sample'))).toContain('A general request');
    await page.click(t('router-run'));
    await page.click(t('run-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    expect(await page.textContent(t('run-answer'))).toContain('briefing for');
    expect(profile.errors).toEqual([]);
  });
});
