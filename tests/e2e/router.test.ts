import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/** The Router view in the built app: plans drawn, the arbitration queue kept and learned from. */

const profile = profilePerTest();

async function ask(query: string) {
  const { page } = profile;
  // The answer shown before this one, if any: the new one is waited for, not read off the old.
  const before = Number(
    (await page
      .locator(t('router-plan'))
      .getAttribute('data-asked', { timeout: 100 })
      .catch(() => null)) ?? 0,
  );
  await page.fill(t('router-query'), query);
  await page.click(t('route-button'));
  await page.waitForFunction(
    (q) => (document.querySelector('[data-testid="router-query"]') as HTMLInputElement).value === q,
    query,
  );
  await page.waitForSelector(`${t('router-plan')}[data-asked="${before + 1}"]`);
}

describe('the Router view', () => {
  it('plans a decentralized team for a comparison, draws its peers, and opens it in the run view', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=router`);
    await page.waitForSelector(`${t('route-button')}:not([disabled])`);
    await ask('Compare these three laptops on price, battery life and weight and tell me which to buy');
    expect(await page.getAttribute(t('router-plan'), 'data-topology')).toBe('peers');
    expect(await page.locator(t('team-worker')).count()).toBe(3);
    expect(await page.locator(t('team-manager')).count()).toBe(0);
    const plan = JSON.parse((await page.textContent(t('router-plan-json'))) ?? '');
    expect(plan).toMatchObject({ topology: 'peers', manager_role: null });
    await page.click(t('router-run'));
    await page.waitForSelector(t('run-button'));
    expect(page.url()).toMatch(/scenario=compare-options/);
    expect(page.url()).toMatch(/policy=peers/);
    expect(profile.errors).toEqual([]);
  });

  it('queues a request it is unsure of, learns the label given, keeps it across a reload, and exports it', async () => {
    const { page } = profile;
    const unsure = 'Make a podcast episode outline about jazz';
    await page.goto(`${appUrl}#pace=0&view=router`);
    await page.waitForSelector(`${t('route-button')}:not([disabled])`);
    await ask(unsure);
    const confidence = await page.textContent(t('router-confidence'));
    expect(Number(confidence)).toBeLessThan(0.6);
    // Its bar reads otherwise (0.38 against 0.32): one line says why, naming the confidence.
    expect(await page.textContent(t('router-confidence-note'))).toContain(`confidence (${confidence})`);
    await page.waitForSelector(t('router-unsure'));
    const row = page.locator(t('arbitration-item')).filter({ hasText: unsure });
    expect(await row.getAttribute('data-status')).toBe('pending');
    // Asked again, it is not queued twice.
    await ask(unsure);
    expect(await page.locator(t('arbitration-item')).count()).toBe(1);

    await row.locator(t('arbitration-choice')).selectOption('single/general');
    await row.locator(t('arbitration-save')).click();
    await page.waitForSelector(`${t('arbitration-item')}[data-status="labelled"]`);
    await page.waitForFunction(() =>
      /and 1 you/.test(document.querySelector('[data-testid="router-trained-on"]')?.textContent ?? ''),
    );
    // The retrained router now answers the request with the label it was given, and is sure.
    await ask(unsure);
    expect(await page.getAttribute(t('router-plan'), 'data-topology')).toBe('single');
    expect(Number(await page.textContent(t('router-confidence')))).toBeGreaterThanOrEqual(0.6);

    await page.reload();
    await page.waitForSelector(`${t('arbitration-item')}[data-status="labelled"]`);
    expect(await page.textContent(t('arbitration-label'))).toMatch(/single\/general\s+by user/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click(t('arbitration-sft'))]);
    // One file: the rows and their card in one zip.
    const zip = unzipSync(await readFile((await download.path()) as string));
    expect(Object.keys(zip).sort()).toEqual([
      'swarmflight-arbitrated-plans.jsonl',
      'swarmflight-arbitrated-plans.md',
    ]);
    const rows = strFromU8(zip['swarmflight-arbitrated-plans.jsonl'] as Uint8Array)
      .trim()
      .split('\n');
    expect(rows).toHaveLength(1);
    const messages = JSON.parse(rows[0] as string).messages;
    expect(messages[1]).toEqual({ role: 'user', content: unsure });
    expect(JSON.parse(messages[2].content)).toMatchObject({ topology: 'single' });
    expect(profile.errors).toEqual([]);
  });
});
