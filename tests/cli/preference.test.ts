/**
 * The cost and time preference through the CLI (issue 59 item 3). A run request without one gives
 * the trace it gave before the preference existed, byte for byte but wall-clock (the hashes were
 * printed by the same requests at 95ddb61, main's last commit before the preference merged, after
 * the trade-offs of issue 59 item 2 changed the simulator; the fixtures' checkpoints were trained at
 * bae13f8, their profile hashes brought to the profiles those trade-offs changed); `--preference` reaches the trace; a bad one, or one given to a checkpoint without
 * preference inputs, is a usage error (exit 2) naming what is wrong and what is accepted, and
 * nothing is written.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PREFERENCE_FEATURES } from '../../src/core/learning/features';
import { decodeTrace, encodeTrace, withoutWallClock } from '../../src/core/trace/jsonl';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'preference-'));
const PARL = 'tests/fixtures/policies/parl-before-preference.json';
const BANDIT = 'tests/fixtures/policies/bandit-before-preference.json';

function decoded(file: string) {
  const d = decodeTrace(readFileSync(file, 'utf8'));
  if (!d.ok) throw new Error(`${file}: ${JSON.stringify(d.problems)}`);
  return d;
}

/** sha256 of a trace, wall clock zeroed and a checkpoint's path left out of the policy name. */
function traceHash(file: string): string {
  const d = decoded(file);
  const header = { ...d.header, policy: d.header.policy.replace(/^(parl|bandit):.*$/, '$1:checkpoint') };
  return createHash('sha256')
    .update(encodeTrace(header, withoutWallClock(d.events)))
    .digest('hex');
}

let n = 0;
async function traced(request: object): Promise<{ code: number; stderr: string; trace: string }> {
  const file = join(dir, `request-${++n}.json`);
  const trace = join(dir, `trace-${n}.jsonl`);
  writeFileSync(file, JSON.stringify(request));
  const r = await runCli(['run', '--request', file, '--trace', trace, '--json']);
  return { code: r.code, stderr: r.stderr, trace };
}

// Printed at 95ddb61 by the same requests (main before the preference; see above).
const BEFORE: readonly [object, string][] = [
  [{ scenario: 'wide-search', seed: 3 }, '420f94aca1ee9f831fa36c463f1dd636dafc73abe51e740fd9133ba783a449e5'],
  [
    { scenario: 'write-story', seed: 4, policy: 'fixed:all/medium/cascade' },
    'f9930719ffdfaa4b3adf703eadbecdd21c540d2401ce590470eb4b58ccc4baee',
  ],
  [
    { scenario: 'deep-search', seed: 2, policy: `parl:${PARL}` },
    '3e0739ecb57eb45233f67614d6e9f270fa6e027ff5e5e04442a5d1f78bf4de6c',
  ],
  [
    { scenario: 'mixed-coding', seed: 7, policy: `parl:${PARL}`, play: 'sample' },
    '0ddbd834b79448e8f690661c232fa8e9246e0dbd752e4120d897a009a32ad201',
  ],
  [
    { scenario: 'wide-search', seed: 5, policy: `bandit:${BANDIT}` },
    '39767f31b74c46f70d5e4f746cbf9cb671b18ca9534b40deebf67dfd5cea5ffb',
  ],
  [
    { scenario: 'rag-qa', seed: 6, policy: `bandit:${BANDIT}`, play: 'sample' },
    'bccce6a31c6b2434ef64460ee5e7847b5f91b1fcb95a109e37acfd06eb2089aa',
  ],
];

describe('swarm run with and without a preference', () => {
  it('gives, without one or with {1, 1}, the trace of the commit before preferences existed', async () => {
    for (const [request, hash] of BEFORE) {
      for (const asked of [request, { ...request, preference: { cost: 1, time: 1 } }]) {
        const r = await traced(asked);
        expect(r.code, r.stderr).toBe(0);
        expect(traceHash(r.trace), JSON.stringify(asked)).toBe(hash);
      }
    }
  }, 120_000);

  it('records --preference in the trace, and the flag and the request file give the same trace', async () => {
    const file = join(dir, 'flag.jsonl');
    const r = await runCli([
      'run',
      '--scenario',
      'wide-search',
      '--seed',
      '3',
      '--preference',
      '2,0.5',
      '--trace',
      file,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(decoded(file).header.preference).toEqual({ cost: 2, time: 0.5 });
    const same = await traced({ scenario: 'wide-search', seed: 3, preference: { cost: 2, time: 0.5 } });
    expect(traceHash(same.trace)).toBe(traceHash(file));
    expect(traceHash(file)).not.toBe(BEFORE[0]?.[1]);
  });

  it('refuses a preference out of range, not a number or not a pair, exit 2, writing no trace', async () => {
    const cases: [string, RegExp][] = [
      ['4,1', /--preference cost must be from 0 to 3 .*not 4/],
      ['1,-0.5', /--preference time must be from 0 to 3 .*not -0.5/],
      ['cheap,1', /--preference cost must be a number from 0 to 3, not "cheap"/],
      ['2', /--preference must be COST,TIME \(two numbers from 0 to 3, e\.g\. 1,1\)/],
    ];
    for (const [value, message] of cases) {
      const trace = join(dir, `refused-${value}.jsonl`);
      const r = await runCli(['run', '--scenario', 'wide-search', '--preference', value, '--trace', trace]);
      expect(r.code, value).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(existsSync(trace)).toBe(false);
    }
    const bad = await traced({ scenario: 'wide-search', preference: { cost: 'a', time: 1 } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('preference.cost must be a number from 0 to 3, not "a"');
    expect(existsSync(bad.trace)).toBe(false);
  });

  it('refuses a preference to a checkpoint without preference inputs, PARL and bandit, exit 2', async () => {
    for (const policy of [`parl:${PARL}`, `bandit:${BANDIT}`]) {
      const trace = join(dir, `old-${policy.slice(0, 4)}.jsonl`);
      const r = await runCli([
        'run',
        '--scenario',
        'wide-search',
        '--policy',
        policy,
        '--preference',
        '2,1',
        '--trace',
        trace,
      ]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('was trained without preference inputs');
      expect(r.stderr).toContain('plays only the default {cost: 1, time: 1}');
      expect(existsSync(trace)).toBe(false);
    }
  });
});

describe('swarm bench and swarm train with preferences', () => {
  it('bench refuses a preference out of range and one given to an old checkpoint, exit 2, writing no report', async () => {
    for (const [flags, message] of [
      [['--policies', 'heuristic', '--preference', '1,3.5'], /--preference time must be from 0 to 3/],
      [
        ['--policies', `heuristic,parl:${PARL}`, '--preference', '0,1'],
        /was trained without preference inputs/,
      ],
    ] as const) {
      const out = join(dir, `bench-${n++}`);
      const r = await runCli(['bench', '--scenario', 'deep-search', '--seeds', '2', ...flags, '--out', out]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(existsSync(`${out}.json`)).toBe(false);
    }
  });

  it('bench plays every run under the preference', async () => {
    const traces = join(dir, 'bench-traces');
    const r = await runCli([
      'bench',
      '--scenario',
      'deep-search',
      '--seeds',
      '1',
      '--policies',
      'heuristic',
      '--preference',
      '3,0',
      '--trace-dir',
      traces,
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const [file] = (await import('node:fs')).readdirSync(traces);
    expect(decoded(join(traces, file as string)).header.preference).toEqual({
      cost: 3,
      time: 0,
    });
  });

  it('train refuses a bad --preferences, exit 2, writing no checkpoint; a good one trains a policy that takes a preference', async () => {
    const out = join(dir, 'refused.json');
    const bad = await runCli([
      'train',
      '--scenario',
      'mix',
      '--episodes',
      '8',
      '--batch',
      '8',
      '--preferences',
      'grid:0,9',
      '--out',
      out,
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--preferences grid value must be from 0 to 3/);
    expect(existsSync(out)).toBe(false);
    const good = join(dir, 'sampled.json');
    const r = await runCli([
      'train',
      '--scenario',
      'mix',
      '--episodes',
      '16',
      '--batch',
      '8',
      '--rollout-workers',
      '1',
      '--preferences',
      'grid:0,1,3',
      '--out',
      good,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const checkpoint = JSON.parse(readFileSync(good, 'utf8'));
    expect(checkpoint.features).toEqual(expect.arrayContaining([...PREFERENCE_FEATURES]));
    expect(checkpoint.training.preferences).toEqual({ kind: 'grid', values: [0, 1, 3] });
    const played = await runCli([
      'run',
      '--scenario',
      'wide-search',
      '--policy',
      `parl:${good}`,
      '--preference',
      '2.5,0.5',
    ]);
    expect(played.code, played.stderr).toBe(0);
  }, 120_000);
});
