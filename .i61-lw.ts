import { readFileSync } from 'node:fs';
import { parseSync } from '@swc/core';
const NOT_LANGUAGE = new Set(['SwarmFlight', 'ms', 's', 'px', 'KB', 'MB', 'GB', 't']);
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

for (const f of process.argv.slice(2)) { const w = literalWords(readFileSync(f, 'utf8')); console.log(`== ${f} (${w.length})`); for (const x of w) console.log('  ' + x); }
