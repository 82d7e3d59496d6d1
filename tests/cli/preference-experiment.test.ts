/**
 * `swarm experiment preference` (docs/learning.md, "A policy that follows a preference"): it
 * refuses a held-out preference the training grid could draw and a price factor past ±50%, exit
 * 2, and at the smallest sizes runs to its figures: two held-out comparisons and one per price table.
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
    ] as const) {
      const r = await runCli(['experiment', 'preference', '--episodes', '4', ...flags]);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  }, 60_000);

  it('trains, scores on validation instances and prints each comparison with its paired interval', async () => {
    const r = await runCli([
      'experiment',
      'preference',
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
    expect(report.heldOut).toHaveLength(1);
    expect(report.heldOut[0]).toMatchObject({ policy: 'conditioned', baseline: 'only 0.5,2.5' });
    expect(report.heldOut[0].difference.n).toBe(3);
    expect(report.prices).toHaveLength(1);
    expect(report.prices[0].cascade).toMatch(/^fixed:wide-search=.*\/cascade/);
    // Validation instances only, the cascade chosen on others than it is scored on.
    const { select, scored } = report.validationSeeds;
    expect(select.filter((s: number) => scored.includes(s))).toEqual([]);
    const { splitOf } = await import('../../src/core/scenarios/splits');
    for (const s of [...select, ...scored]) expect(splitOf(s)).toBe('validation');
  }, 240_000);
});
