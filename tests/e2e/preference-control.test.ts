/**
 * The page's "better ↔ cheaper ↔ faster" control (issue 59 item 3): it shows the link's
 * preference, moving a slider keeps the new one in the link, and the run it starts records it in
 * its trace header (tests/e2e/run-request.test.ts: the same request's trace from the CLI and the API).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeTrace } from '../../src/core/trace/jsonl';
import { appUrl, profilePerTest, testId as t } from './support/browser';

const profile = profilePerTest();

describe('the preference control', () => {
  it('reads the link, writes a moved slider into it, and the run records the preference', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=run&scenario=deep-search&seed=2&preference=0.5,2`);
    await page.waitForSelector(t('preference-control'));
    expect(await page.inputValue(t('preference-cost'))).toBe('0.5');
    expect(await page.inputValue(t('preference-time'))).toBe('2');
    await page.fill(t('preference-cost'), '2.5');
    await page.waitForFunction(() => location.hash.includes('preference=2.5%2C2'));
    await page.click(t('run-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    await page.click(t('nav-library'));
    await page.waitForSelector(t('trace-row'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(t('download-jsonl'))]);
    const trace = decodeTrace(await readFile((await download.path()) as string, 'utf8'));
    if (!trace.ok) throw new Error(JSON.stringify(trace.problems));
    expect(trace.header.preference).toEqual({ cost: 2.5, time: 2 });
    expect(profile.errors).toEqual([]);
  }, 120_000);
});
