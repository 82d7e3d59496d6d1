import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * Topologies in the built app (issue 18): the compare-options card runs a decentralized team —
 * three peers, no orchestrator — and the run view draws its agents with the board's messages as
 * arrows; a wide search draws the orchestrator and the subagents it made; the same scenario runs
 * under one agent and under the swarm from the settings.
 */
// A function, not a string: the app's Content-Security-Policy refuses to evaluate strings.
const done = () => document.querySelector('[data-testid="run-status"]')?.textContent === 'done';

const profile = profilePerTest();

describe('the agent graph', () => {
  it('shows a decentralized run’s peers and their messages, and its vote as the answer', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0`);
    await page.click(`${t('scenario-card-compare-options')} button.primary`);
    await page.waitForFunction(done, undefined, { timeout: 120_000 });
    await page.waitForSelector(t('agent-graph'));
    const nodes = await page.$$eval(t('agent-node'), (n) =>
      n.map((x) => `${x.getAttribute('data-kind')}:${x.getAttribute('data-agent')}`),
    );
    expect(nodes).toEqual(['peer:peer-a', 'peer:peer-b', 'peer:peer-c']);
    const arrows = await page.$$eval(t('agent-message'), (n) => n.map((x) => x.getAttribute('data-from')));
    expect(arrows.length).toBeGreaterThan(0);
    const rows = await page.$$eval(t('agent-message-row'), (n) => n.map((x) => x.textContent ?? ''));
    expect(rows[0]).toMatch(/^round 1 · peer-a → all My pick is /);
    expect(await page.textContent(t('run-answer'))).toMatch(/Pick: .+ \(\d of 3 peers\)/);
    expect(profile.errors).toEqual([]);
  });

  it('shows a wide search’s orchestrator and the subagents it made', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0`);
    await page.click(`${t('scenario-card-wide-search')} button.primary`);
    await page.waitForFunction(done, undefined, { timeout: 120_000 });
    await page.waitForSelector(t('agent-graph'));
    const kinds = await page.$$eval(t('agent-node'), (n) => n.map((x) => x.getAttribute('data-kind')));
    expect(kinds[0]).toBe('orchestrator');
    expect(kinds.slice(1).every((k) => k === 'subagent')).toBe(true);
    expect(await page.$$eval(t('agent-spawn'), (n) => n.length)).toBe(kinds.length - 1);
    expect(await page.$$(t('agent-message'))).toHaveLength(0);
  });

  it('runs the same comparison under one agent and under the swarm', async () => {
    const { page } = profile;
    for (const policy of ['serial', 'heuristic']) {
      await page.goto(`${appUrl}#pace=0&view=run&scenario=compare-options&policy=${policy}`);
      await page.click(t('run-button'));
      await page.waitForFunction(done, undefined, { timeout: 120_000 });
      expect(await page.textContent(t('run-answer'))).toMatch(/Pick: /);
    }
    expect(profile.errors).toEqual([]);
  });
});
