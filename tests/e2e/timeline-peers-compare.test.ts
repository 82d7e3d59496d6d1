import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * What the walk-through saw on the page: a peers run drawn with orchestrator nodes and lanes
 * named apart from its agent graph, names over circles, and the compare view's lane names about
 * 4 px high.
 */
// A function, not a string: the app's Content-Security-Policy refuses to evaluate strings.
const done = () => document.querySelector('[data-testid="run-status"]')?.textContent === 'done';

const profile = profilePerTest();

describe('the run view of a decentralized run', () => {
  it('draws rounds of peers under their own names, with no orchestrator anywhere in its graph', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0`);
    await page.click(`${t('scenario-card-compare-options')} button.primary`);
    await page.waitForFunction(done, undefined, { timeout: 120_000 });
    await page.waitForSelector(t('timeline-round'));
    const kinds = await page.$$eval('[data-testid^="dag-node"]', (n) =>
      n.map((x) => x.getAttribute('data-kind')),
    );
    expect(kinds.length).toBe(6);
    expect(kinds.every((k) => k === 'task')).toBe(true);
    expect(await page.textContent(t('critical-path-summary'))).not.toMatch(/orchestrator/);
    expect(await page.$$eval(t('timeline-round'), (n) => n.map((x) => x.getAttribute('data-round')))).toEqual(
      ['1', '2'],
    );
    expect(await page.$$(t('timeline-step'))).toHaveLength(0);
    const lanes = await page.$$eval('g.lanes text', (n) => n.map((x) => x.textContent));
    expect(lanes).toEqual(['rounds', 'peer-a', 'peer-b', 'peer-c']);
    // Each peer's name is clear of every circle in the picture.
    const hits = await page.$$eval(t('agent-node'), (nodes) => {
      const circles = nodes.map((g) =>
        (g.querySelector('circle') as SVGCircleElement).getBoundingClientRect(),
      );
      const out: string[] = [];
      for (const g of nodes) {
        const label = g.querySelector('[data-testid="agent-label"]')?.getBoundingClientRect();
        if (!label) out.push(`${g.getAttribute('data-agent')} unnamed`);
        else
          for (const c of circles)
            if (label.left < c.right && c.left < label.right && label.top < c.bottom && c.top < label.bottom)
              out.push(`${g.getAttribute('data-agent')} over a circle`);
      }
      return out;
    });
    expect(hits).toEqual([]);
    expect(profile.errors).toEqual([]);
  });
});

describe('the compare view', () => {
  it('names its timelines’ lanes in type as large as the rest of the page’s small print', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=run&scenario=deep-search`);
    await page.click(t('run-button'));
    await page.waitForFunction(done, undefined, { timeout: 120_000 });
    await page.click(t('compare-serial'));
    await page.waitForSelector(t('compare-table'), { timeout: 180_000 });
    await page.waitForSelector('g.lanes text');
    const heights = await page.$$eval('g.lanes text', (n) => n.map((x) => x.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThanOrEqual(4);
    for (const h of heights) expect(h).toBeGreaterThanOrEqual(10);
    expect(profile.errors).toEqual([]);
  });
});
