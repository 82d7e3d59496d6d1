import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * Every gallery card with every built-in policy, as a user picks them in the Run view: each run
 * ends `done` on the simulated provider with no error on the page. The model orchestrator (`llm`)
 * directs agents, so on a pure-scheduling card it is offered disabled, with the reason. Runs go
 * at full speed (pace 0) and the stress card at 100 tasks, to keep the suite short.
 */
const POLICIES = ['serial', 'heuristic', 'critical-path', 'llm'] as const;

const profile = profilePerTest();

describe('the gallery × policy matrix', () => {
  it('runs every card to done with every policy that applies to it', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=40`);
    const cards = await page.locator('[data-testid^="scenario-card-"]').evaluateAll((els) =>
      els.map((c) => ({
        id: (c.getAttribute('data-testid') ?? '').replace('scenario-card-', ''),
        scheduling: c.querySelector('.tag')?.textContent === 'scheduling',
      })),
    );
    expect(cards.length).toBeGreaterThanOrEqual(14);
    const ended: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const card of cards) {
      for (const policy of POLICIES) {
        const key = `${card.id} × ${policy}`;
        const size = card.id === 'stress' ? '&size=100' : '';
        await page.goto(`${appUrl}#view=run&scenario=${card.id}&policy=${policy}&pace=0${size}`);
        await page.reload();
        if (card.scheduling && policy === 'llm') {
          const option = page.locator(`${t('policy-select')} option[value="llm"]`);
          ended[key] = (await option.isDisabled()) ? 'offered disabled' : 'offered';
          expected[key] = 'offered disabled';
          continue;
        }
        await page.click(t('run-button'));
        await page.waitForFunction(
          (sel) => ['done', 'failed', 'cancelled'].includes(document.querySelector(sel)?.textContent ?? ''),
          t('run-status'),
          { timeout: 60_000 },
        );
        const status = await page.textContent(t('run-status'));
        const error = (await page.locator(t('run-error')).count())
          ? await page.textContent(t('run-error'))
          : '';
        ended[key] = `${status}${error ? `: ${error}` : ''}`;
        expected[key] = 'done';
      }
    }
    expect(ended).toEqual(expected);
    expect(profile.errors).toEqual([]);
  }, 900_000);
});
