import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const require = createRequire(import.meta.url);

interface Rule {
  readonly name: string;
  readonly to: { readonly path?: string };
}

/** The core layer matrix as the check enforces it: read back from the rules the config builds. */
function enforcedLayers(): [string, string[]][] {
  const config = require(join(root, '.dependency-cruiser.cjs')) as { forbidden: Rule[] };
  return config.forbidden
    .filter((r) => /^core-.+-layer$/.test(r.name))
    .map((r) => {
      const group = /\(\?:([^)]*)\)/.exec(r.to.path ?? '')?.[1] ?? '';
      const [folder, ...allowed] = group.split('|');
      return [folder as string, allowed];
    });
}

/** The table docs/architecture.md shows between its layer-table markers. */
function documentedLayers(): [string, string[]][] {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const table = /<!-- layer-table:start -->([\s\S]*?)<!-- layer-table:end -->/.exec(doc)?.[1] ?? '';
  return table
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .map((line) => {
      const [folder, allowed] = line
        .split('|')
        .slice(1, 3)
        .map((cell) => cell.trim());
      const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
      return [names(folder ?? '')[0] as string, names(allowed ?? '')];
    });
}

describe('the layer check', () => {
  it('enforces the table docs/architecture.md shows, folder by folder and in order', () => {
    const enforced = enforcedLayers();
    expect(enforced.length).toBeGreaterThan(10);
    // On a difference: copy CORE_LAYERS of .dependency-cruiser.cjs into the doc's table, or back.
    expect(documentedLayers()).toEqual(enforced);
  });

  it('fails on a view that imports an adapter, naming the rule, file and import', () => {
    // The real check (scripts/lint-deps.mjs) on a copy of the tree with one bad import added.
    const copy = mkdtempSync(join(tmpdir(), 'swarmflight-layer-check-'));
    try {
      for (const entry of readdirSync(root)) {
        if (entry === '.git') continue;
        if (entry === 'src' || entry === 'workers')
          cpSync(join(root, entry), join(copy, entry), { recursive: true });
        else symlinkSync(join(root, entry), join(copy, entry));
      }
      const view = join(copy, 'src/ui/views/gallery.tsx');
      writeFileSync(view, `import '../../adapters/browser/idb-trace-store';\n${readFileSync(view, 'utf8')}`);
      const result = spawnSync(process.execPath, [join(root, 'scripts/lint-deps.mjs')], {
        cwd: copy,
        encoding: 'utf8',
      });
      expect(result.status).toBe(1);
      expect(result.stdout + result.stderr).toContain(
        'views-io-through-services: src/ui/views/gallery.tsx → src/adapters/browser/idb-trace-store.ts',
      );
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 60_000);
});
