import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * Learned orchestration in the page (issue 16): PARL trains in a Web Worker with live curves, the
 * saved policy joins the test-split leaderboard beside the baselines with a paired interval and a
 * Pareto plot, survives a reload in IndexedDB, and opens on a test instance in the Run view.
 */

const profile = profilePerTest();

const rows = `[...document.querySelectorAll('[data-testid="orch-row"]')].map((r) => ({
  policy: r.getAttribute('data-policy'), cells: [...r.querySelectorAll('td')].map((td) => td.textContent) }))`;

describe('learning to orchestrate in the Train view', () => {
  it('trains, saves, ranks on test, keeps the policy across a reload and opens it in the Run view', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#view=train`);
    // The baselines are ranked before anything is trained.
    await page.waitForSelector(t('orch-leaderboard'), { timeout: 60_000 });
    const before = (await page.evaluate(rows)) as { policy: string }[];
    expect(before.map((r) => r.policy.replace(/ \(.*\)$/, '')).sort()).toEqual(
      ['best-fixed', 'heuristic', 'per-kind', 'serial'].sort(),
    );

    await page.fill(t('orch-episodes'), '6400');
    await page.dispatchEvent(t('orch-episodes'), 'change');
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    expect(await page.inputValue(t('orch-workers'))).toBe(String(Math.max(0, Math.min(7, cores - 2))));
    await page.fill(t('orch-workers'), '1');
    await page.dispatchEvent(t('orch-workers'), 'change');
    await page.click(t('orch-train'));
    await page.waitForFunction(
      (sel) => /^done · 6,400 \/ 6,400/.test(document.querySelector(sel)?.textContent ?? ''),
      t('orch-status'),
      { timeout: 60_000 },
    );
    const curves = await page.getAttribute(t('orch-curves'), 'src');
    expect(decodeURIComponent(curves ?? '')).toContain('λ1·r_parallel');
    // The user asked for one rollout worker (the default is cores − 2, none on 2 cores): the built
    // app's nested Web Worker played half of every batch.
    expect((await page.textContent(t('orch-message'))) ?? '').toMatch(
      /^Trained 6,400 episodes in \d+\.\d s, 1 rollout worker beside the trainer \(they played 3,200\)\.$/,
    );

    await page.fill(t('orch-name'), 'e2e orchestrator');
    await page.click(t('orch-save'));
    const mine = `${t('orch-row')}[data-policy="e2e orchestrator"]`;
    await page.waitForSelector(mine, { timeout: 60_000 });
    const row = ((await page.evaluate(rows)) as { policy: string; cells: string[] }[]).find(
      (r) => r.policy === 'e2e orchestrator',
    );
    // reward, then its paired interval against the best fixed setting: "+0.047 [+0.026, +0.069]".
    expect(Number(row?.cells[1]?.replace('−', '-'))).toBeGreaterThan(-1);
    expect(row?.cells[2]).toMatch(/^[+−]\d\.\d{3} \[[+−]\d\.\d{3}, [+−]\d\.\d{3}\]$/);
    expect(await page.getAttribute(t('orch-pareto'), 'src')).toMatch(/^data:image\/svg\+xml/);

    await page.reload();
    await page.waitForSelector(mine, { timeout: 60_000 });
    await page.fill(t('orch-instance'), '7');
    await page.dispatchEvent(t('orch-instance'), 'change');
    await page.click(`${mine} ${t('orch-open')}`);
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 30_000 });
    await page.waitForSelector(t('dag-node-critical'));
    const quality = await page.textContent('[data-testid="metric-quality"]');
    expect(quality).toMatch(/reward/);
    // The episode in the Run view's terms: its lower bound below its critical steps, and those
    // steps all accounted for, orchestrator steps plus the slowest subagent of each (no "not in the trace").
    const card = (id: string) =>
      page.evaluate(
        `Number(document.querySelector('[data-testid="metric-${id}"] .value').textContent.replace(/,/g, ''))`,
      ) as Promise<number>;
    const critical = await card('critical-steps');
    expect(await card('lower-bound')).toBeLessThanOrEqual(critical);
    const summary = (await page.textContent(t('critical-path-summary'))) ?? '';
    expect(summary).not.toMatch(/not in the trace/);
    const [, main, sub] =
      summary.match(/= ([\d.]+) in \d+ orchestrator steps? \+ ([\d.]+) in subagents/) ?? [];
    expect(Number(main) + Number(sub)).toBe(critical);
    expect(profile.errors).toEqual([]);
  });
});
