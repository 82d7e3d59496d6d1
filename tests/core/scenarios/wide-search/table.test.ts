import { describe, expect, it } from 'vitest';
import {
  parseCsv,
  parseMarkdownTable,
  type Table,
  type TableResult,
} from '../../../../src/core/scenarios/wide-search/table';

function tableOf(result: TableResult): Table {
  if (!result.ok) throw new Error(`expected a table, got: ${result.message}`);
  return result.table;
}

function errorOf(result: TableResult): { message: string; line?: number } {
  if (result.ok) throw new Error('expected the text to be rejected');
  return result;
}

const md = (...lines: string[]) => lines.join('\n');

describe('parseMarkdownTable', () => {
  it('reads the table out of surrounding prose, skipping the delimiter row', () => {
    const text = md(
      'Sure! Here is what I found.',
      '',
      '| Name | Year |',
      '|:-----|-----:|',
      '| Ada  | 1815 |',
      '| Alan | 1912 |',
      '',
      'Let me know if you need more.',
    );
    expect(tableOf(parseMarkdownTable(text))).toEqual({
      columns: ['Name', 'Year'],
      rows: [
        ['Ada', '1815'],
        ['Alan', '1912'],
      ],
    });
  });

  it('accepts rows without leading or trailing pipes, and CRLF line ends', () => {
    const text = 'Name | Year\r\n--- | ---\r\nAda | 1815 |\r\n| Alan | 1912\r\n';
    expect(tableOf(parseMarkdownTable(text)).rows).toEqual([
      ['Ada', '1815'],
      ['Alan', '1912'],
    ]);
  });

  it('reads \\| as a pipe inside a cell', () => {
    const text = md('| expr | value |', '|---|---|', '| a \\| b | 1 |');
    expect(tableOf(parseMarkdownTable(text)).rows).toEqual([['a | b', '1']]);
  });

  it('takes the table inside a ```markdown fence', () => {
    const text = md('```markdown', '| a | b |', '|---|---|', '| 1 | 2 |', '```');
    expect(tableOf(parseMarkdownTable(text))).toEqual({ columns: ['a', 'b'], rows: [['1', '2']] });
  });

  it('prefers a run with a delimiter row over a stray pipe in the prose before it', () => {
    const text = md('Columns: name | year', '', '| name | year |', '|---|---|', '| Ada | 1815 |');
    expect(tableOf(parseMarkdownTable(text)).rows).toEqual([['Ada', '1815']]);
  });

  it('takes the first of two tables, as the official reader does', () => {
    const text = md('| a |', '|---|', '| 1 |', '', '| b |', '|---|', '| 2 |');
    expect(tableOf(parseMarkdownTable(text))).toEqual({ columns: ['a'], rows: [['1']] });
  });

  it('accepts a table without a delimiter row', () => {
    const text = md('| a | b |', '| 1 | 2 |');
    expect(tableOf(parseMarkdownTable(text))).toEqual({ columns: ['a', 'b'], rows: [['1', '2']] });
  });

  it('pads a short row with empty cells and keeps empty cells in place', () => {
    const text = md('| a | b | c |', '|---|---|---|', '| 1 |', '| | 2 | |');
    expect(tableOf(parseMarkdownTable(text)).rows).toEqual([
      ['1', '', ''],
      ['', '2', ''],
    ]);
  });

  it('skips rows made only of pipes, dashes and colons, as the official reader does', () => {
    const text = md('| a | b |', '|---|---|', '| 1 | 2 |', '|   |   |', '| - | - |', '| 3 | 4 |');
    expect(tableOf(parseMarkdownTable(text)).rows).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('gives a header with no rows for an empty answer table', () => {
    expect(tableOf(parseMarkdownTable(md('| a | b |', '|---|---|')))).toEqual({
      columns: ['a', 'b'],
      rows: [],
    });
  });

  it('names the 1-based line of a row with too many cells', () => {
    const text = md('Intro', '', '| a | b |', '|---|---|', '| 1 | 2 |', '| 3 | 4 | 5 |');
    expect(errorOf(parseMarkdownTable(text))).toEqual({
      ok: false,
      line: 6,
      message: 'line 6: row has 3 cells, but the header (line 3) has 2',
    });
  });

  it('names the line of a header with an unnamed column', () => {
    const error = errorOf(parseMarkdownTable(md('x', '| a | | c |', '|---|---|---|')));
    expect(error.line).toBe(2);
    expect(error.message).toBe('line 2: column 2 of the header has no name');
  });

  it('says when there is no table at all', () => {
    const error = errorOf(parseMarkdownTable('I could not find the data, sorry.'));
    expect(error.line).toBeUndefined();
    expect(error.message).toMatch(/no Markdown table found/);
  });
});

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const text = 'name,quote,year\n"Acme, Inc.","He said ""hi""",1999\n"Multi\nline",x,2000\n';
    expect(tableOf(parseCsv(text))).toEqual({
      columns: ['name', 'quote', 'year'],
      rows: [
        ['Acme, Inc.', 'He said "hi"', '1999'],
        ['Multi\nline', 'x', '2000'],
      ],
    });
  });

  it('accepts CRLF and CR line ends, a BOM, no final newline, and skips blank lines', () => {
    expect(tableOf(parseCsv('\uFEFFa,b\r\n1,2\r\n\r\n3,4'))).toEqual({
      columns: ['a', 'b'],
      rows: [
        ['1', '2'],
        ['3', '4'],
      ],
    });
    expect(tableOf(parseCsv('a,b\r1,2\r')).rows).toEqual([['1', '2']]);
  });

  it('keeps empty fields, including a quoted empty one, and pads short rows', () => {
    expect(tableOf(parseCsv('a,b,c\n,"",x\n1\n')).rows).toEqual([
      ['', '', 'x'],
      ['1', '', ''],
    ]);
  });

  it('keeps a quote inside an unquoted field, as pandas does', () => {
    expect(tableOf(parseCsv('a\n5" screen\n')).rows).toEqual([['5" screen']]);
  });

  it('counts lines inside quoted fields when naming a bad row', () => {
    const text = 'a,b\n"x\ny",1\n1,2,3\n';
    expect(errorOf(parseCsv(text))).toEqual({
      ok: false,
      line: 4,
      message: 'line 4: row has 3 fields, but the header (line 1) has 2',
    });
  });

  it('names the line where a never-closed quote opens', () => {
    const error = errorOf(parseCsv('a,b\n1,2\n3,"open\nstill open\n'));
    expect(error.line).toBe(3);
    expect(error.message).toBe('line 3: a quoted field is never closed');
  });

  it('rejects text after a closing quote, naming the line', () => {
    expect(errorOf(parseCsv('a,b\n"x"y,1\n')).message).toBe('line 2: unexpected "y" after a closing quote');
  });

  it('rejects an empty file and an unnamed header column', () => {
    expect(errorOf(parseCsv('\n\n')).message).toMatch(/no header row/);
    expect(errorOf(parseCsv('a,,c\n1,2,3\n')).message).toBe('line 1: column 2 of the header has no name');
  });
});
