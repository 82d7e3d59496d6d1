/**
 * The project's own source, read as the architecture tests read it: every .ts and .tsx file under
 * src/, with its comments left out (comments may name anything; code may not hand-spell an open
 * set outside its home).
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const repoRoot = join(import.meta.dirname, '../..');

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(entry) ? [path] : [];
  });

/** A file's code without its comments: block comments, and line comments not inside a URL. */
export const withoutComments = (text: string): string =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** Every source file under src/, as its path from the repository and its code. */
export function sourceFiles(): { readonly file: string; readonly code: string }[] {
  return walk(join(repoRoot, 'src')).map((path) => ({
    file: relative(repoRoot, path),
    code: withoutComments(readFileSync(path, 'utf8')),
  }));
}

/** A string written as a literal in code: 'x', "x" or `x`. */
export const quoted = (word: string): RegExp =>
  new RegExp(`['"\`]${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`);
