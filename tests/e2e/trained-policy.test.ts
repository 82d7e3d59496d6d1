import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * A policy trained with the CLI, used in the built app: imported in the Train view, run on wide
 * search from the Run view (its decisions shown with their probabilities), and compared with the
 * heuristic on the same seed in Compare.
 */

const profile = profilePerTest();
const root = fileURLToPath(new URL('../../', import.meta.url));
const file = join(mkdtempSync(join(tmpdir(), 'e2e-policy-')), 'cli-parl.json');

beforeAll(() => {
  execFileSync(
    process.execPath,
    [
      'node_modules/tsx/dist/cli.mjs',
      'src/cli/main.ts',
      'train',
      '--scenario',
      'mix',
      '--policy',
      'parl',
      '--episodes',
      '32',
      '--out',
      file,
    ],
    { cwd: root, stdio: 'pipe' },
  );
}, 120_000);

const done = () => document.querySelector('[data-testid="run-status"]')?.textContent === 'done';

describe('a trained policy in the page', () => {
  it('imports, runs wide search with its decisions shown, and compares with the heuristic', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=train`);
    await page.setInputFiles(t('policy-file'), file);
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="policy-name"]') as HTMLInputElement | null)?.value ===
        'cli-parl',
    );
    expect(await page.inputValue(t('policy-name'))).toBe('cli-parl');
    await page.click(t('save-policy'));
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="saved-policy"]')].some((r) =>
        /cli-parl/.test(r.textContent ?? ''),
      ),
    );

    // The page's own API runs it by its saved name, and its trace header names the checkpoint.
    const viaApi = await page.evaluate(async () => {
      type Call = (...a: unknown[]) => Promise<unknown>;
      const api = (window as unknown as { swarmflight: { create: Call; wait: Call } }).swarmflight;
      const id = await api.create({ scenario: 'wide-search', seed: 5, size: 10, policy: 'parl:cli-parl' });
      const done = (await api.wait(id)) as {
        state: string;
        runs: { header?: { policyCheckpoint?: string } }[];
      };
      let missing = '';
      try {
        await api.create({ scenario: 'wide-search', policy: 'parl:no-such-policy' });
      } catch (error) {
        missing = `${(error as { code: string }).code}: ${(error as Error).message}`;
      }
      return { state: done.state, checkpoint: done.runs[0]?.header?.policyCheckpoint, missing };
    });
    expect(viaApi.state).toBe('done');
    expect(viaApi.checkpoint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(viaApi.missing).toMatch(
      /^invalid-task: .*no checkpoint "no-such-policy" \(the name of a policy saved in this browser/,
    );

    await page.goto(`${appUrl}#pace=0&view=run&scenario=wide-search&seed=3&policy=parl%3Acli-parl`);
    await page.waitForSelector(`${t('policy-select')} option[value="parl:cli-parl"]`, { state: 'attached' });
    await page.click(t('run-button'));
    await page.waitForFunction(done, undefined, { timeout: 60_000 });
    // The plan (single, swarm or a cut: swarm/vote3, swarm/shard2, swarm/shard12) and the run's
    // decisions, each with the probability it was given.
    const plan = await page.textContent(t('policy-plan'));
    expect(plan).toMatch(/before the run plan (single|swarm(\/(vote3|shard2|shard12))?) \(p [01]\.\d\d\)/);
    // Solo or not, the run's first decision launched work: its width, profile and go / submit.
    expect(await page.locator(t('policy-decision')).first().textContent()).toMatch(
      /step 1, t=0 width \S+ \(p \d\.\d\d\) · profile (small|medium|large) \(p \d\.\d\d\) · then (go|finish) \(p \d\.\d\d\)/,
    );

    await page.goto(`${appUrl}#pace=0&view=run&scenario=wide-search&seed=3&policy=heuristic`);
    await page.waitForSelector(`${t('policy-select')}`);
    await page.click(t('run-button'));
    await page.waitForFunction(done, undefined, { timeout: 60_000 });
    // No learned policy, no decisions panel.
    expect(await page.locator(t('policy-decisions')).count()).toBe(0);

    await page.goto(`${appUrl}#pace=0&view=library`);
    await page.waitForSelector(t('trace-row'));
    const rows = page.locator(t('trace-row'));
    expect(await rows.count()).toBe(2);
    for (let i = 0; i < 2; i++) await rows.nth(i).locator('input[type="checkbox"]').check();
    await page.click(t('compare-selected'));
    await page.waitForSelector(t('compare-table'));
    const head = await page.textContent(`${t('compare-table')} thead`);
    expect(head).toMatch(/parl:cli-parl/);
    expect(head).toMatch(/heuristic/);
    expect(await page.locator(`${t('compare-row')}[data-metric="reward"]`).count()).toBe(1);
    expect(profile.errors).toEqual([]);
  }, 120_000);

  it('runs a fixed setting named in the link, as the API and the CLI do, and names it in the picker', async () => {
    const { page } = profile;
    await page.goto(
      `${appUrl}#pace=0&view=run&scenario=wide-search&seed=3&policy=${encodeURIComponent('fixed:solo/large')}`,
    );
    await page.waitForSelector(t('policy-select'));
    expect(await page.inputValue(t('policy-select'))).toBe('fixed:solo/large');
    await page.click(t('run-button'));
    await page.waitForFunction(done, undefined, { timeout: 60_000 });
    // Solo: one agent ran the whole task, on the large profile.
    const header = await page.evaluate(async () => {
      type Call = (...a: unknown[]) => Promise<unknown>;
      const api = (window as unknown as { swarmflight: { create: Call; wait: Call } }).swarmflight;
      const id = await api.create({ scenario: 'wide-search', seed: 3, policy: 'fixed:solo/large' });
      const run = (await api.wait(id)) as { runs: { header?: { policy?: string; planMode?: string } }[] };
      return run.runs[0]?.header;
    });
    expect(header).toMatchObject({ policy: 'fixed:solo/large', planMode: 'single' });
    // A bad setting is refused in the link in the core's words.
    await page.goto(
      `${appUrl}#pace=0&view=run&scenario=wide-search&policy=${encodeURIComponent('fixed:all/huge')}`,
    );
    await page.waitForSelector(t('link-problems'));
    expect(await page.textContent(t('link-problems'))).toContain('unknown profile "huge"');
    expect(profile.errors).toEqual([]);
  }, 120_000);
  it('runs a setting that cuts the swarm: three replicas per hop whose answers vote, shown and recorded', async () => {
    const { page } = profile;
    const setting = 'fixed:all/small/vote3';
    await page.goto(
      `${appUrl}#pace=0&view=run&scenario=deep-search&seed=3&policy=${encodeURIComponent(setting)}`,
    );
    await page.waitForSelector(t('policy-select'));
    expect(await page.inputValue(t('policy-select'))).toBe(setting);
    await page.click(t('run-button'));
    await page.waitForFunction(done, undefined, { timeout: 60_000 });
    // Each hop ran three times: the run graph holds the replicas.
    const text = await page.textContent('body');
    expect(text).toMatch(/q1-hop1~2/);
    expect(text).toMatch(/q1-hop1~3/);
    const header = await page.evaluate(async (policy) => {
      type Call = (...a: unknown[]) => Promise<unknown>;
      const api = (window as unknown as { swarmflight: { create: Call; wait: Call } }).swarmflight;
      const id = await api.create({ scenario: 'deep-search', seed: 3, policy });
      const run = (await api.wait(id)) as { runs: { header?: { planCut?: unknown } }[] };
      return run.runs[0]?.header;
    }, setting);
    expect(header).toMatchObject({ planCut: { replicas: 3 } });
    expect(profile.errors).toEqual([]);
  }, 120_000);
});
