/**
 * JavaScript source cut into its top-level statements, each with the name it declares: what the
 * orchestrator's merge (module.ts) needs to keep each function once. A scanner, not a parser:
 * it follows brackets past strings, template literals, comments and regular expressions, and cuts
 * where a statement ends at the top level. The core runs no code (the sandbox does), so nothing
 * here evaluates the source; code that does not parse is cut somewhere and fails in the sandbox.
 */

export interface Statement {
  /** Its source, with the comments just before it, trimmed. */
  readonly text: string;
  /** The name it declares (`function f`, `class C`, `const x`), when it is a declaration. */
  readonly name?: string;
}

const DECLARED =
  /^(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)|^class\s+([A-Za-z_$][\w$]*)|^(?:const|let|var)\s+([A-Za-z_$][\w$]*)/;
/** A line starting one of these starts a statement, unless the one before it is unfinished. */
const STARTS = /(?:async\s+function\b|function\b|class\b|const\b|let\b|var\b)/y;
/** A function or class declaration ends at the brace that closes its body, with no semicolon. */
const BLOCK_DECLARATION = /(?:async\s+function\b|function\b|class\b)/y;
/** After these a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set('(,=:[!&|?{};+-*%<>~^'.split(''));
const KEYWORDS_BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
  'instanceof',
]);
/** A line ending in one of these goes on into the next (`const f =` / `function () {}`). */
const CONTINUES = new Set('=,+-*/%&|^!?:<>~.('.split(''));

/** Without its leading comments and blank space. */
export function withoutLeadingComments(text: string): string {
  let rest = text.trimStart();
  for (;;) {
    if (rest.startsWith('//')) {
      const end = rest.indexOf('\n');
      rest = end < 0 ? '' : rest.slice(end + 1).trimStart();
    } else if (rest.startsWith('/*')) {
      const end = rest.indexOf('*/', 2);
      rest = end < 0 ? '' : rest.slice(end + 2).trimStart();
    } else {
      return rest;
    }
  }
}

/** Whether `pattern` (sticky) matches at the first code at or after `i`, past blank space and comments. */
function codeStartsWith(code: string, i: number, pattern: RegExp): boolean {
  let j = i;
  for (;;) {
    while (j < code.length && /\s/.test(code[j] as string)) j++;
    if (code[j] === '/' && (code[j + 1] === '/' || code[j + 1] === '*')) j = skipComment(code, j);
    else break;
  }
  pattern.lastIndex = j;
  return pattern.test(code);
}

export function declaredName(text: string): string | undefined {
  const m = DECLARED.exec(withoutLeadingComments(text));
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** The index just past the string or template literal opening at `i`. */
function skipString(code: string, i: number): number {
  const quote = code[i];
  let j = i + 1;
  while (j < code.length) {
    const c = code[j];
    if (c === '\\') j += 2;
    else if (c === quote) return j + 1;
    else if (quote === '`' && c === '$' && code[j + 1] === '{') j = skipBalanced(code, j + 1);
    else if (quote !== '`' && c === '\n') return j;
    else j++;
  }
  return code.length;
}

/** The index just past the regular expression literal opening at `i`. */
function skipRegex(code: string, i: number): number {
  let j = i + 1;
  let inClass = false;
  while (j < code.length) {
    const c = code[j];
    if (c === '\\') j += 2;
    else if (c === '\n') return j;
    else {
      if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) {
        j++;
        while (j < code.length && /[a-z]/i.test(code[j] as string)) j++;
        return j;
      }
      j++;
    }
  }
  return code.length;
}

/** The index just past the comment opening at `i`. */
function skipComment(code: string, i: number): number {
  if (code[i + 1] === '/') {
    const end = code.indexOf('\n', i);
    return end < 0 ? code.length : end;
  }
  const end = code.indexOf('*/', i + 2);
  return end < 0 ? code.length : end + 2;
}

/** Inside a template's `${`: the index just past its matching `}`. */
function skipBalanced(code: string, open: number): number {
  let depth = 0;
  let j = open;
  while (j < code.length) {
    const c = code[j] as string;
    if (c === '"' || c === "'" || c === '`') j = skipString(code, j);
    else if (c === '/' && (code[j + 1] === '/' || code[j + 1] === '*')) j = skipComment(code, j);
    else {
      if (c === '{') depth++;
      else if (c === '}' && --depth === 0) return j + 1;
      j++;
    }
  }
  return code.length;
}

/** The top-level statements of `code`, in order; blank space and lone comments are left out. */
export function topLevelStatements(code: string): Statement[] {
  const statements: Statement[] = [];
  let start = 0;
  let depth = 0;
  /** The last significant character or word before the scanner's position. */
  let previous = '';
  const cut = (end: number): void => {
    const text = code.slice(start, end).trim();
    if (withoutLeadingComments(text) !== '') {
      const name = declaredName(text);
      statements.push({ text, ...(name !== undefined ? { name } : {}) });
    }
    start = end;
    previous = '';
  };
  let i = 0;
  while (i < code.length) {
    const c = code[i] as string;
    if (c === '"' || c === "'" || c === '`') {
      i = skipString(code, i);
      previous = 'literal';
    } else if (c === '/' && (code[i + 1] === '/' || code[i + 1] === '*')) {
      i = skipComment(code, i);
    } else if (
      c === '/' &&
      (previous === '' || BEFORE_REGEX.has(previous) || KEYWORDS_BEFORE_REGEX.has(previous))
    ) {
      i = skipRegex(code, i);
      previous = 'literal';
    } else if (/[A-Za-z_$0-9]/.test(c)) {
      let j = i + 1;
      while (j < code.length && /[\w$]/.test(code[j] as string)) j++;
      previous = code.slice(i, j);
      i = j;
    } else if (c === '\n') {
      // A new line at the top level that starts a declaration (after its comments) starts a
      // statement, unless the line before it is unfinished.
      if (depth === 0 && previous !== '' && !CONTINUES.has(previous) && codeStartsWith(code, i + 1, STARTS)) {
        cut(i + 1);
      }
      i++;
    } else if (/\s/.test(c)) {
      i++;
    } else {
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') depth = Math.max(0, depth - 1);
      previous = c;
      i++;
      if (depth === 0 && (c === ';' || (c === '}' && codeStartsWith(code, start, BLOCK_DECLARATION)))) {
        // A comment on the same line after it is its own.
        let end = i;
        while (code[end] === ' ' || code[end] === '\t') end++;
        if (code.startsWith('//', end)) i = skipComment(code, end);
        cut(i);
      }
    }
  }
  cut(code.length);
  return statements;
}
