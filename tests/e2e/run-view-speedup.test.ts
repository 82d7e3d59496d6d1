import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * The run view's wall clock shows the swarm's speed-up (issue 15). A ratio of wall-clock times:
 * it runs in the e2e-alone project, with no second browser taking the cores it times.
 */

const profile = profilePerTest();

describe('the run view', () => {
  it('shows a wall-clock speed-up within 25% of the critical-steps one against a single agent', async () => {
    const { page } = profile;
    // A slower pace than the default, so that fixed costs (starting workers on a busy 2-core
    // machine) weigh less against the simulated model time the ratio is about.
    await page.goto(`${appUrl}#view=run&scenario=wide-search&size=60&seed=1&policy=heuristic&pace=120`);
    await page.click(t('compare-serial'));
    await page.waitForSelector(t('compare-table'), { timeout: 120_000 });
    const rows =
      (await page.evaluate(`Object.fromEntries([...document.querySelectorAll('[data-testid="compare-row"]')].map((r) =>
      [r.getAttribute('data-metric'), [...r.querySelectorAll('td[data-value]')].map((c) => Number(c.getAttribute('data-value')))]))`)) as Record<
        string,
        [number, number]
      >;
    const [swarmSteps, serialSteps] = rows.criticalSteps as [number, number];
    const [swarmMs, serialMs] = rows.wallClockMs as [number, number];
    const steps = serialSteps / swarmSteps;
    const wall = serialMs / swarmMs;
    expect(steps).toBeGreaterThanOrEqual(4.5);
    expect(wall).toBeGreaterThanOrEqual(4.5);
    expect(
      Math.abs(wall / steps - 1),
      `wall ×${wall.toFixed(2)} against steps ×${steps.toFixed(2)}`,
    ).toBeLessThanOrEqual(0.25);
    expect(profile.errors).toEqual([]);
  }, 180_000);
});
