/**
 * A run's answer read as a small subset of Markdown: headings, paragraphs, fenced code, bullet and
 * numbered lists and pipe tables. The answer is model output, so it is untrusted: this only cuts
 * the text into typed blocks of plain strings. Nothing here is HTML, and the view that draws the
 * blocks (answer-view.tsx) puts every string in as a text node, never as markup: a `<script>` or an
 * `<img onerror>` in an answer is shown as the characters it is.
 */

import { parseMarkdownTable } from '../../core/scenarios/wide-search/table';

export type AnswerBlock =
  | { readonly type: 'heading'; readonly level: 1 | 2 | 3 | 4 | 5 | 6; readonly text: string }
  | { readonly type: 'paragraph'; readonly text: string }
  | { readonly type: 'code'; readonly lang: string | undefined; readonly text: string }
  | {
      readonly type: 'list';
      readonly ordered: boolean;
      /** The first number of a numbered list, when it is not 1. */
      readonly start: number | undefined;
      readonly items: readonly string[];
    }
  | {
      readonly type: 'table';
      readonly columns: readonly string[];
      readonly rows: readonly (readonly string[])[];
    };

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*#*[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*$/;
const BULLET = /^ {0,3}[-*+][ \t]+(.*)$/;
const NUMBERED = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const TABLE_RULE = /^ *\|?( *:?-{2,}:? *\|)+( *:?-{2,}:? *)?\|? *$/;

const isBlank = (line: string) => line.trim() === '';

/** Whether a line closes a fence opened by `mark`: the same character, at least as many times. */
function closes(line: string, mark: string): boolean {
  const t = line.trim();
  return t.length >= mark.length && t === (mark[0] as string).repeat(t.length);
}

/** A language name fit for a class name (letters, digits, `+`, `-`, `#`), or none. */
function languageOf(info: string): string | undefined {
  const lang = info.trim().toLowerCase();
  return /^[a-z0-9+#-]{1,20}$/.test(lang) ? lang : undefined;
}

/** The text of a heading line without its closing hashes. */
function headingText(raw: string | undefined): string {
  return (raw ?? '').replace(/[ \t]+#+$/, '').trim();
}

/** The answer's blocks, in order. Every character of the text but the Markdown marks is kept. */
export function markdownBlocks(text: string): AnswerBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: AnswerBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const mark = fence[1] as string;
      const body: string[] = [];
      i++;
      // An unclosed fence runs to the end of the answer, as in CommonMark.
      while (i < lines.length) {
        const l = lines[i] as string;
        if (closes(l, mark)) break;
        body.push(l);
        i++;
      }
      i++;
      blocks.push({ type: 'code', lang: languageOf(fence[2] ?? ''), text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = (heading[1] as string).length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: 'heading', level, text: headingText(heading[2]) });
      i++;
      continue;
    }
    const table = tableAt(lines, i);
    if (table) {
      blocks.push(table.block);
      i = table.next;
      continue;
    }
    if (BULLET.test(line) || NUMBERED.test(line)) {
      const ordered = !BULLET.test(line);
      const items: string[] = [];
      const first = ordered ? Number((NUMBERED.exec(line) as RegExpExecArray)[1]) : 1;
      while (i < lines.length) {
        const l = lines[i] as string;
        if (isBlank(l)) {
          // A blank line ends the list unless the next line is another item of it.
          const next = lines[i + 1];
          if (next !== undefined && (ordered ? NUMBERED : BULLET).test(next)) {
            i++;
            continue;
          }
          break;
        }
        const item = (ordered ? NUMBERED : BULLET).exec(l);
        if (item) {
          items.push((ordered ? item[2] : item[1]) ?? '');
        } else if ((ordered ? BULLET : NUMBERED).test(l) || HEADING.test(l) || FENCE.test(l)) {
          break;
        } else {
          // A line that is no item carries on the item before it ("1. Round 46" / "Answer: 50").
          items[items.length - 1] = `${items[items.length - 1]}\n${l.trim()}`;
        }
        i++;
      }
      blocks.push({ type: 'list', ordered, start: ordered && first !== 1 ? first : undefined, items });
      continue;
    }
    // A paragraph: lines up to a blank line or the start of another kind of block.
    const para: string[] = [];
    while (i < lines.length) {
      const l = lines[i] as string;
      if (isBlank(l) || HEADING.test(l) || FENCE.test(l)) break;
      if (para.length > 0 && (BULLET.test(l) || tableAt(lines, i))) break;
      para.push(l.trim());
      i++;
    }
    blocks.push({ type: 'paragraph', text: para.join('\n') });
  }
  return blocks;
}

/** A pipe table starting at line `i` (a header row, a rule, rows), and the line after it. */
function tableAt(lines: readonly string[], i: number): { block: AnswerBlock; next: number } | undefined {
  const head = lines[i] as string;
  const rule = lines[i + 1];
  if (!head.includes('|') || rule === undefined || !TABLE_RULE.test(rule)) return undefined;
  let end = i + 2;
  while (end < lines.length && (lines[end] as string).includes('|') && !isBlank(lines[end] as string)) end++;
  const parsed = parseMarkdownTable(lines.slice(i, end).join('\n'));
  if (!parsed.ok) return undefined;
  return { block: { type: 'table', columns: parsed.table.columns, rows: parsed.table.rows }, next: end };
}

/**
 * The element a Markdown heading becomes under the answer's own heading (an h3): `#` an h4, `##`
 * an h5, anything deeper an h6, so the page's outline never climbs back above the answer.
 */
export const headingTag = (level: number): 'h4' | 'h5' | 'h6' =>
  level <= 1 ? 'h4' : level === 2 ? 'h5' : 'h6';
