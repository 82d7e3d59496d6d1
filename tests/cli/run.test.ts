import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

describe('swarm run (through the swarm control API)', () => {
  it('runs a scenario and prints its tasks as they end and its metrics', async () => {
    const r = await runCli(['run', '--scenario', 'deep-search', '--seed', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^t=\d+ q1-hop1 done \(attempt 1\)$/m);
    expect(r.stdout).toMatch(/^done: critical steps \d+, quality [\d.]+/m);
  });

  it('gives the same status as the API for the same task, as JSON', async () => {
    const a = JSON.parse(
      (await runCli(['run', '--scenario', 'wide-search', '--size', '10', '--json'])).stdout,
    );
    const b = JSON.parse(
      (await runCli(['run', '--scenario', 'wide-search', '--size', '10', '--json'])).stdout,
    );
    expect(a.state).toBe('done');
    expect(a.metrics.criticalSteps).toBe(b.metrics.criticalSteps);
    expect(a.metrics.quality).toBe(b.metrics.quality);
  });

  it('says which field of the task is wrong, as the API does', async () => {
    const r = await runCli(['run', '--scenario', 'nowhere']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--scenario: invalid task: scenario must be one of wide-search/);
  });
});
