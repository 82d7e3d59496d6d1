/**
 * `swarm experiment preference` (docs/learning.md, "A policy that follows a preference"): it
 * refuses a held-out preference the training grid could draw, a price factor past ±50% and a bad
 * seed list, exit 2, and at the smallest sizes runs to its figures for each training seed: the
 * held-out comparisons and one per price table, the cascade chosen once per table.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

describe('swarm experiment preference', () => {
  it('refuses a held-out preference inside the grid, a bad grid value and a price factor past ±50%, exit 2', async () => {
    for (const [flags, message] of [
      [['--held-out', '1,2'], /held-out preference 1,2 can be drawn from the training grid 0,1,2,3/],
      [['--grid', '0,4'], /--grid value must be from 0 to 3/],
      [['--held-out', '0.5'], /--held-out must be COST,TIME/],
      [
        ['--prices', 'small=2'],
        /--prices: small's factor must be a number from 0.5 to 1.5 \(±50%\), not "2"/,
      ],
      [['--prices', 'tiny=1'], /--prices: "tiny=1" is not PROFILE=FACTOR/],
      [['--seed', '1,x'], /--seed: "x" is not a whole number from 0 to/],
      [['--seed', '2,2'], /--seed names a seed twice: 2,2/],
      [['--train-prices', 'maybe'], /--train-prices/],
    ] as const) {
      const r = await runCli(['experiment', 'preference', '--episodes', '4', ...flags]);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  }, 60_000);

  it('trains per seed (across price tables), scores on validation instances and prints each comparison with its paired interval', async () => {
    const r = await runCli([
      'experiment',
      'preference',
      '--seed',
      '1,2',
      '--episodes',
      '8',
      '--seeds',
      '3',
      '--select-seeds',
      '2',
      '--held-out',
      '0.5,2.5',
      '--prices',
      'small=1.5,medium=0.5,large=1.5',
      '--rollout-workers',
      '1',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    // One comparison per seed: each seed trained its own policies.
    expect(report.heldOut).toHaveLength(2);
    expect(report.heldOut.map((c: { seed: number }) => c.seed)).toEqual([1, 2]);
    expect(report.heldOut[0]).toMatchObject({ policy: 'conditioned', baseline: 'only 0.5,2.5' });
    expect(report.heldOut[0].difference.n).toBe(3);
    expect(report.prices).toHaveLength(2);
    expect(report.prices[0].cascade).toMatch(/^fixed:wide-search=.*\/cascade/);
    // Each kind's part of the difference, over the scored instances of that kind.
    const parts = Object.values(report.prices[0].byKind) as { n: number }[];
    expect(parts.reduce((n, d) => n + d.n, 0)).toBe(3);
    // The cascade is chosen once per table: both seeds meet the same one, with the same rewards.
    expect(report.prices[1].cascade).toBe(report.prices[0].cascade);
    expect(report.prices[1].baselineMean).toBe(report.prices[0].baselineMean);
    expect(report.trainings.map((t: { seed: number; name: string }) => `${t.seed} ${t.name}`)).toEqual([
      '1 conditioned',
      '1 only 0.5,2.5',
      '2 conditioned',
      '2 only 0.5,2.5',
    ]);
    // Validation instances only, the cascade chosen on others than it is scored on.
    const { select, scored } = report.validationSeeds;
    expect(select.filter((s: number) => scored.includes(s))).toEqual([]);
    const { splitOf } = await import('../../src/core/scenarios/splits');
    for (const s of [...select, ...scored]) expect(splitOf(s)).toBe('validation');
  }, 240_000);
});
