/**
 * `swarm experiment NAME` scores its arms on the validation split unless a look at the test split
 * is asked for by name (issue 59 item 5): before, it took seeds 1–N of the mix, which mixed the
 * three splits (seeds 4, 17 and 20 of the first 20 are test instances).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { splitOf } from '../../src/core/scenarios/splits';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'swarm-experiment-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('swarm experiment NAME', () => {
  it('scores on validation instances by default, and says so', async () => {
    const r = await runCli([
      ...['experiment', 'serial-collapse', '--episodes', '8', '--seeds', '4'],
      ...['--out-dir', dir, '--json'],
    ]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.split).toBe('validation');
    expect(readFileSync(join(dir, 'serial-collapse.md'), 'utf8')).toContain(
      'the first 4 validation instances',
    );
    // The seeds 1–4 it once took are not all validation instances: the split is what changed.
    expect([1, 2, 3, 4].map(splitOf)).toContain('test');
  }, 120_000);

  it('refuses a split it does not know, naming the choices', async () => {
    const r = await runCli(['experiment', 'serial-collapse', '--split', 'dev', '--out-dir', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--split must be one of train, validation, test');
  });
});
