/**
 * `swarm run --profiles FILE`: one run under a profiles file of the user's, as `swarm bench
 * --profiles` benches under it. The run's agents are charged the file's prices and its trace's
 * header names the file's profiles; a bad file is refused naming it, exit 2, nothing run; a
 * trained policy plays under a file changed only in prices when it was trained to read prices,
 * and is refused in bench's own words when it was not; --trace may not overwrite the file.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scaledPrices } from '../../src/core/learning/price-sampling';
import { runCli } from '../support/cli';
import { loadProfiles } from '../support/scenarios';

const dir = mkdtempSync(join(tmpdir(), 'run-profiles-'));
const repriced = join(dir, 'profiles-x3.json');
writeFileSync(repriced, JSON.stringify(scaledPrices(loadProfiles(), { small: 3, medium: 3, large: 3 })));

const run = (...flags: string[]) =>
  runCli(['run', '--scenario', 'deep-search', '--seed', '2', '--json', ...flags]);
const status = (r: { stdout: string }) =>
  JSON.parse(r.stdout) as { state: string; metrics: { cost: number } };
const header = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8').split('\n')[0] as string) as {
    profiles: Record<string, { hash: string }>;
  };

describe('swarm run --profiles', () => {
  it("charges the file's prices and names the file's profiles in the trace", async () => {
    const plain = await run('--trace', join(dir, 'plain.jsonl'));
    const priced = await run('--profiles', repriced, '--trace', join(dir, 'priced.jsonl'));
    expect(plain.code, plain.stderr).toBe(0);
    expect(priced.code, priced.stderr).toBe(0);
    // The heuristic does not read prices: the same run, each token three times the price.
    expect(status(priced).metrics.cost).toBeCloseTo(3 * status(plain).metrics.cost, 9);
    const [a, b] = [header(join(dir, 'plain.jsonl')), header(join(dir, 'priced.jsonl'))];
    for (const name of ['small', 'medium', 'large'])
      expect(b.profiles[name]?.hash, name).not.toBe(a.profiles[name]?.hash);
  });

  it('applies beside a request file too: a request names a profile, not its prices', async () => {
    const request = join(dir, 'request.json');
    writeFileSync(request, JSON.stringify({ scenario: 'deep-search', seed: 2 }));
    const plain = await runCli(['run', '--request', request, '--json']);
    const priced = await runCli(['run', '--request', request, '--profiles', repriced, '--json']);
    expect(priced.code, priced.stderr).toBe(0);
    expect(status(priced).metrics.cost).toBeCloseTo(3 * status(plain).metrics.cost, 9);
  });

  it('refuses a bad profiles file naming it, exit 2, and runs nothing', async () => {
    const bad = join(dir, 'bad-profiles.json');
    writeFileSync(bad, JSON.stringify({ small: { model: 'sim-small' } }));
    const trace = join(dir, 'never.jsonl');
    const r = await run('--profiles', bad, '--trace', trace);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(bad);
    expect(existsSync(trace)).toBe(false);
    const missing = await run('--profiles', join(dir, 'nowhere.json'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nowhere.json');
  });

  it('will not write the trace over the profiles file', async () => {
    const r = await run('--profiles', repriced, '--trace', repriced);
    expect(r.code).toBe(2);
    expect(JSON.parse(readFileSync(repriced, 'utf8'))).toEqual(
      scaledPrices(loadProfiles(), { small: 3, medium: 3, large: 3 }),
    );
  });

  it('plays a policy trained across prices under it; refuses one trained blind, in bench’s words', async () => {
    const train = (out: string, ...flags: string[]) =>
      runCli([
        ...['train', '--scenario', 'mix', '--episodes', '16', '--batch', '8', '--rollout-workers', '1'],
        ...[...flags, '--out', out],
      ]);
    const priced = join(dir, 'priced-policy.json');
    const blind = join(dir, 'blind-policy.json');
    expect((await train(priced, '--prices', 'sample')).code).toBe(0);
    expect((await train(blind)).code).toBe(0);
    const played = await run('--profiles', repriced, '--policy', `parl:${priced}`);
    expect(played.code, played.stderr).toBe(0);
    expect(status(played).state).toBe('done');
    const refused = await run('--profiles', repriced, '--policy', `parl:${blind}`);
    expect(refused.code).toBe(2);
    const bench = await runCli([
      ...['bench', '--scenario', 'deep-search', '--seeds', '1', '--profiles', repriced],
      ...['--policies', `parl:${blind}`],
    ]);
    expect(bench.code).toBe(2);
    // The same refusal, whichever command: the checkpoint's words about prices.
    const words = /was trained without price inputs[^\n]*/.exec(bench.stderr)?.[0];
    expect(words, bench.stderr).toBeDefined();
    expect(refused.stderr).toContain(words as string);
  }, 60_000);
});
