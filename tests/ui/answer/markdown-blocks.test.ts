import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingTag, markdownBlocks } from '../../../src/ui/answer/markdown-blocks';

/** The answer's Markdown subset cut into typed blocks of plain text (the view draws them as text). */

describe('markdownBlocks', () => {
  it('reads a story: a title, section headings and blank-line-separated paragraphs', () => {
    const story = [
      '# The Story of Hugo',
      '',
      '## 1. Hugo found a cracked wand',
      '',
      'The sky had turned dark.',
      'Hugo grabbed the rope.',
      '',
      'Whatever came next, they would face it together.',
    ].join('\n');
    expect(markdownBlocks(story)).toEqual([
      { type: 'heading', level: 1, text: 'The Story of Hugo' },
      // A numbered heading stays a heading, not a list.
      { type: 'heading', level: 2, text: '1. Hugo found a cracked wand' },
      { type: 'paragraph', text: 'The sky had turned dark.\nHugo grabbed the rope.' },
      { type: 'paragraph', text: 'Whatever came next, they would face it together.' },
    ]);
  });

  it('reads a lesson’s numbered exercises with their answer lines as one item each', () => {
    const lesson = [
      '## Exercises',
      '',
      '1. Round 46.',
      'Answer: 50',
      '2. Round 35.',
      'Answer: 40',
      '',
      'Done.',
    ].join('\n');
    expect(markdownBlocks(lesson)).toEqual([
      { type: 'heading', level: 2, text: 'Exercises' },
      {
        type: 'list',
        ordered: true,
        start: undefined,
        items: ['Round 46.\nAnswer: 50', 'Round 35.\nAnswer: 40'],
      },
      { type: 'paragraph', text: 'Done.' },
    ]);
  });

  it('reads bullets, a numbered list that starts later, and a list broken by blank lines', () => {
    expect(markdownBlocks('- one\n* two\n\n+ three\n\n3. c\n4. d')).toEqual([
      { type: 'list', ordered: false, start: undefined, items: ['one', 'two', 'three'] },
      { type: 'list', ordered: true, start: 3, items: ['c', 'd'] },
    ]);
  });

  it('keeps a fenced code block verbatim, with its language, Markdown marks inside it untouched', () => {
    const code = [
      'Here is the code:',
      '```ts',
      'export function sum(xs: number[]) {',
      '  # not a heading',
      '',
      '  - not a list',
      '}',
      '```',
      'After.',
    ].join('\n');
    expect(markdownBlocks(code)).toEqual([
      { type: 'paragraph', text: 'Here is the code:' },
      {
        type: 'code',
        lang: 'ts',
        text: 'export function sum(xs: number[]) {\n  # not a heading\n\n  - not a list\n}',
      },
      { type: 'paragraph', text: 'After.' },
    ]);
  });

  it('runs an unclosed fence to the end, and a longer fence only closes on as long a one', () => {
    expect(markdownBlocks('````\na\n```\nb')).toEqual([{ type: 'code', lang: undefined, text: 'a\n```\nb' }]);
  });

  it('drops a language that is no plain name (it becomes a class name)', () => {
    expect(markdownBlocks('```"><img src=x onerror=alert(1)>\nx\n```')).toEqual([
      { type: 'code', lang: undefined, text: 'x' },
    ]);
  });

  it('reads a pipe table with its header and rows', () => {
    expect(
      markdownBlocks('Rows:\n\n| name | year |\n|---|---|\n| Ada | 1815 |\n| Alan | 1912 |\n\nEnd.'),
    ).toEqual([
      { type: 'paragraph', text: 'Rows:' },
      {
        type: 'table',
        columns: ['name', 'year'],
        rows: [
          ['Ada', '1815'],
          ['Alan', '1912'],
        ],
      },
      { type: 'paragraph', text: 'End.' },
    ]);
  });

  it('leaves what is not the subset as the text it is', () => {
    expect(markdownBlocks('#hashtag and **bold** | a pipe\n> quoted')).toEqual([
      { type: 'paragraph', text: '#hashtag and **bold** | a pipe\n> quoted' },
    ]);
    expect(markdownBlocks('')).toEqual([]);
    expect(markdownBlocks('\r\n\r\n  ')).toEqual([]);
  });

  it('passes HTML and script through as plain strings, with every character kept', () => {
    const attack = [
      '# <img src=x onerror="alert(1)">',
      '<script>alert(document.cookie)</script>',
      '',
      '- [click](javascript:alert(1))',
      '```',
      '</code></pre><script>alert(2)</script>',
      '```',
    ].join('\n');
    const blocks = markdownBlocks(attack);
    expect(blocks).toEqual([
      { type: 'heading', level: 1, text: '<img src=x onerror="alert(1)">' },
      { type: 'paragraph', text: '<script>alert(document.cookie)</script>' },
      { type: 'list', ordered: false, start: undefined, items: ['[click](javascript:alert(1))'] },
      { type: 'code', lang: undefined, text: '</code></pre><script>alert(2)</script>' },
    ]);
    // Only strings and numbers come out: nothing a view could mistake for markup or a node.
    const leaves = JSON.stringify(blocks);
    expect(JSON.parse(leaves)).toEqual(blocks);
  });

  it('puts Markdown headings under the answer’s own h3, never above it', () => {
    expect([1, 2, 3, 4, 5, 6].map(headingTag)).toEqual(['h4', 'h5', 'h6', 'h6', 'h6', 'h6']);
  });
});

describe('the answer’s drawing code', () => {
  it('never hands a string to the DOM as markup: no innerHTML, outerHTML, insertAdjacentHTML or parsers', () => {
    const dir = join(import.meta.dirname, '../../../src/ui/answer');
    const files = [
      ...readdirSync(dir).map((f) => join(dir, f)),
      join(import.meta.dirname, '../../../src/ui/views/answer-view.tsx'),
    ];
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      expect(code, file).not.toMatch(
        /innerHTML|outerHTML|insertAdjacentHTML|DOMParser|createContextualFragment|srcdoc/,
      );
    }
  });
});
