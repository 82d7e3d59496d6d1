/**
 * A new scenario is one folder and one entry in the registry (issue 42). On a copy of the
 * repository, the fixture kind of tests/fixtures/new-kind/count-words is put at
 * src/core/scenarios/count-words/ and named in src/core/scenarios/registry.ts (its import and its
 * line), and nothing else changes. It then runs in the CLI, in the API in Node, and in the built
 * page from its own gallery card, graded by its own grader.
 */

import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshProfile } from './support/fresh-profile';
import { repoCopy } from './support/repo-copy';
import { serveStatic } from './support/static-server';

const root = join(import.meta.dirname, '../..');

let copy: string;
let outDir: string;

function run(args: readonly string[]) {
  return spawnSync(join(root, 'node_modules/.bin/tsx'), args, {
    cwd: copy,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

beforeAll(() => {
  copy = repoCopy('new-kind-');
  // The one folder…
  cpSync(join(root, 'tests/fixtures/new-kind/count-words'), join(copy, 'src/core/scenarios/count-words'), {
    recursive: true,
  });
  // …and the one entry in the registry.
  const registry = join(copy, 'src/core/scenarios/registry.ts');
  const text = readFileSync(registry, 'utf8');
  const added = text
    .replace(
      /^(import \{ compareOptions \} from '\.\/compare-options';)$/m,
      "$1\nimport { countWords } from './count-words';",
    )
    .replace(/^(const kinds = \{\n)/m, "$1  'count-words': countWords,\n");
  expect(added.split('\n').length - text.split('\n').length).toBe(2);
  writeFileSync(registry, added);
  outDir = join(copy, 'dist-new-kind');
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('a new scenario kind, one folder and one entry in the registry', () => {
  it('runs in the CLI: run and bench', () => {
    const single = run(['src/cli/main.ts', 'run', '--scenario', 'count-words', '--seed', '3', '--json']);
    expect(single.status, single.stderr).toBe(0);
    const status = JSON.parse(single.stdout);
    expect(status.state).toBe('done');
    expect(status.runs[0].header.scenario).toMatchObject({ id: 'count-words', kind: 'count-words' });
    expect(status.metrics.quality).toBeGreaterThan(0);
    const bench = run([
      'src/cli/main.ts',
      'bench',
      '--scenario',
      'count-words',
      '--policies',
      'serial,heuristic',
      '--seeds',
      '3',
      '--json',
    ]);
    expect(bench.status, bench.stderr).toBe(0);
    expect(JSON.parse(bench.stdout).scenario).toBe('count-words');
    // Its help names it, from the registry.
    expect(run(['src/cli/main.ts', 'run', '--help']).stdout).toContain('count-words');
  }, 120_000);

  it('runs through the API in Node', () => {
    const script = `
      import { createSwarmApi } from './src/api/api';
      const api = createSwarmApi();
      const id = await api.create({ scenario: 'count-words', seed: 2, size: 6, policy: 'heuristic' });
      const status = await api.wait(id);
      console.log(JSON.stringify({ state: status.state, quality: status.metrics.quality, spawns: status.metrics.spawnCount }));
    `;
    writeFileSync(join(copy, 'api-run.mts'), script);
    const result = run(['api-run.mts']);
    expect(result.status, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.state).toBe('done');
    expect(out.spawns).toBe(6);
    expect(out.quality).toBeGreaterThan(0);
  }, 60_000);

  it('runs in the built page from its own gallery card', async () => {
    await build({
      root: copy,
      configFile: join(copy, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
    const server = await serveStatic(outDir, '/app/');
    const profile = await freshProfile();
    try {
      const { page } = profile;
      await page.goto(server.url);
      await page.click('[data-testid="scenario-card-count-words"] button.primary');
      await page.waitForSelector('[data-testid="run-status"]:text-is("done")', { timeout: 30_000 });
      // Graded by its own grader, worded by its own quality measure.
      expect(await page.textContent('[data-testid="metric-quality"]')).toContain(
        'share of sentences counted exactly',
      );
      expect(await page.locator('[data-testid^="dag-node"]').count()).toBeGreaterThan(4);
      expect(profile.errors).toEqual([]);
    } finally {
      await profile.close();
      await server.close();
    }
  }, 180_000);
});
