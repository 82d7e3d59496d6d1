import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

describe('swarm orchestration', () => {
  it('prints the pre-training checks, every one holding', async () => {
    const { code, stdout } = await runCli(['orchestration', 'check', '--instances', '120', '--json']);
    expect(code).toBe(0);
    const checks = JSON.parse(stdout);
    expect(Object.values(checks.holds)).toEqual([true, true, true, true]);
    expect(checks.bestFixed.reward).toBeLessThan(checks.bestPerContext);
  });

  it('grid names the best setting of a split as bench accepts it', async () => {
    const { code, stdout } = await runCli([
      'orchestration',
      'grid',
      '--split',
      'validation',
      '--instances',
      '60',
      '--json',
    ]);
    expect(code).toBe(0);
    const g = JSON.parse(stdout);
    const bench = await runCli([
      'orchestration',
      'bench',
      '--instances',
      '30',
      '--policies',
      `fixed:${g.best}`,
      '--baseline',
      `fixed:${g.best}`,
      '--json',
    ]);
    expect(bench.code).toBe(0);
    const report = JSON.parse(bench.stdout);
    expect(report.policies[0].values.reward).toHaveLength(30);
  });

  it('pairs every policy with the baseline, instance by instance', async () => {
    const { code, stdout } = await runCli([
      'orchestration',
      'bench',
      '--split',
      'test',
      '--instances',
      '40',
      '--policies',
      'serial,heuristic',
      '--baseline',
      'heuristic',
      '--json',
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    const serial = report.policies.find((p: { policy: string }) => p.policy === 'serial');
    expect(serial.vsBaseline.n).toBe(40);
    expect(serial.vsBaseline.low).toBeLessThanOrEqual(serial.vsBaseline.mean);
  });

  it('refuses bad input with exit code 2, naming what is wrong and what is accepted, and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orch-'));
    const out = join(dir, 'policy.json');
    const cases: [string[], RegExp][] = [
      [
        ['orchestration', 'bench', '--policies', 'fixed:spawn/3/1/medium/retry'],
        /shard "3" is not one of 1, 2, 4, 8, 16/,
      ],
      [
        ['orchestration', 'grid', '--split', 'holdout'],
        /unknown split "holdout" \(known: train, validation, test\)/,
      ],
      [['orchestration', 'bench', '--policies', 'wizard'], /unknown policy "wizard" \(known:/],
      [['orchestration', 'train', '--episodes', 'many', '--out', out], /--episodes must be a whole number/],
      [['orchestration', 'dance'], /expected a subcommand/],
      // An empty entry was seed 0, and 2^32 wrapped to seed 0.
      [
        ['orchestration', 'aux-rewards', '--train-seeds', '1,,2'],
        /--train-seeds must be whole numbers from 0 to/,
      ],
      [
        ['orchestration', 'aux-rewards', '--train-seeds', '4294967296'],
        /--train-seeds must be whole numbers/,
      ],
      [['orchestration', 'aux-rewards', '--train-seeds', '1e3'], /--train-seeds must be whole numbers/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect(existsSync(out)).toBe(false);
    const old = join(dir, 'old.json');
    writeFileSync(old, JSON.stringify({ schema: 'swarmflight.policy/1', params: {} }));
    const r = await runCli(['orchestration', 'bench', '--policies', `parl:${old}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/policy of the scenario mix/);
  });

  it('trains and writes a checkpoint that bench loads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orch-'));
    const out = join(dir, 'p.json');
    const t = await runCli(['orchestration', 'train', '--episodes', '2000', '--out', out, '--json']);
    expect(t.code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).schema).toBe('swarmflight.orchestration-policy/1');
    const b = await runCli([
      'orchestration',
      'bench',
      '--instances',
      '20',
      '--policies',
      `parl:${out}`,
      '--baseline',
      `parl:${out}`,
      '--json',
    ]);
    expect(b.code).toBe(0);
  });
});
