/**
 * Reading tables: the Markdown table a model writes into its answer, and the gold CSV. Both give
 * raw cell text; normalizing column names and cells is the grader's job (normalize.ts).
 */

export interface Table {
  readonly columns: readonly string[];
  /** Every row has exactly `columns.length` cells. */
  readonly rows: readonly (readonly string[])[];
}

/** A table, or why the text is not one; `line` is 1-based in the text, absent when no line is at fault. */
export type TableResult =
  | { readonly ok: true; readonly table: Table }
  | { readonly ok: false; readonly message: string; readonly line?: number };

const fail = (message: string, line?: number): TableResult =>
  line === undefined ? { ok: false, message } : { ok: false, message: `line ${line}: ${message}`, line };

/**
 * Splits a Markdown table line on its unescaped pipes; `\|` stands for a literal pipe. The leading
 * and trailing pipes are optional. Returns null for a line with no unescaped pipe.
 */
function splitRow(line: string): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let pipes = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\' && line[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (c === '|') {
      cells.push(cell);
      cell = '';
      pipes++;
    } else cell += c;
  }
  if (pipes === 0) return null;
  cells.push(cell);
  if (cells[0]?.trim() === '') cells.shift();
  if (cells.length > 0 && cells[cells.length - 1]?.trim() === '') cells.pop();
  return cells.map((c) => c.trim());
}

/**
 * A delimiter row (`|---|:--:|`), skipped wherever it stands. Like the official reader
 * (`WideSearchResponse.extract_dataframe`), any line made only of pipes, dashes, colons and spaces
 * counts, so a row of empty cells is skipped too.
 */
const isDelimiter = (line: string): boolean => /^[\s|:-]*$/.test(line);

/**
 * Finds the first Markdown table in a model's answer and reads it. Prose, headings and code fences
 * around it are ignored: a table is a run of consecutive lines that contain a `|`. When several runs
 * exist, the first whose second line is a delimiter row wins (else the first run), so a stray pipe
 * in the prose before the table is not taken for it. A row with fewer cells than the header is
 * padded with empty cells (pandas reads them as missing); a row with more is an error.
 */
export function parseMarkdownTable(text: string): TableResult {
  const lines = text.split(/\r\n|\n|\r/);
  const runs: { start: number; end: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (splitRow(lines[i] ?? '') === null) continue;
    const last = runs[runs.length - 1];
    if (last && last.end === i) last.end = i + 1;
    else runs.push({ start: i, end: i + 1 });
  }
  const run = runs.find((r) => r.end - r.start >= 2 && isDelimiter(lines[r.start + 1] ?? '')) ?? runs[0];
  if (!run) return fail('no Markdown table found (no line has a "|" between cells)');

  let header: string[] | null = null;
  let headerLine = 0;
  const rows: string[][] = [];
  for (let i = run.start; i < run.end; i++) {
    const line = lines[i] ?? '';
    if (isDelimiter(line)) continue;
    const cells = splitRow(line) ?? [];
    if (header === null) {
      const empty = cells.indexOf('');
      if (empty >= 0) return fail(`column ${empty + 1} of the header has no name`, i + 1);
      header = cells;
      headerLine = i + 1;
    } else if (cells.length > header.length) {
      return fail(
        `row has ${cells.length} cells, but the header (line ${headerLine}) has ${header.length}`,
        i + 1,
      );
    } else rows.push([...cells, ...Array<string>(header.length - cells.length).fill('')]);
  }
  if (header === null) return fail('the table has no header row', run.start + 1);
  return { ok: true, table: { columns: header, rows } };
}

/**
 * RFC 4180 CSV: comma-separated fields, records ended by CRLF, LF or CR, fields in double quotes may
 * hold commas, line breaks and `""` for a quote. Lenient where pandas is: a quote inside an
 * unquoted field is kept, blank lines are skipped, short rows are padded with empty cells. The
 * first record is the header.
 */
export function parseCsv(text: string): TableResult {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let blank = true; // nothing read since the last record ended: a blank line, skipped
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    fields.push(field);
    if (!blank) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    blank = true;
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i] ?? '';
    if (c === '\n' || c === '\r') {
      endRecord();
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
      recordLine = ++line;
      continue;
    }
    blank = false;
    if (c === ',') {
      fields.push(field);
      field = '';
      i++;
    } else if (c === '"' && field === '') {
      const openedOn = line;
      for (i++; src[i] !== '"' || src[i + 1] === '"'; i++) {
        const q = src[i];
        if (q === undefined) return fail('a quoted field is never closed', openedOn);
        if (q === '"') i++; // "" inside quotes is one quote
        if (q === '\n' || (q === '\r' && src[i + 1] !== '\n')) line++;
        field += q;
      }
      i++;
      const next = src[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        return fail(`unexpected ${JSON.stringify(next)} after a closing quote`, line);
      }
    } else {
      field += c;
      i++;
    }
  }
  if (!blank) endRecord();

  const [head, ...body] = records;
  if (!head) return fail('no header row (the file is empty)');
  const empty = head.fields.findIndex((f) => f.trim() === '');
  if (empty >= 0) return fail(`column ${empty + 1} of the header has no name`, head.line);
  const width = head.fields.length;
  const rows: string[][] = [];
  for (const r of body) {
    if (r.fields.length > width) {
      return fail(
        `row has ${r.fields.length} fields, but the header (line ${head.line}) has ${width}`,
        r.line,
      );
    }
    rows.push([...r.fields, ...Array<string>(width - r.fields.length).fill('')]);
  }
  return { ok: true, table: { columns: head.fields.map((f) => f.trim()), rows } };
}

/**
 * A table as Markdown, the form subagents answer in: a header, a delimiter row and one line per
 * row, `|` in a cell escaped and line breaks made spaces, so `parseMarkdownTable` reads back the
 * same cells.
 */
export function markdownTable(table: Table): string {
  const cell = (text: string) =>
    text
      .replace(/\r\n|\n|\r/g, ' ')
      .replace(/\|/g, '\\|')
      .trim();
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(table.columns), `|${table.columns.map(() => '---').join('|')}|`, ...table.rows.map(line)].join(
    '\n',
  );
}
