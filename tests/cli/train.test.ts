import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'swarm-train-'));
const policy = join(dir, 'parl.json');

describe('swarm train', () => {
  it('trains, writes a checkpoint, the curves as JSON and SVG, and prints one JSON document', async () => {
    const curves = join(dir, 'curves.json');
    const svg = join(dir, 'curves.svg');
    const r = await runCli([
      'train',
      '--scenario',
      'wide-search',
      '--policy',
      'parl',
      '--episodes',
      '6',
      '--batch',
      '3',
      '--group',
      '1',
      '--window',
      '3',
      '--out',
      policy,
      '--curves',
      curves,
      '--svg',
      svg,
      '--json',
    ]);
    expect(r.stderr).toMatch(/episode 3\/6 {2}reward/);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({
      policy: 'parl',
      scenario: 'wide-search',
      episodes: 6,
      completedEpisodes: 6,
      stopped: false,
      out: policy,
    });
    expect(summary.curves).toHaveLength(2);
    const checkpoint = JSON.parse(readFileSync(policy, 'utf8'));
    expect(checkpoint).toMatchObject({ schema: 'swarmflight.policy', version: 4, kind: 'parl' });
    expect(Object.keys(checkpoint.profiles)).toEqual(['small', 'medium', 'large']);
    expect(JSON.parse(readFileSync(curves, 'utf8')).curves).toEqual(summary.curves);
    expect(readFileSync(svg, 'utf8')).toMatch(/^<\?xml[\s\S]*<svg[\s\S]*<polyline/);
    expect(existsSync(`${policy}.tmp`)).toBe(false);
  }, 60_000);

  it('stops a training that diverges, keeping its last finite checkpoint, instead of writing nulls', async () => {
    const out = join(dir, 'diverged.json');
    const args = [
      '--scenario',
      'wide-search',
      '--episodes',
      '12',
      '--batch',
      '3',
      '--group',
      '1',
      '--window',
      '3',
      '--out',
      out,
    ];
    const r = await runCli(['train', ...args, '--learning-rate', '1e308']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /training diverged: weights\.\S+ is no longer a finite number\..*Lower --learning-rate/,
    );
    // The first batch's checkpoint was written before the weights went bad: it is kept, and it is
    // a checkpoint bench can read, every weight a number.
    expect(r.stderr).toContain(`${out} keeps this training's last checkpoint before it.`);
    expect(existsSync(out)).toBe(true);
    const kept = readFileSync(out, 'utf8');
    expect(kept).not.toMatch(/null/);
    expect(JSON.parse(kept)).toMatchObject({ schema: 'swarmflight.policy', kind: 'parl' });
    expect((await runCli(['train', ...args])).code).toBe(0);
  });

  it('bench runs the checkpoint as parl:FILE and reports reward for every policy', async () => {
    const r = await runCli([
      'bench',
      '--scenario',
      'wide-search',
      '--size',
      '12',
      '--policies',
      `serial,heuristic,parl:${policy}`,
      '--seeds',
      '2',
      '--json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    for (const name of ['serial', 'heuristic', `parl:${policy}`])
      expect(report.policies[name].reward.mean).toBeTypeOf('number');
    expect(report.ratios[`parl:${policy}`]).toBeDefined();
  }, 60_000);

  it('bench --scenario mix reports every component separately too', async () => {
    const r = await runCli([
      'bench',
      '--scenario',
      'mix',
      '--policies',
      'serial,heuristic',
      '--seeds',
      '3',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.kind).toBe('mix');
    expect(Object.keys(report.components).sort()).toEqual(['deep-search', 'mixed-coding', 'write-story']);
    // Seed k runs component k mod 5: one instance each, and together the whole bench's.
    for (const c of Object.values(report.components) as Record<string, { reward: { values: number[] } }>[]) {
      expect(c.heuristic?.reward.values).toHaveLength(1);
    }
    const all = Object.values(report.components).flatMap(
      (c) => (c as Record<string, { reward: { values: number[] } }>).serial?.reward.values ?? [],
    );
    expect(all.sort()).toEqual([...report.policies.serial.reward.values].sort());
  }, 60_000);

  it('refuses a checkpoint trained against other profiles, or of the wrong kind, naming why', async () => {
    const changed = JSON.parse(readFileSync(policy, 'utf8'));
    changed.profiles.large = 'sha256:0000';
    const bad = join(dir, 'changed.json');
    writeFileSync(bad, JSON.stringify(changed));
    const r = await runCli([
      'bench',
      '--scenario',
      'wide-search',
      '--policies',
      `parl:${bad}`,
      '--seeds',
      '1',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `checkpoint "${bad}" refused: not a usable policy: profile "large" has changed since training (trained against sha256:0000`,
    );
    const wrongKind = await runCli([
      'bench',
      '--scenario',
      'wide-search',
      '--policies',
      `bandit:${policy}`,
      '--seeds',
      '1',
    ]);
    expect(wrongKind.stderr).toContain(`is a parl policy, not bandit (use parl:${policy})`);
    const notPolicy = await runCli([
      'bench',
      '--scenario',
      'wide-search',
      '--policies',
      'parl:scenarios/mix.json',
      '--seeds',
      '1',
    ]);
    expect(notPolicy.stderr).toContain('not a usable policy: "schema" is null');
  }, 60_000);

  it('experiment trains both arms, scores them, and writes the curves as SVG, JSON and Markdown', async () => {
    const out = join(dir, 'experiments');
    const r = await runCli([
      'experiment',
      'spurious-parallelism',
      '--episodes',
      '4',
      '--seeds',
      '2',
      '--out-dir',
      out,
      '--json',
    ]);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result.arms.map((a: { name: string }) => a.name)).toEqual(['λ2 annealed 0.3→0', 'λ2 = 0']);
    expect(Object.keys(result.scores)).toEqual(['heuristic', 'λ2 annealed 0.3→0', 'λ2 = 0']);
    // 9 panels (reward, its 3 terms, quality, steps, parallelism, spawns, finish) × 2 arms.
    expect(readFileSync(join(out, 'spurious-parallelism.svg'), 'utf8').match(/<polyline/g)?.length).toBe(18);
    expect(readFileSync(join(out, 'spurious-parallelism.md'), 'utf8')).toContain('| λ2 = 0 |');
    const bad = await runCli(['experiment', 'serial-colapse']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      'expected an experiment name: serial-collapse, spurious-parallelism, critical-vs-total, aux-rewards, preference; got "serial-colapse"',
    );
  }, 60_000);

  it('trains the bandit on every setting and each with the cascade, or with --arms no-cascade the 27 of before', async () => {
    const armsOf = async (flags: string[]) => {
      const out = join(dir, `bandit${flags.join('')}.json`);
      const r = await runCli([
        'train',
        '--scenario',
        'mix',
        '--policy',
        'bandit',
        '--episodes',
        '4',
        '--out',
        out,
        ...flags,
      ]);
      expect(r.code).toBe(0);
      return (JSON.parse(readFileSync(out, 'utf8')).arms as { cascade?: string[] }[]).map((a) => a.cascade);
    };
    const all = await armsOf([]);
    expect(all).toHaveLength(54);
    expect(all.filter((c) => c !== undefined)).toEqual(Array(27).fill(['retry', 'escalate']));
    const plain = await armsOf(['--arms', 'no-cascade']);
    expect(plain).toEqual(Array(27).fill(undefined));
  }, 60_000);

  it.each([
    [['--policy', 'dqn'], '--policy must be one of parl, bandit, got "dqn"'],
    [['--lambda-parallel', 'linear:0.1:0'], '--lambda-parallel: schedule "linear:0.1:0": expected'],
    [['--allow-profiles', 'huge'], '--allow-profiles: unknown profile "huge"'],
    [['--episodes', '0'], '--episodes must be a whole number from 1 to 1000000, got "0"'],
    // Flags of the other learner, which were ignored without a word.
    [
      ['--bandit', 'thompson'],
      '--bandit does not apply: it is for --policy bandit only; this training is --policy parl',
    ],
    [
      ['--policy', 'bandit', '--batch', '8'],
      '--batch does not apply: it is for --policy parl only; this training is --policy bandit',
    ],
    [
      ['--policy', 'bandit', '--learning-rate', '0.1'],
      '--learning-rate does not apply: it is for --policy parl only; this training is --policy bandit',
    ],
    [
      ['--policy', 'bandit', '--arms', 'cascade'],
      '--arms must be one of all, no-cascade, uncut, got "cascade"',
    ],
  ])('refuses bad flags (%j)', async (flags, message) => {
    const r = await runCli(['train', '--scenario', 'mix', ...flags]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });
});
