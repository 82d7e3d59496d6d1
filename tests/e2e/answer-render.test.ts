import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * Issue 44, item 2, in the built app: an answer is drawn as what it is (headings, paragraphs, a
 * code block, a list, a table), the raw text one click away, and every string of it is text: HTML
 * in a document the answer quotes is shown as its characters and makes no element. A table answer
 * on a phone is a block of labelled lines a row, in a box a keyboard can reach.
 */
const profile = profilePerTest();

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The elements the drawn answer is made of, by tag. */
const tagsOfAnswer = (sel: string) =>
  [...(document.querySelector(sel)?.querySelectorAll('*') ?? [])].map((e) => e.tagName.toLowerCase());

async function runCard(id: string) {
  const { page } = profile;
  await page.goto(`${appUrl}#pace=0&view=gallery`);
  await page.click(`${t(`scenario-card-${id}`)} button.primary`);
  await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 90_000 });
  await page.waitForSelector(t('run-answer'));
}

describe('a story, a lesson and code as answers', () => {
  it('are drawn as headings, paragraphs, a list and a code block, with no Markdown marks left', async () => {
    const { page } = profile;
    const answer = `${t('run-answer')} .answer-text`;
    await runCard('write-story');
    let tags = await page.evaluate(tagsOfAnswer, answer);
    expect(tags).toContain('h4');
    expect(tags.filter((x) => x === 'h5').length).toBeGreaterThanOrEqual(3);
    expect(tags.filter((x) => x === 'p').length).toBeGreaterThanOrEqual(5);
    let text = (await page.textContent(answer)) ?? '';
    expect(text).not.toMatch(/(^|\n)#/);
    // The raw text is one click away, folded, with its marks.
    expect(await page.locator(`${t('answer-raw')}[open]`).count()).toBe(0);
    await page.click(`${t('answer-raw')} summary`);
    expect(await page.textContent(`${t('answer-raw')} pre`)).toMatch(/^# /);

    await runCard('teach-explain');
    tags = await page.evaluate(tagsOfAnswer, answer);
    expect(tags).toContain('ol');
    expect(tags.filter((x) => x === 'li').length).toBeGreaterThanOrEqual(3);

    await runCard('mixed-coding');
    tags = await page.evaluate(tagsOfAnswer, answer);
    expect(tags).toContain('pre');
    expect(tags).toContain('code');
    text = (await page.textContent(answer)) ?? '';
    expect(text).not.toContain('```');
    expect(await page.textContent(`${answer} pre code`)).toContain('function');
    expect(profile.errors).toEqual([]);
  }, 200_000);
});

describe('a table answer on a phone', () => {
  it('shows every cell on screen, each row as labelled lines, in a named region that takes keyboard focus, with no serious axe finding', async () => {
    const { page } = profile;
    await page.setViewportSize({ width: 390, height: 844 });
    await runCard('wide-search');
    const box = page.locator(`section.answer-table:has(${t('answer-table')})`);
    expect(await box.getAttribute('tabindex')).toBe('0');
    expect(await box.getAttribute('aria-label')).toBe('Answer table');
    // Issue 61: a sideways scroll hid the columns past the screen's edge; now nothing is past it.
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);
    const cells = await page
      .locator(`${t('answer-table')} td`)
      .evaluateAll((tds) =>
        tds.map((td) => ({ right: td.getBoundingClientRect().right, label: td.getAttribute('data-label') })),
      );
    expect(cells.length).toBeGreaterThan(10);
    expect(cells.filter((c) => c.right > 390 || !c.label)).toEqual([]);
    await box.focus();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('answer-table'))).toBe(true);
    await page.evaluate(axeSource);
    const found = (await page.evaluate(
      `axe.run(document.querySelector('[data-testid="run-answer"]'), { resultTypes: ['violations'] }).then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id))`,
    )) as string[];
    expect(found).toEqual([]);
    expect(profile.errors).toEqual([]);
  }, 120_000);
});

const file = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });

describe('an answer that quotes HTML', () => {
  it('shows the markup as text and makes no element of it', async () => {
    const { page } = profile;
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${appUrl}#pace=0&view=knowledge`);
    await page.setInputFiles(t('kb-import'), [
      file(
        'tides.txt',
        'The tides are caused by the gravity of the Moon <img src=x onerror=alert(1)> and the Sun <script>alert(2)</script> pulling on the oceans',
      ),
    ]);
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, t('kb-doc-row'), {
      timeout: 60_000,
    });
    await page.fill(t('kb-question'), 'What causes the tides?');
    await page.click(t('kb-ask'));
    await page.waitForSelector(t('run-answer'), { timeout: 120_000 });
    const answer = `${t('run-answer')} .answer-text`;
    const shown = (await page.textContent(answer)) ?? '';
    expect(shown).toContain('<img src=x onerror=alert(1)>');
    expect(shown).toContain('<script>alert(2)</script>');
    // No element came of it, in the drawn answer or the raw text beside it.
    expect(await page.locator(`${t('run-answer')} img, ${t('run-answer')} script`).count()).toBe(0);
    expect(dialogs).toEqual([]);
    // The raw text is one click away, as text too.
    await page.click(`${t('answer-raw')} summary`);
    expect(await page.textContent(`${t('answer-raw')} pre`)).toContain('<script>alert(2)</script>');
    expect(profile.errors).toEqual([]);
  }, 150_000);
});
