/**
 * A policy trained with the CLI runs a swarm through the library build in plain Node
 * (`create({ policy: 'parl:FILE' })`), and the run's trace header names the checkpoint's hash;
 * what is not a usable checkpoint is refused with a typed error naming the field.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkpointHash } from '../../src/core/learning/resolve-policy';
import { runCli } from '../support/cli';
import { withLibraryBuild } from '../support/library-build';

const dir = mkdtempSync(join(tmpdir(), 'trained-'));
const file = join(dir, 'parl.json');
const garbage = join(dir, 'garbage.json');
// biome-ignore lint/suspicious/noExplicitAny: the report is plain JSON checked field by field.
let report: any;

beforeAll(async () => {
  const trained = await runCli([
    'train',
    '--scenario',
    'mix',
    '--policy',
    'parl',
    '--episodes',
    '32',
    '--batch',
    '16',
    '--out',
    file,
  ]);
  expect(trained.code).toBe(0);
  writeFileSync(garbage, '{ not json');
  report = await withLibraryBuild((root) =>
    JSON.parse(
      execFileSync(process.execPath, ['tests/api/drive-trained.mjs', file, garbage], {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
      }),
    ),
  );
}, 240_000);

describe('a trained policy through the library build', () => {
  it('runs wide search to done, and the trace header names the checkpoint by its hash', () => {
    expect(report.state).toBe('done');
    expect(report.run.state).toBe('done');
    expect(report.run.header.policy).toBe(`parl:${file}`);
    expect(report.run.header.policyCheckpoint).toBe(checkpointHash(JSON.parse(readFileSync(file, 'utf8'))));
    expect(report.run.header.policyCheckpoint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(report.run.final.criticalSteps).toBeGreaterThan(0);
  });

  it('refuses a missing file, a file that is not JSON, a checkpoint of another kind and an unknown kind', () => {
    for (const r of [report.missing, report.notJson, report.wrongKind, report.unknownKind]) {
      expect(r).toMatchObject({ typed: true, code: 'invalid-task', field: 'policy' });
    }
    expect(report.missing.message).toMatch(
      /no checkpoint "\/nonexistent\/policy.json" \(a path to a checkpoint file/,
    );
    expect(report.notJson.message).toMatch(/is not JSON/);
    expect(report.wrongKind.message).toMatch(/is a parl policy, not bandit/);
    expect(report.unknownKind.message).toMatch(/"dqn:.*" is not a policy \(one of: .*parl:CHECKPOINT/);
  });
});
