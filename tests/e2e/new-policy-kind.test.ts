/**
 * A new kind of learned policy is one folder and one line in the registry (issue 60, item 2). On
 * a copy of the repository, the fixture kind of tests/fixtures/new-policy-kind/constant (its
 * checkpoint holds one setting, which its policy plays for every task) is put at
 * src/core/learning/kinds/constant/ and named in src/core/learning/kinds/registry.ts (its import
 * and its line), and nothing else changes (the copy, shared with new-kind and new-provider, also
 * holds their one folder and one line each: support/fixture-copy.ts). A `constant:CHECKPOINT`
 * policy then runs in the CLI (`swarm run`, `swarm bench`, named in their help), through the API in
 * Node, and in the built page (a file loaded in the Train view, saved, run from its "Run with this
 * policy"). Its own checks refuse a bad checkpoint, naming the field, in each.
 */

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { actionNames, POLICY_SCHEMA, POLICY_VERSION } from '../../src/core/learning/checkpoint-format';
import { profileHashes } from '../../src/core/scenarios/profiles';
import {
  addedLines,
  changedFiles,
  fixtureBuild,
  fixtureCopy,
  fixturesFiles,
  folderMatches,
  POLICY_KIND,
} from './support/fixture-copy';
import { freshProfile } from './support/fresh-profile';
import { copyTraceLines } from './support/repo-copy';
import { serveStatic } from './support/static-server';

const root = join(import.meta.dirname, '../..');

let copy: string;
let checkpoint: Record<string, unknown>;

function run(args: readonly string[]) {
  return spawnSync(join(root, 'node_modules/.bin/tsx'), args, {
    cwd: copy,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** A checkpoint of the fixture kind, as a contributor's trainer would write one. */
async function constantCheckpoint(setting: unknown): Promise<Record<string, unknown>> {
  const profiles = JSON.parse(readFileSync(join(root, 'scenarios/profiles.json'), 'utf8'));
  return {
    schema: POLICY_SCHEMA,
    version: POLICY_VERSION,
    kind: 'constant',
    features: [],
    actions: actionNames,
    hyper: {},
    training: { scenario: 'mix', episodes: 0, completedEpisodes: 0, seed: 1 },
    profiles: await profileHashes(profiles),
    setting,
  };
}

beforeAll(async () => {
  // The copy is shared with new-kind and new-provider (support/fixture-copy.ts): the other two
  // fixtures are in it too, and nothing else.
  copy = await fixtureCopy();
  checkpoint = await constantCheckpoint('one/medium');
  writeFileSync(join(copy, 'constant.json'), JSON.stringify(checkpoint));
  writeFileSync(join(copy, 'bad-setting.json'), JSON.stringify(await constantCheckpoint('one/huge')));
}, 600_000);

const traceLines = (file: string) => copyTraceLines(copy, file);

describe('a new kind of learned policy, one folder and one entry in the registry', () => {
  it('is one folder and one entry: its import and its line, and the copy differs in nothing else', () => {
    expect(folderMatches(copy, POLICY_KIND)).toBe(true);
    expect(addedLines(copy, POLICY_KIND)).toEqual(["import { constant } from './constant';", '  constant,']);
    expect(changedFiles(copy)).toEqual(fixturesFiles());
  });

  it('runs in the CLI: swarm run and swarm bench play it, their help names it, a bad one is refused', () => {
    const r = run([
      ...['src/cli/main.ts', 'run', '--scenario', 'wide-search', '--size', '10'],
      ...['--policy', 'constant:constant.json', '--trace', 'c.jsonl'],
    ]);
    expect(r.status, r.stderr).toBe(0);
    const lines = traceLines('c.jsonl');
    const header = lines[0] as { policy: string; policyCheckpoint?: string };
    expect(header.policy).toBe('constant:constant.json');
    expect(header.policyCheckpoint).toMatch(/^sha256:/);
    // Its setting decided: one medium subagent at a time, never another profile.
    const spawned = lines.filter((e) => e.type === 'subagent.spawned').map((e) => e.profile);
    expect(spawned.length).toBeGreaterThan(0);
    expect(new Set(spawned)).toEqual(new Set(['medium']));

    const bench = run([
      ...['src/cli/main.ts', 'bench', '--scenario', 'wide-search', '--size', '10', '--seeds', '1'],
      ...['--policies', 'serial,constant:constant.json', '--json'],
    ]);
    expect(bench.status, bench.stderr).toBe(0);
    expect(Object.keys(JSON.parse(bench.stdout).policies)).toEqual(['serial', 'constant:constant.json']);

    const help = run(['src/cli/main.ts', 'run', '--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('constant:CHECKPOINT');

    // Its own reader refuses its field, and the name's form is refused as every kind's is.
    let bad = run([
      'src/cli/main.ts',
      'run',
      '--scenario',
      'wide-search',
      '--policy',
      'constant:bad-setting.json',
    ]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('bad-setting.json');
    expect(bad.stderr).toContain('not a usable policy: its "setting" "one/huge" is not one');
    bad = run(['src/cli/main.ts', 'run', '--scenario', 'wide-search', '--policy', 'constantx:constant.json']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/"constantx:constant.json" is not a policy \(one of: .*constant:CHECKPOINT\)/);
  }, 180_000);

  it('runs through the API in Node, and a bad checkpoint is refused on its policy field', () => {
    const script = `
      import { createSwarmApi } from './src/api/api';
      import { fileCheckpoints } from './src/adapters/node/checkpoint-file';
      const api = createSwarmApi({ checkpoints: fileCheckpoints });
      const id = await api.create({ scenario: 'wide-search', seed: 2, size: 10, policy: 'constant:constant.json' });
      const status = await api.wait(id);
      let refusal;
      try { await api.create({ scenario: 'wide-search', policy: 'constant:bad-setting.json' }); } catch (e) { refusal = { field: e.field, message: e.message }; }
      console.log(JSON.stringify({ state: status.state, policy: status.runs[0].header.policy, checkpoint: status.runs[0].header.policyCheckpoint, refusal }));
    `;
    writeFileSync(join(copy, 'api-run-constant.mts'), script);
    const result = run(['api-run-constant.mts']);
    expect(result.status, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out).toMatchObject({ state: 'done', policy: 'constant:constant.json' });
    expect(out.checkpoint).toMatch(/^sha256:/);
    expect(out.refusal.field).toBe('policy');
    expect(out.refusal.message).toContain('its "setting" "one/huge" is not one');
  }, 60_000);

  it('runs in the built page: loaded from a file, saved, and run from the Train view', async () => {
    const server = await serveStatic(await fixtureBuild(), '/app/');
    const profile = await freshProfile();
    const t = (id: string) => `[data-testid="${id}"]`;
    try {
      const { page } = profile;
      await page.goto(`${server.url}#pace=0&view=train`);
      await page.setInputFiles(t('policy-file'), {
        name: 'steady.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(checkpoint)),
      });
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="policy-name"]') as HTMLInputElement | null)?.value ===
          'steady',
      );
      await page.click(t('save-policy'));
      const row = page.locator(t('saved-policy')).filter({ hasText: 'steady' });
      await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
      expect(await row.locator(t('saved-policy-use')).textContent()).toContain('constant: steady');
      await page.selectOption(t('run-with-scenario'), 'wide-search');
      await row.locator(t('run-with-policy')).click();
      await page.waitForSelector('[data-testid="run-status"]:text-is("done")', { timeout: 60_000 });
      expect(await page.inputValue(t('policy-select'))).toBe('constant:steady');
      expect(page.url()).toMatch(/policy=constant%3Asteady/);
      expect(profile.errors).toEqual([]);
    } finally {
      await profile.close();
      await server.close();
    }
    // An upper bound, not a speed check: the first page test to get here builds the shared copy,
    // which took over 3 minutes at load 30.
  }, 600_000);
});
