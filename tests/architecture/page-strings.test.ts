/**
 * The page's words come from its message catalogue (src/ui/i18n), so the page can speak English,
 * Chinese and Russian (issue 61, item 6). Each .tsx file under src/ui is parsed (swc, the
 * TypeScript parser the build already has) and a user-facing literal fails it: JSX text with a
 * letter, or a string or template with letters given as an element's child or as its aria-label,
 * title, placeholder or alt. Words that are not of a language (the product's name, units) are on
 * a short list. Files not converted yet are listed by name; a listed file with nothing left to
 * convert fails too, so the list only shrinks.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from '@swc/core';
import { describe, expect, it } from 'vitest';
import { repoRoot, sourceFiles } from '../support/source-scan';

/**
 * Not words of a language: the product's name, units beside a number, file formats and the tools that read them, and the trace's own
 * notation in a code line (`t=12 spawn(…)`).
 */
const NOT_LANGUAGE = new Set([
  'SwarmFlight',
  'ms',
  's',
  'px',
  'KB',
  'MB',
  'GB',
  'SVG',
  'PNG',
  'JSON',
  'JSONL',
  'Perfetto',
  'OpenTelemetry',
  't',
]);

/** Views whose words are still English literals, to be converted (issue 61 item 6): shrink it. */
const NOT_YET_CONVERTED = new Set<string>([]);

/**
 * The .ts files whose words the page shows and that take them from the catalogue (as words, said
 * where shown): a literal with letters given as an error, a reason, a status text or a problem
 * pushed to a list fails. Add a file when its words are converted.
 */
const CONVERTED_TS = [
  'src/ui/url-state.ts',
  'src/ui/link-table.ts',
  'src/ui/link-values.ts',
  'src/ui/app-state.ts',
  'src/ui/request-state.ts',
  'src/ui/run/session.ts',
  'src/ui/run/policies.ts',
  'src/ui/run/settings-of-run.ts',
  'src/ui/run/endpoint.ts',
  'src/ui/run/models.ts',
  'src/ui/run/compare-runs.ts',
  'src/ui/model/compare-picks.ts',
  'src/ui/model/replay.ts',
  'src/ui/i18n/evidence-words.ts',
  'src/ui/run/run-label.ts',
  'src/ui/views/training-curves.ts',
  'src/ui/run/ask-models.ts',
  'src/ui/run/ask-run.ts',
];

/** Literals in those files that are not the page's words, each with why. */
const NOT_PAGE_WORDS = new Set([
  // The unknown language is named in English on purpose: a reader of none of the three typed it.
  "… is not a language of this page (…); it is shown in your browser's language",
  // A host's mistake, never a user's: the page resolves llm in the run, not here.
  'the llm orchestrator is resolved by the run (session.ts)',
  // An abort's reason, never shown: WebLLM's loader says the load was cancelled in its own words.
  'cancelled by the user',
  // The pictures' file names, as the model and the kept analysis know them: names, not words.
  'dag.png',
  'timeline.png',
]);

/** Properties whose value the page shows as it is. */
const SHOWN_PROPERTIES = new Set([
  'error',
  'reason',
  'text',
  'retry',
  'message',
  'detail',
  'label',
  'unavailable',
]);

const WORDED_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'aria-description']);
const hasWords = (text: string): boolean =>
  (text.match(/\p{L}+/gu) ?? []).some((word) => !NOT_LANGUAGE.has(word));

type Node = { type: string; span?: { start: number }; [key: string]: unknown };

/** The literal words an expression gives as they are: a string, a template, either branch of a choice. */
function literalsOf(node: Node | undefined): Node[] {
  if (!node) return [];
  switch (node.type) {
    case 'StringLiteral':
      return hasWords(node.value as string) ? [node] : [];
    case 'TemplateLiteral':
      return (node.quasis as { raw: string }[]).some((q) => hasWords(q.raw)) ? [node] : [];
    case 'ParenthesisExpression':
    case 'TsAsExpression':
      return literalsOf(node.expression as Node);
    case 'ConditionalExpression':
      return [...literalsOf(node.consequent as Node), ...literalsOf(node.alternate as Node)];
    case 'BinaryExpression':
      return ['||', '??', '&&', '+'].includes(node.operator as string)
        ? [...literalsOf(node.left as Node), ...literalsOf(node.right as Node)]
        : [];
    case 'ArrowFunctionExpression':
      return literalsOf(node.body as Node);
    default:
      return [];
  }
}

/** Every user-facing literal in a .tsx source, as its line and its text. */
function literalWords(code: string): string[] {
  const module = parseSync(code, { syntax: 'typescript', tsx: true });
  const bytes = Buffer.from(code);
  const base = module.span.start;
  const found: string[] = [];
  const report = (node: Node, text: string) => {
    const line = bytes
      .subarray(0, (node.span?.start ?? base) - base)
      .toString()
      .split('\n').length;
    found.push(`${line}: ${text.trim().replace(/\s+/g, ' ').slice(0, 60)}`);
  };
  const reportAll = (nodes: Node[]) => {
    for (const n of nodes)
      report(
        n,
        n.type === 'StringLiteral'
          ? (n.value as string)
          : (n.quasis as { raw: string }[]).map((q) => q.raw).join('…'),
      );
  };
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const node = value as Node;
    if (node.type === 'JSXElement' || node.type === 'JSXFragment') {
      for (const child of node.children as Node[]) {
        if (child.type === 'JSXText' && hasWords(child.value as string)) report(child, child.value as string);
        if (child.type === 'JSXExpressionContainer') reportAll(literalsOf(child.expression as Node));
      }
    }
    if (node.type === 'JSXAttribute') {
      const name = node.name as Node;
      const attribute = name.type === 'Identifier' ? (name.value as string) : '';
      const given = node.value as Node | null;
      if (WORDED_ATTRIBUTES.has(attribute) && given) {
        if (given.type === 'StringLiteral') reportAll(literalsOf(given));
        if (given.type === 'JSXExpressionContainer') reportAll(literalsOf(given.expression as Node));
      }
    }
    for (const key of Object.keys(node)) if (key !== 'span') visit(node[key]);
  };
  visit(module.body);
  return found;
}

/** Literal words a .ts file gives where the page shows them: thrown, pushed, or as an error, reason or text. */
function shownLiterals(code: string): string[] {
  const module = parseSync(code, { syntax: 'typescript', tsx: false });
  const found: string[] = [];
  const report = (nodes: Node[]) => {
    for (const n of nodes) {
      const text =
        n.type === 'StringLiteral'
          ? (n.value as string)
          : (n.quasis as { raw: string }[]).map((q) => q.raw).join('…');
      if (!NOT_PAGE_WORDS.has(text)) found.push(text.slice(0, 80));
    }
  };
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const node = value as Node;
    if (node.type === 'NewExpression' || node.type === 'ThrowStatement')
      for (const arg of (node.arguments as { expression: Node }[] | undefined) ?? [])
        report(literalsOf(arg.expression));
    if (node.type === 'ThrowStatement') report(literalsOf(node.argument as Node));
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const property = callee.type === 'MemberExpression' ? (callee.property as Node) : undefined;
      if (property?.type === 'Identifier' && property.value === 'push')
        for (const arg of node.arguments as { expression: Node }[]) report(literalsOf(arg.expression));
    }
    if (node.type === 'KeyValueProperty') {
      const key = node.key as Node;
      if (key.type === 'Identifier' && SHOWN_PROPERTIES.has(key.value as string))
        report(literalsOf(node.value as Node));
    }
    for (const key of Object.keys(node)) if (key !== 'span') visit(node[key]);
  };
  visit(module.body);
  return found;
}

/**
 * A number the page shows goes through its language's number format (model/format.ts: 0,67 in
 * Russian, not 0.67): a `.toFixed(` whose result reaches the page fails. Not shown, and so
 * allowed: inside an element's non-worded attribute (x, y, viewBox, style), or compared with
 * `===`/`!==` (the same four decimals in any language).
 */
function rawNumbers(code: string, tsx: boolean): string[] {
  const module = parseSync(code, { syntax: 'typescript', tsx });
  const bytes = Buffer.from(code);
  const lineOf = (node: Node) =>
    bytes
      .subarray(0, (node.span?.start ?? module.span.start) - module.span.start)
      .toString()
      .split('\n').length;
  const found: string[] = [];
  const visit = (value: unknown, shown: boolean): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, shown);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const node = value as Node;
    let inside = shown;
    if (node.type === 'JSXAttribute') {
      const name = node.name as Node;
      inside = name.type === 'Identifier' && WORDED_ATTRIBUTES.has(name.value as string);
    }
    if (node.type === 'BinaryExpression' && ['===', '!=='].includes(node.operator as string)) inside = false;
    if (inside && node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const property = callee.type === 'MemberExpression' ? (callee.property as Node) : undefined;
      if (property?.type === 'Identifier' && property.value === 'toFixed')
        found.push(`line ${lineOf(node)}: toFixed`);
    }
    for (const key of Object.keys(node)) if (key !== 'span') visit(node[key], inside);
  };
  visit(module.body, true);
  return found;
}

/** Files whose `.toFixed(` are drawing coordinates (an SVG path's `d`), never text. */
const COORDINATES_ONLY = new Set(['src/ui/dag/agent-graph-view.tsx']);

const views = sourceFiles()
  .map(({ file }) => file)
  .filter(
    (file) =>
      (file.startsWith('src/ui/') && file.endsWith('.tsx')) ||
      /^src\/providers\/[^/]+\/panel\.tsx$/.test(file),
  );
const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');

describe("the page's words", () => {
  it('come from the message catalogue in every converted view', () => {
    const literal = views
      .filter((file) => !NOT_YET_CONVERTED.has(file))
      .flatMap((file) => literalWords(read(file)).map((found) => `${file}:${found}`));
    expect(literal).toEqual([]);
  });

  it('lists as not yet converted only views that still have a literal word', () => {
    const done = [...NOT_YET_CONVERTED].filter((file) => literalWords(read(file)).length === 0);
    expect(done).toEqual([]);
    expect([...NOT_YET_CONVERTED].filter((file) => !views.includes(file))).toEqual([]);
  });

  it('finds each kind of literal word, and lets units, symbols and messages through', () => {
    const code = `
      const a = <p title="Open it">Hello <b>{'world'}</b> {x ? 'yes' : t('no')} {\`\${n} runs\`}</p>;
      const b = <input placeholder={'Type here'} aria-label={t('field')} />;
      const c = <span>{n} ms · — {t('ok')} SwarmFlight {(p) => \` of \${p}\`}</span>;`;
    expect(
      literalWords(code)
        .map((f) => f.replace(/^\d+: /, ''))
        .sort(),
    ).toEqual(['Open it', 'Hello', 'world', 'yes', '… runs', 'Type here', 'of …'].sort());
  });

  it('come from the catalogue in the converted .ts files the page shows words of', () => {
    const literal = CONVERTED_TS.flatMap((file) =>
      shownLiterals(read(file)).map((text) => `${file}: ${text}`),
    );
    expect(literal).toEqual([]);
  });

  it("prints every number in the page's language, not with a raw toFixed", () => {
    const raw = sourceFiles()
      .map(({ file }) => file)
      .filter(
        (file) =>
          (file.startsWith('src/ui/') || /^src\/providers\/[^/]+\/panel\.tsx$/.test(file)) &&
          !COORDINATES_ONLY.has(file) &&
          file !== 'src/ui/model/format.ts',
      )
      .flatMap((file) => rawNumbers(read(file), file.endsWith('.tsx')).map((at) => `${file}: ${at}`));
    expect(raw).toEqual([]);
  });

  it('finds a raw toFixed in text and in words, and lets coordinates and comparisons through', () => {
    const code = `
      const a = <p>{x.toFixed(2)} <span title={\`\${y.toFixed(1)} left\`} x={z.toFixed(1)} /></p>;
      const b = t('router.confidence', { n: c.toFixed(2) });
      const same = p.toFixed(4) === q.toFixed(4);`;
    expect(rawNumbers(code, true)).toHaveLength(3);
  });

  it('finds a literal thrown, pushed or given as an error, and lets words and ids through', () => {
    const code = `
      problems.push(\`Unknown setting \${key}.\`);
      throw new Error('The knowledge base is empty.');
      const a = { ok: false, error: bad ? 'at most 8 runs' : words('link.x') };
      const b = { text: words('openai.connected', { n }), kind: 'not shown as an error' };
      left.push(\`\${key} \${quoted(value)}\`);`;
    expect(shownLiterals(code).sort()).toEqual(
      ['Unknown setting ….', 'The knowledge base is empty.', 'at most 8 runs'].sort(),
    );
  });
});
