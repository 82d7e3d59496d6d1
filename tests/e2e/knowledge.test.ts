import { describe, expect, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * The knowledge base in the built app (issue 17): three text files imported through the file
 * input, a search that finds the passage in the right file, the documents still there after a
 * reload (IndexedDB), a document deleted, bad files skipped with their reasons, a PDF read by
 * pdf.js, and a rag-qa run
 * that answers from the documents with citations that open the cited passage, under the question,
 * graded only on what can be measured without a reference answer.
 */

const profile = profilePerTest();

const file = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });

const files = [
  file(
    'tides.md',
    '# Tides\n\nThe tides are caused by the gravity of the Moon and the Sun pulling on the oceans. Spring tides happen at full and new moon, when the pull lines up.\n\nNeap tides are the weakest tides of the month.',
  ),
  file(
    'sourdough.txt',
    'Sourdough bread rises because a starter of wild yeast and lactic acid bacteria ferments the dough. Feed the starter with flour and water every day.\n\nBake the loaf in a hot oven at 250 degrees for the first twenty minutes.',
  ),
  file(
    'volcanoes.html',
    '<html><body><h1>Volcanoes</h1><p>A volcano erupts when magma rises through cracks in the crust of the Earth.</p><script>document.title="pwned"</script><p>Basalt is the most common volcanic rock.</p></body></html>',
  ),
];

const rows = `[...document.querySelectorAll('[data-testid="kb-doc-row"]')].map((r) => r.getAttribute('data-source')).sort()`;

describe('the Knowledge view', () => {
  it('imports three files, finds the right passage, survives a reload, and answers with citations', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=knowledge`);
    await page.setInputFiles(t('kb-import'), files);
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 3, t('kb-doc-row'), {
      timeout: 60_000,
    });
    expect(await page.evaluate(rows)).toEqual(['sourdough.txt', 'tides.md', 'volcanoes.html']);

    await page.fill(t('kb-query'), 'why does bread rise');
    await page.click(t('kb-search'));
    await page.waitForSelector(t('kb-result'));
    expect(await page.getAttribute(t('kb-result'), 'data-source')).toBe('sourdough.txt');

    // Markup is dropped and never run: the HTML file's script did nothing.
    await page.fill(t('kb-query'), 'magma rises through cracks');
    await page.click(t('kb-search'));
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.getAttribute('data-source') === 'volcanoes.html',
      t('kb-result'),
    );
    expect(await page.title()).not.toBe('pwned');
    expect(await page.textContent(t('kb-result'))).not.toContain('<p>');

    await page.reload();
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 3, t('kb-doc-row'), {
      timeout: 60_000,
    });

    // An empty file and a binary one are skipped, named, and the good file still goes in.
    await page.setInputFiles(t('kb-import'), [
      file('empty.txt', ''),
      { name: 'photo.txt', mimeType: 'text/plain', buffer: Buffer.from([0x89, 0x50, 0x00, 0x01, 0x02]) },
      file('moon.txt', 'The Moon orbits the Earth once every 27 days.'),
    ]);
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 4, t('kb-doc-row'), {
      timeout: 60_000,
    });
    const note = await page.textContent(t('kb-message'));
    expect(note).toContain('empty.txt');
    expect(note).toContain('photo.txt');

    await page.click(`${t('kb-doc-row')}[data-source="moon.txt"] ${t('kb-delete')}`);
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 3, t('kb-doc-row'));

    // A PDF goes through pdf.js and its worker, loaded only now.
    await page.setInputFiles(t('kb-import'), 'tests/fixtures/kb/glaciers.pdf');
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 4, t('kb-doc-row'), {
      timeout: 60_000,
    });
    await page.fill(t('kb-query'), 'glaciers carve valleys');
    await page.click(t('kb-search'));
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.getAttribute('data-source') === 'glaciers.pdf',
      t('kb-result'),
    );

    await page.fill(t('kb-question'), 'What causes the tides?');
    await page.click(t('kb-ask'));
    await page.waitForSelector(t('run-answer'), { timeout: 120_000 });
    // The answer is drawn as soon as the last task hands it back; the run's status turns a moment
    // later, at run.finished (a busy CI machine once read it in between: 'running').
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.textContent !== 'running',
      t('run-status'),
      { timeout: 30_000 },
    );
    expect(await page.textContent(t('run-status'))).toBe('done');
    // The question is shown with its answer, and the answer is the sentence that gives the cause,
    // not one that merely mentions tides (the new-user walk-through's defect).
    const shown = (await page.textContent(`${t('run-answer')} .answer-text`)) ?? '';
    expect(shown.startsWith('Question: What causes the tides?')).toBe(true);
    expect(shown).toContain('The tides are caused by the gravity of the Moon');
    expect(shown).not.toContain('Spring tides happen');
    expect(shown).not.toContain('not graded');
    // What the grade leaves unmeasured is said beside the score, not inside the answer.
    expect(await page.textContent(t('answer-score'))).toContain('whether the answer is right is not graded');
    // Without a reference answer the grade lists what it measured, not citations alone.
    const criteria = await page.$$eval(t('criterion'), (els) => els.map((e) => e.getAttribute('data-name')));
    expect(criteria).toEqual(['citations', 'question terms', 'answer form']);
    const citation = await page.waitForSelector(t('citation'));
    expect(await citation.getAttribute('data-source')).toBe('tides.md');
    await citation.click();
    expect(await page.textContent(t('cited-passage'))).toContain('gravity of the Moon');
    // The Run view holds the question, and asks another one from there (it had no field for it).
    expect(await page.inputValue(t('kb-run-question'))).toBe('What causes the tides?');
    await page.fill(t('kb-run-question'), 'What do glaciers carve?');
    await page.dispatchEvent(t('kb-run-question'), 'change');
    await page.click(t('run-button'));
    await page.waitForFunction(
      (sel) =>
        (document.querySelector(sel)?.textContent ?? '').startsWith('Question: What do glaciers carve?'),
      `${t('run-answer')} .answer-text`,
      { timeout: 120_000 },
    );
    expect(profile.errors).toEqual([]);
  });
});
