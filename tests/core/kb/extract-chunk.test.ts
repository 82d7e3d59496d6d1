import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkText, extractText, KbError } from '../../../src/core/kb';
import { estimateTextTokens } from '../../../src/core/providers/tokens';
import { fcRuns } from '../../support/fc-runs';

describe('extractText', () => {
  it('drops Markdown markup and keeps the words', () => {
    const md =
      '# Title\n\nSome **bold** and `code`, a [link](http://x.y) and ![alt text](i.png).\n\n- item one\n- item two\n\n```js\nconst x = 1;\n```';
    expect(extractText('a.md', md)).toBe(
      'Title\n\nSome bold and code, a link and alt text.\n\nitem one\nitem two\n\nconst x = 1;',
    );
  });

  it('drops reStructuredText adornments, directives and roles', () => {
    const rst =
      ':mod:`bisect` --- Array bisection\n==================================\n\n.. module:: bisect\n   :synopsis: Array bisection algorithms.\n\nUse :func:`insort` to keep a list sorted. See ``key=`` and `the docs <https://x>`_.';
    const text = extractText('bisect.rst.txt', rst);
    expect(text).toContain('bisect --- Array bisection');
    expect(text).toContain('Use insort to keep a list sorted. See key= and the docs.');
    expect(text).not.toMatch(/===|\.\. module|:func:/);
  });

  it('reads HTML as text: tags dropped, scripts and styles dropped whole, entities decoded', () => {
    const html =
      '<html><head><style>p{color:red}</style></head><body><h1>Fish &amp; chips</h1><p>Hot&nbsp;food &#8212; fast.</p><script>alert("x")</script></body></html>';
    const text = extractText('menu.HTML', html);
    expect(text).toBe('Fish & chips\n\nHot food — fast.');
  });

  it('names the file of a format it does not read', () => {
    expect(() => extractText('photo.jpg', 'x')).toThrow(KbError);
    expect(() => extractText('photo.jpg', 'x')).toThrow(/photo\.jpg: not a format/);
  });
});

describe('chunkText', () => {
  it('chunks a 2 MB run of words with no full stop (minified or extracted text), not overflowing the stack', () => {
    const text = Array.from({ length: 300_000 }, (_, i) => `w${i % 977}`).join(' ');
    const chunks = chunkText(text, { chunkSize: 512, overlap: 64 });
    expect(chunks.length).toBeGreaterThan(100);
    expect(chunks.at(-1)?.text.endsWith(' w60')).toBe(true); // the last word: 299,999 % 977 = 60
  });

  const para = (n: number) =>
    Array.from({ length: n }, (_, i) => `Sentence number ${i} says something short.`).join(' ');

  it('keeps every passage within the size, cut at sentence ends, in order, covering the text', () => {
    const text = [para(30), para(12), para(40)].join('\n\n');
    const chunks = chunkText(text, { chunkSize: 100, overlap: 20 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(estimateTextTokens(c.text)).toBeLessThanOrEqual(100);
      expect(c.text).toMatch(/\.$/);
      expect(text.slice(c.start, c.end).trim()).toBe(c.text);
    }
    expect(chunks[0]?.start).toBe(0);
    expect(chunks.at(-1)?.end).toBe(text.length);
    // Each passage starts within the one before (the overlap) or right after it.
    for (let i = 1; i < chunks.length; i++)
      expect(chunks[i]!.start).toBeLessThanOrEqual(chunks[i - 1]!.end + 2);
  });

  it('prefers a paragraph end to a sentence end', () => {
    const text = `${para(8)}\n\n${para(8)}`;
    const chunks = chunkText(text, { chunkSize: 120, overlap: 0 });
    expect(chunks[0]?.text).toBe(para(8));
  });

  it('cuts a sentence longer than a passage at words', () => {
    const long = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');
    const chunks = chunkText(long, { chunkSize: 50, overlap: 10 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(estimateTextTokens(c.text)).toBeLessThanOrEqual(50);
  });

  it('refuses an overlap as large as the passage, naming both', () => {
    expect(() => chunkText('x', { chunkSize: 64, overlap: 64 })).toThrow(
      /chunkSize \(64\) must be larger than overlap \(64\)/,
    );
  });

  it('loses no sentence, whatever the text and sizes', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.constantFrom('Alpha beta.', 'Gamma delta epsilon.', 'Zeta?', 'Eta theta iota kappa!'), {
            minLength: 1,
            maxLength: 12,
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 16, max: 80 }),
        fc.integer({ min: 0, max: 15 }),
        (paras, size, overlap) => {
          const text = paras.map((p) => p.join(' ')).join('\n\n');
          const chunks = chunkText(text, { chunkSize: size, overlap });
          const covered = new Uint8Array(text.length);
          for (const c of chunks) covered.fill(1, c.start, c.end);
          text.split('').forEach((ch, i) => {
            if (/\S/.test(ch)) expect(covered[i]).toBe(1);
          });
        },
      ),
      { numRuns: fcRuns(60) },
    );
  });
});
