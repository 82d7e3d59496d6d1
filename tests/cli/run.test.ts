import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('takes a run request file, and refuses one mixed with flags that set the run, or not JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'run-'));
    const file = join(dir, 'request.json');
    writeFileSync(file, JSON.stringify({ scenario: 'deep-search', seed: 2, policy: 'serial' }));
    const ok = await runCli(['run', '--request', file, '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).runs[0].task).toMatchObject({
      scenario: 'deep-search',
      seed: 2,
      policy: 'serial',
    });
    const mixed = await runCli(['run', '--request', file, '--seed', '3']);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain(`--seed does not apply: --request ${file} gives the whole run`);
    writeFileSync(file, '{"scenario": ');
    const broken = await runCli(['run', '--request', file]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('the run request is not JSON');
  });

  it('says which field of the task is wrong, as the API does', async () => {
    const r = await runCli(['run', '--scenario', 'nowhere']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--scenario: invalid task: scenario must be one of wide-search/);
  });
});
