import { afterEach, describe, expect, it } from 'vitest';
import { type ModelServer, startModelServer } from '../support/loopback-model-server';
import { teamModel } from '../support/team-model';
import { habitBackend } from '../support/wire-habits';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * Issue 58, item 6, in the page: a stored run of a real model (the user's own request on a
 * loopback endpoint, under the model orchestrator) forks like a simulated one. Up to the fork its
 * recorded replies answer again, the orchestrator's too; after it the endpoint the page is set to
 * answers the attempts of the other policy.
 */
const profile = profilePerTest();
let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('forking a real model’s run in the page', () => {
  it('continues a stored own-request run from decision 2 under the heuristic, its prefix the original’s', async () => {
    server = await startModelServer(habitBackend(teamModel(), 'streamed'));
    const { page } = profile;
    const endpoint = encodeURIComponent(server.url);
    await page.goto(`${appUrl}#pace=0&view=router&provider=openai&endpoint=${endpoint}&model=scripted-team`);
    await page.waitForSelector(`${t('route-button')}:not([disabled])`);
    await page.fill(t('router-query'), 'Write a short detective story set in Lisbon about a stolen tram');
    await page.click(t('route-button'));
    await page.waitForSelector(t('router-run-own'));
    await page.click(t('router-run-own'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    const id = new URL(page.url()).hash.match(/runs=([^&]+)/)?.[1];
    expect(id).toBeDefined();
    const asked = server.requests.length;
    await page.goto(
      `${appUrl}#pace=0&view=run&provider=openai&endpoint=${endpoint}&model=scripted-team&runs=${id}`,
    );
    await page.reload();
    await page.waitForSelector(t('fork-panel'));
    expect(await page.textContent(t('fork-real'))).toContain(
      'up to the fork its own recorded replies answer again',
    );
    await page.fill(t('fork-step'), '2');
    await page.dispatchEvent(t('fork-step'), 'change');
    await page.selectOption(t('fork-policy'), 'heuristic');
    await page.click(t('fork-button'));
    await page.waitForSelector(t('fork-result'), { timeout: 60_000 });
    expect(await page.textContent(t('fork-result'))).toMatch(
      /The first \d+ events are the original's; from decision 2 heuristic decides/,
    );
    // The fork's attempts after step 2 went to the endpoint; the prefix asked it nothing.
    expect(server.requests.length).toBeGreaterThan(asked);
    expect(await page.locator(t('fork-problem')).count()).toBe(0);
    expect(profile.errors).toEqual([]);
  }, 120_000);
});
