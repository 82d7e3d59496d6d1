/**
 * Plain text from the formats the knowledge base takes, by file name: text as is; Markdown,
 * reStructuredText and HTML with their markup dropped and their words kept (link text, code,
 * the text of a role such as :func:`bisect.insort`). Scripts and styles in HTML are dropped whole:
 * a document is data, never code. PDF is read by an adapter (pdf.js) and arrives here as text.
 */

import { KbError } from './errors';

export const TEXT_EXTENSIONS = [
  '.txt',
  '.text',
  '.md',
  '.markdown',
  '.rst',
  '.rst.txt',
  '.html',
  '.htm',
] as const;

type Format = 'text' | 'markdown' | 'rst' | 'html';

export function formatOf(fileName: string): Format | undefined {
  const name = fileName.toLowerCase();
  if (name.endsWith('.rst.txt') || name.endsWith('.rst')) return 'rst';
  if (name.endsWith('.md') || name.endsWith('.markdown')) return 'markdown';
  if (name.endsWith('.html') || name.endsWith('.htm')) return 'html';
  if (name.endsWith('.txt') || name.endsWith('.text')) return 'text';
  return undefined;
}

export function extractText(fileName: string, content: string): string {
  const format = formatOf(fileName);
  if (format === undefined) {
    throw new KbError(
      `${fileName}: not a format the knowledge base reads (${[...TEXT_EXTENSIONS, '.pdf'].join(', ')})`,
    );
  }
  const text = content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  switch (format) {
    case 'text':
      return text;
    case 'markdown':
      return markdown(text);
    case 'rst':
      return rst(text);
    case 'html':
      return html(text);
  }
}

function markdown(text: string): string {
  return tidy(
    text
      .replace(/^(```|~~~).*$/gm, '') // code fences: keep the code, drop the fence lines
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images: their alt text
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1') // links: their text
      .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '') // heading marks
      .replace(/^[ \t]{0,3}>[ \t]?/gm, '') // quotes
      .replace(/^[ \t]*([-*+]|\d+[.)])[ \t]+/gm, '') // list marks
      .replace(/(\*\*|__|\*|_|`)(?=\S)([^*_`\n]*?\S)\1/g, '$2') // emphasis and inline code
      .replace(/<[^>\n]+>/g, ''), // inline HTML tags
  );
}

function rst(text: string): string {
  return tidy(
    text
      .replace(/^[ \t]*\.\.[ \t]+[\w:-]+::.*$/gm, '') // directive lines (their indented content stays)
      .replace(/^[ \t]*:[\w -]+:(?:[ \t].*)?$/gm, '') // field lists (:synopsis: …, :platform: …)
      .replace(/^[ \t]*\.\.[ \t].*$/gm, '') // comments and targets
      .replace(/^([=\-`:'"~^_*+#<>])\1{2,}\s*$/gm, '') // section adornments
      .replace(/:[\w:.-]+:`~?([^`<]*?)(?:\s*<[^>]*>)?`/g, '$1') // roles: the text they show
      .replace(/``([^`]+)``/g, '$1') // inline literals
      .replace(/`([^`<]+?)(?:\s*<[^>]*>)?`_{1,2}/g, '$1') // hyperlink references
      .replace(/\*\*([^*]+)\*\*|\*([^*]+)\*/g, '$1$2') // emphasis
      .replace(/::[ \t]*$/gm, ':'), // a paragraph ending in "::" introduces a literal block
  );
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function html(text: string): string {
  return tidy(
    text
      .replace(/<(script|style|noscript|template)[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(
        /<\/?(p|div|br|li|h[1-6]|tr|section|article|pre|blockquote|table|ul|ol|header|footer)\b[^>]*>/gi,
        '\n\n',
      )
      .replace(/<[^>]+>/g, ' ')
      .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) => {
        if (code[0] === '#') {
          const n =
            code[1]?.toLowerCase() === 'x' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
          return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : ' ';
        }
        return ENTITIES[code.toLowerCase()] ?? whole;
      }),
  );
}

/** Spaces within lines collapsed, at most one blank line in a row, ends trimmed. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
