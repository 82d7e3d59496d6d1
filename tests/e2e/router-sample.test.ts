import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * Issue 44, item 1, in the built app. With the simulated model the Router's plan runs a sample
 * task of the chosen workflow, not the typed request: the page says so before the run and names
 * the sample. A request for the knowledge base is asked of the user's own documents.
 */
const profile = profilePerTest();

describe('a request planned in the Router, with the simulated model', () => {
  it('says before the run that Run plays a sample task of the workflow, and names it', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=router`);
    await page.waitForSelector(`${t('route-button')}:not([disabled])`);
    const request = 'Write a short detective story set in Lisbon about a stolen tram';
    await page.fill(t('router-query'), request);
    await page.click(t('route-button'));
    await page.waitForSelector(t('router-plan'));
    const line = (await page.textContent(t('router-sample'))) ?? '';
    expect(line).toContain('The simulated model cannot write your request');
    expect(line).toContain('sample task of this workflow');
    // The sample named by the registry's own title and the start of its description.
    expect(line).toContain('“Write a story” (A story from a request');
    expect(line).not.toContain('.).');
    // Said in the Run view it opens, too, before anything runs, with the request quoted.
    await page.click(t('router-run'));
    await page.waitForSelector(t('run-button'));
    expect(page.url()).toMatch(/scenario=write-story/);
    const hint = (await page.textContent(t('run-sample-note'))) ?? '';
    expect(hint).toContain(`You asked the Router for “${request}”`);
    expect(hint).toContain('“Write a story”');
    expect(await page.locator(t('run-answer')).count()).toBe(0);
    expect(profile.errors).toEqual([]);
  });

  it('asks a knowledge-base request of the user’s own documents, with no sample to announce', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=router`);
    await page.waitForSelector(`${t('route-button')}:not([disabled])`);
    const request = 'What do my notes say about the refund policy deadline?';
    await page.fill(t('router-query'), request);
    await page.click(t('route-button'));
    await page.waitForSelector(t('router-plan'));
    expect(await page.textContent(`${t('router-plan')} h2`)).toContain('rag-qa');
    expect(await page.locator(t('router-sample')).count()).toBe(0);
    expect(await page.textContent(t('router-kb'))).toContain('from the documents you imported');
    await page.click(t('router-run'));
    await page.waitForSelector(t('run-button'));
    expect(page.url()).toMatch(/scenario=ask-knowledge-base/);
    expect(await page.inputValue(t('kb-run-question'))).toBe(request);
    expect(await page.locator(t('run-sample-note')).count()).toBe(0);
    expect(profile.errors).toEqual([]);
  });
});
