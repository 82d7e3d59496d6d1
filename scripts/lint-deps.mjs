/**
 * `npm run lint:deps`: dependency-cruiser over src/ and workers/ with .dependency-cruiser.cjs,
 * the .tsx views included.
 *
 * Why a wrapper: the project's TypeScript 7 has no JavaScript compiler API, so dependency-cruiser
 * reads TypeScript with swc, and its swc reader (17.x, the last line that runs on Node 20) parses
 * every file as TypeScript without JSX: a view fails to parse. The fix upstream (18.x,
 * sverweij/dependency-cruiser#1086) needs Node 22. So the check runs on a copy of the tree in
 * which each .tsx file holds only its module references — every import, re-export and dynamic
 * import, type-only ones marked so — read with @swc/core's TSX parser. Paths and names stay the
 * same, so every rule and every message is the one the real tree would get.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseSync } from '@swc/core';

const root = process.cwd();
const roots = ['src', 'workers'];

/** Every module reference in a TSX source, as statements with nothing else in them. */
export function moduleReferences(source, file) {
  const ast = parseSync(source, { syntax: 'typescript', tsx: true, dynamicImport: true, target: 'es2022' });
  const lines = [];
  let n = 0;
  const name = () => `_${n++}`;
  for (const item of ast.body) {
    if (item.type === 'ImportDeclaration') {
      lines.push(
        `import ${item.typeOnly ? 'type ' : ''}* as ${name()} from ${JSON.stringify(item.source.value)};`,
      );
    } else if (
      item.type === 'ExportAllDeclaration' ||
      (item.type === 'ExportNamedDeclaration' && item.source)
    ) {
      lines.push(
        `export ${item.typeOnly ? 'type ' : ''}* as ${name()} from ${JSON.stringify(item.source.value)};`,
      );
    }
  }
  // Dynamic imports anywhere in the file: `import('…')` with a literal specifier.
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    if (node.type === 'CallExpression' && node.callee?.type === 'Import') {
      const arg = node.arguments?.[0]?.expression;
      if (arg?.type === 'StringLiteral') lines.push(`void import(${JSON.stringify(arg.value)});`);
      else throw new Error(`${file}: a dynamic import of a computed name cannot be checked`);
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') walk(value);
  };
  walk(ast.body);
  return `${lines.join('\n')}\n`;
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

const shadow = mkdtempSync(join(tmpdir(), 'swarmflight-lint-deps-'));
let status = 1;
try {
  for (const top of roots) {
    cpSync(join(root, top), join(shadow, top), { recursive: true });
    for (const path of files(join(root, top))) {
      if (!path.endsWith('.tsx')) continue;
      const rel = relative(root, path);
      writeFileSync(join(shadow, rel), moduleReferences(readFileSync(path, 'utf8'), rel));
    }
  }
  // Everything else as it is (scenarios/*.json, node_modules, the configs), by link.
  for (const entry of readdirSync(root)) {
    if (roots.includes(entry) || entry === '.git') continue;
    symlinkSync(join(root, entry), join(shadow, entry));
  }
  const bin = join(root, 'node_modules', '.bin', 'depcruise');
  const result = spawnSync(bin, [...roots, '--config', '.dependency-cruiser.cjs', ...process.argv.slice(2)], {
    cwd: shadow,
    stdio: 'inherit',
  });
  status = result.status ?? 1;
} finally {
  rmSync(shadow, { recursive: true, force: true });
}
process.exit(status);
