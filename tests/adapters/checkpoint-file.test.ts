/**
 * Node reads a trained policy's checkpoint one way, whether `parl:FILE` comes through the CLI or
 * the API in Node: the same checks (a regular file, at most 4 MiB, UTF-8, JSON) and the same words.
 * Before, the API read any path whole with readFile, so a FIFO named as a checkpoint hung the
 * request until something wrote to it; these are the files an outsider can name.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileCheckpoints, MAX_CHECKPOINT_BYTES } from '../../src/adapters/node/checkpoint-file';
import { UsageError } from '../../src/cli/errors';
import { resolvePolicy } from '../../src/cli/policy-file';
import { policyOf } from '../../src/core/request/policy-of';
import { RequestError } from '../../src/core/request/run-input';
import { simulatedProviderFor } from '../../src/core/scenarios/players';
import { loadProfiles } from '../support/scenarios';

const dir = mkdtempSync(join(tmpdir(), 'checkpoint-file-'));
const fifo = join(dir, 'fifo.json');
execFileSync('mkfifo', [fifo]);
const folder = join(dir, 'folder.json');
mkdirSync(folder);
const large = join(dir, 'large.json');
writeFileSync(large, `{"pad":"${'x'.repeat(MAX_CHECKPOINT_BYTES)}"}`);
const latin1 = join(dir, 'latin1.json');
writeFileSync(latin1, Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d])); // {"é"} in Latin-1
const broken = join(dir, 'broken.json');
writeFileSync(broken, '{ not json');

const cases: [string, string, RegExp][] = [
  ['a FIFO', fifo, /fifo\.json: the policy checkpoint is not a regular file/],
  ['a directory', folder, /folder\.json: the policy checkpoint is a directory, not a file/],
  [
    'a file over the limit',
    large,
    /large\.json: the policy checkpoint is 4\.0 MiB; files of up to 4 MiB are read/,
  ],
  ['bytes that are not UTF-8', latin1, /latin1\.json: the policy checkpoint's .*UTF-8/],
  ['text that is not JSON', broken, /broken\.json: the policy checkpoint is not JSON/],
];

describe('one checkpoint reader for the CLI and the API in Node', () => {
  const profiles = loadProfiles();
  it.each(cases)('refuses %s in the same words, without hanging', async (_what, file, words) => {
    const api = await policyOf(`parl:${file}`, 'greedy', {
      profiles,
      checkpoints: fileCheckpoints,
      simulated: (p) => simulatedProviderFor(p),
    }).catch((e: unknown) => e);
    const cli = await resolvePolicy(`parl:${file}`, profiles).catch((e: unknown) => e);
    expect(api).toBeInstanceOf(RequestError);
    expect(cli).toBeInstanceOf(UsageError);
    expect((api as Error).message).toMatch(words);
    expect((cli as Error).message).toBe((api as Error).message);
  });
});
