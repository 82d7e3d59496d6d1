/**
 * A new scenario is one folder and one entry in the registry (issue 42). On a copy of the
 * repository, the fixture kind of tests/fixtures/new-kind/count-words is put at
 * src/core/scenarios/count-words/ and named in src/core/scenarios/registry.ts (its import and its
 * line), and nothing else changes (the copy, shared with new-provider and new-policy-kind, also
 * holds their one folder and one line each: support/fixture-copy.ts). It then runs in the CLI, in
 * the API in Node, and in the built page from its own gallery card, graded by its own grader.
 */

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addedLines,
  changedFiles,
  fixtureBuild,
  fixtureCopy,
  fixturesFiles,
  folderMatches,
  SCENARIO_KIND,
} from './support/fixture-copy';
import { freshProfile } from './support/fresh-profile';
import { serveStatic } from './support/static-server';

const root = join(import.meta.dirname, '../..');

let copy: string;

function run(args: readonly string[]) {
  return spawnSync(join(root, 'node_modules/.bin/tsx'), args, {
    cwd: copy,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

beforeAll(async () => {
  // The copy is shared with new-provider and new-policy-kind (support/fixture-copy.ts): the
  // other two fixtures are in it too, and nothing else.
  copy = await fixtureCopy();
}, 600_000);

describe('a new scenario kind, one folder and one entry in the registry', () => {
  it('is one folder and one entry: its import and its line, and the copy differs in nothing else', () => {
    expect(folderMatches(copy, SCENARIO_KIND)).toBe(true);
    expect(addedLines(copy, SCENARIO_KIND)).toEqual([
      "import { countWords } from './count-words';",
      "  'count-words': countWords,",
    ]);
    expect(changedFiles(copy)).toEqual(fixturesFiles());
  });

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
    writeFileSync(join(copy, 'api-run-count-words.mts'), script);
    const result = run(['api-run-count-words.mts']);
    expect(result.status, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.state).toBe('done');
    expect(out.spawns).toBe(6);
    expect(out.quality).toBeGreaterThan(0);
  }, 60_000);

  it('runs in the built page from its own gallery card', async () => {
    const server = await serveStatic(await fixtureBuild(), '/app/');
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
    // An upper bound, not a speed check: the first page test to get here builds the shared copy,
    // which took over 3 minutes at load 30.
  }, 600_000);
});
