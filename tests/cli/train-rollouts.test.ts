import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'swarm-rollouts-'));
const args = (out: string, workers: number) => [
  'train',
  '--scenario',
  'mix',
  '--episodes',
  '40',
  '--batch',
  '8',
  '--seed',
  '5',
  '--out',
  out,
  '--rollout-workers',
  String(workers),
  '--json',
];

describe('swarm train --rollout-workers', () => {
  it('writes the same checkpoint, byte for byte, with one worker thread or three', async () => {
    const one = join(dir, 'one.json');
    const three = join(dir, 'three.json');
    const a = await runCli(args(one, 1));
    const b = await runCli(args(three, 3));
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(JSON.parse(b.stdout).completedEpisodes).toBe(40);
    expect(readFileSync(three, 'utf8')).toBe(readFileSync(one, 'utf8'));
    // The curves agree too: every episode's outcome came back in order.
    expect(JSON.parse(b.stdout).curves).toEqual(JSON.parse(a.stdout).curves);
  }, 120_000);

  it('refuses a bandit with more than one worker, and a count out of range, with exit 2', async () => {
    const bandit = await runCli([
      'train',
      '--scenario',
      'mix',
      '--policy',
      'bandit',
      '--rollout-workers',
      '2',
    ]);
    expect(bandit.code).toBe(2);
    expect(bandit.stderr).toMatch(/a bandit learns after every episode/);
    const many = await runCli(['train', '--scenario', 'mix', '--rollout-workers', '99']);
    expect(many.code).toBe(2);
    expect(many.stderr).toMatch(/--rollout-workers must be a whole number from 1 to 16, got "99"/);
  });
});
