/**
 * The architecture doc and the README are what a newcomer reads first: every path they name must
 * be there (issue 60, item 5). A glob (`workers/*.worker.ts`) must match a file, and a template
 * (`src/core/scenarios/<id>/`) must match some folder.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const DOCS = ['docs/architecture.md', 'README.md'];
const ROOTS = /^(src|tests|workers|scripts|bench|scenarios|docs|vite-plugins|public)\//;

/** The paths a Markdown text names in backticks, under the repository's own folders. */
function namedPaths(text: string): string[] {
  const paths = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1] as string);
  return [...new Set(paths.map((p) => p.replace(/[:#].*$/, '')).filter((p) => ROOTS.test(p)))];
}

/** Whether a path, with `*`, `<name>` and `NAME` parts matching any name, is in the repository. */
function pathExists(path: string, base = root): boolean {
  const parts = path.replace(/\/$/, '').split('/');
  const [head, ...rest] = parts as [string, ...string[]];
  if (!/[*<{]|\b[A-Z]{2,}\b/.test(head)) {
    const next = join(base, head);
    return rest.length === 0 ? existsSync(next) : existsSync(next) && pathExists(rest.join('/'), next);
  }
  // `*`, `<id>` and `ID` stand for any name; `{svg,json}` for one of those.
  const pattern = new RegExp(
    `^${head
      .replace(/[.+?^$()|[\]\\]/g, '\\$&')
      .replace(/\*|<[^>]+>|\b[A-Z]{2,}\b/g, '.+')
      .replace(/\{([^}]+)\}/g, (_, alts: string) => `(${alts.split(',').join('|')})`)}$`,
  );
  let names: string[];
  try {
    names = readdirSync(base);
  } catch {
    return false;
  }
  return names
    .filter((n) => pattern.test(n))
    .some((n) => rest.length === 0 || pathExists(rest.join('/'), join(base, n)));
}

describe('the paths the first docs name', () => {
  it.each(DOCS)('%s names only paths that exist', (doc) => {
    const paths = namedPaths(readFileSync(join(root, doc), 'utf8'));
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((p) => !pathExists(p))).toEqual([]);
  });

  it('catches a path that is gone, and matches globs and templates', () => {
    expect(pathExists('src/core/runtime/machine.ts')).toBe(true);
    expect(pathExists('src/core/runtime/no-such-file.ts')).toBe(false);
    expect(pathExists('workers/*.worker.ts')).toBe(true);
    expect(pathExists('src/core/scenarios/<id>/')).toBe(true);
    expect(pathExists('workers/*.nothing.ts')).toBe(false);
    expect(pathExists('scenarios/graphs/ID.json')).toBe(true);
    expect(pathExists('docs/experiments/NAME.{svg,json,md}')).toBe(true);
    expect(namedPaths('see `src/a.ts:12` and `npm test` and `tests/b/`')).toEqual(['src/a.ts', 'tests/b/']);
  });
});
