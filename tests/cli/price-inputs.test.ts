/**
 * Price inputs through the CLI (issue 59 item 3, docs/learning.md "A policy that follows a
 * preference"): `swarm train --prices sample` trains a policy that plays under a profiles file
 * priced otherwise (`swarm bench --profiles`); a checkpoint without price inputs — one from before
 * preferences, one trained without --prices — is refused it in words saying so, exit 2, no report;
 * a bad --prices is refused, exit 2, no checkpoint.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchSetup } from '../../src/cli/scale-out/bench-sweep-spec';
import { SWEEP_VERSION } from '../../src/cli/scale-out/sweep-protocol';
import { PRICE_FEATURES } from '../../src/core/learning/price-features';
import { scaledPrices } from '../../src/core/learning/price-sampling';
import { runCli } from '../support/cli';
import { loadProfiles } from '../support/scenarios';

const dir = mkdtempSync(join(tmpdir(), 'price-inputs-'));
const OLD = 'tests/fixtures/policies/parl-before-preference.json';
const repriced = join(dir, 'profiles-small-x1.5.json');
writeFileSync(repriced, JSON.stringify(scaledPrices(loadProfiles(), { small: 1.5, large: 0.5 })));

const trainTiny = (out: string, ...flags: string[]) =>
  runCli([
    'train',
    '--scenario',
    'mix',
    '--episodes',
    '16',
    '--batch',
    '8',
    '--rollout-workers',
    '1',
    ...flags,
    '--out',
    out,
  ]);

const bench = (policy: string, out: string) =>
  runCli([
    'bench',
    '--scenario',
    'deep-search',
    '--seeds',
    '2',
    '--profiles',
    repriced,
    '--policies',
    `heuristic,${policy}`,
    '--out',
    out,
  ]);

describe('swarm train --prices and swarm bench --profiles priced otherwise', () => {
  it('refuses a bad --prices naming what is accepted, exit 2, writing no checkpoint', async () => {
    for (const bad of ['often', 'small=1.5', '']) {
      const out = join(dir, `bad-${bad.length}.json`);
      const r = await trainTiny(out, '--prices', bad);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toMatch(/--prices must be `sample`/);
      expect(existsSync(out)).toBe(false);
    }
  });

  it('a policy trained with --prices sample plays under other prices; one without is refused, exit 2', async () => {
    const priced = join(dir, 'priced.json');
    const t = await trainTiny(priced, '--prices', 'sample');
    expect(t.code, t.stderr).toBe(0);
    const checkpoint = JSON.parse(readFileSync(priced, 'utf8'));
    expect(checkpoint.features).toEqual(expect.arrayContaining([...PRICE_FEATURES]));
    expect(checkpoint.training.prices).toEqual({ kind: 'uniform' });
    const played = await bench(`parl:${priced}`, join(dir, 'played'));
    expect(played.code, played.stderr).toBe(0);
    expect(existsSync(join(dir, 'played.json'))).toBe(true);

    const blind = join(dir, 'blind.json');
    expect((await trainTiny(blind)).code).toBe(0);
    expect(JSON.parse(readFileSync(blind, 'utf8')).features).not.toContain(PRICE_FEATURES[0]);
    for (const policy of [`parl:${OLD}`, `parl:${blind}`]) {
      const out = join(dir, `refused-${policy.length}`);
      const r = await bench(policy, out);
      expect(r.code, policy).toBe(2);
      expect(r.stderr).toMatch(/profile "small" is priced otherwise than the reference table/);
      expect(r.stderr).toMatch(/trained without price inputs/);
      expect(r.stderr).toMatch(/swarm train --prices sample/);
      expect(existsSync(`${out}.json`)).toBe(false);
    }

    // A sweep's worker (swarm bench --redis) resolves the same policies under the same prices the
    // same way: before, it checked plain hashes and refused the priced policy as changed since training.
    const sweepOf = (file: string) =>
      benchSetup({
        kind: 'bench',
        version: SWEEP_VERSION,
        scenario: { type: 'task', spec: JSON.parse(readFileSync('scenarios/deep-search.json', 'utf8')) },
        profiles: JSON.parse(readFileSync(repriced, 'utf8')),
        policies: ['heuristic', `parl:${file}`],
        checkpoints: { [file]: JSON.parse(readFileSync(file, 'utf8')) },
        seeds: [1, 2],
        healing: 'off',
      });
    expect((await sweepOf(priced)).policies.map((p) => p.name)).toHaveLength(2);
    await expect(sweepOf(blind)).rejects.toThrow(/trained without price inputs/);
  }, 240_000);
});
