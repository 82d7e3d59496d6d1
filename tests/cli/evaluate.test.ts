/**
 * `swarm evaluate` end to end: a small PARL checkpoint logs a few runs played by sampling
 * (`bench --play sample --trace-dir`), and evaluate weighs them for targets, printing the three
 * estimates as JSON. Every kind of log or target it cannot weigh is refused with exit 2, naming
 * what is wrong and what is accepted, and nothing is written.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'swarm-evaluate-'));
const parl = join(dir, 'parl.json');
const bandit = join(dir, 'bandit.json');
const sampled = join(dir, 'sampled');
const greedy = join(dir, 'greedy');

/** A copy of the sampled logs with each trace's lines passed through `edit` (header first). */
function edited(
  name: string,
  edit: (line: Record<string, unknown>, index: number) => Record<string, unknown>,
) {
  const out = join(dir, name);
  mkdirSync(out);
  for (const file of readdirSync(sampled)) {
    const lines = readFileSync(join(sampled, file), 'utf8').trim().split('\n');
    writeFileSync(
      join(out, file),
      `${lines.map((l, i) => JSON.stringify(edit(JSON.parse(l), i))).join('\n')}\n`,
    );
  }
  return out;
}

beforeAll(async () => {
  const train = (out: string, ...flags: string[]) =>
    runCli(['train', '--scenario', 'mix', '--episodes', '8', '--seed', '3', '--out', out, ...flags]);
  expect((await train(parl, '--policy', 'parl', '--batch', '4', '--group', '1')).code).toBe(0);
  expect((await train(bandit, '--policy', 'bandit')).code).toBe(0);
  const bench = (play: string, out: string, seeds: string) =>
    runCli([
      'bench',
      '--scenario',
      'mix',
      '--split',
      'validation',
      '--seeds',
      seeds,
      '--policies',
      `parl:${parl}`,
      '--play',
      play,
      '--trace-dir',
      out,
      '--json',
    ]);
  expect((await bench('sample', sampled, '8')).code).toBe(0);
  expect((await bench('greedy', greedy, '2')).code).toBe(0);
}, 180_000);

describe('swarm evaluate', () => {
  it('weighs sampled logs for a target and prints IS, WIS and DR with their intervals and the effective sample size', async () => {
    const r = await runCli([
      'evaluate',
      '--traces',
      sampled,
      '--policy',
      `parl:${parl}`,
      '--play',
      'sample',
      '--resamples',
      '200',
      '--json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.runs).toBe(8);
    // The target is the policy that played: every weight is 1.
    expect(report.effectiveSampleSize).toBeCloseTo(8, 6);
    for (const k of ['is', 'wis', 'dr']) {
      expect(report[k].low).toBeLessThanOrEqual(report[k].estimate);
      expect(report[k].estimate).toBeLessThanOrEqual(report[k].high);
    }
    expect(report.is.estimate).toBeCloseTo(report.wis.estimate, 9);
    expect(report.rewardModel).toMatch(/ridge/);
    const greedyTarget = await runCli([
      'evaluate',
      '--traces',
      sampled,
      '--policy',
      `parl:${parl}`,
      '--json',
      '--resamples',
      '200',
    ]);
    expect(greedyTarget.code).toBe(0);
    expect(JSON.parse(greedyTarget.stdout)).toMatchObject({
      target: `parl:${parl}`,
      play: 'greedy',
      runs: 8,
    });
    const fixed = await runCli([
      'evaluate',
      '--traces',
      sampled,
      '--policy',
      'fixed:all/large',
      '--resamples',
      '200',
    ]);
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toMatch(/IS {3}\d\.\d{3} \[/);
  }, 120_000);

  it('swarm run --play sample (through the API) draws by the seed: the same run twice gives the same trace, marked sample', async () => {
    const traces = ['a', 'b', 'c'].map((n) => join(dir, `run-${n}.jsonl`));
    const args = ['run', '--scenario', 'wide-search', '--seed', '3', '--policy', `parl:${parl}`];
    for (const trace of traces.slice(0, 2))
      expect((await runCli([...args, '--play', 'sample', '--trace', trace])).code).toBe(0);
    expect((await runCli([...args, '--trace', traces[2] as string])).code).toBe(0);
    const read = (f: string) =>
      readFileSync(f, 'utf8')
        .trim()
        .split('\n')
        .map((l) => {
          // Wall-clock readings are the only fields allowed to differ between reruns.
          const { wallMs: _w, ...rest } = JSON.parse(l);
          if (rest.metrics) delete rest.metrics.wallClockMs;
          return rest;
        });
    const [a, b, greedyRun] = traces.map(read);
    expect(b).toEqual(a);
    expect(a?.[0]).toMatchObject({ play: 'sample', decisionOptions: { plan: expect.any(Array) } });
    expect(greedyRun?.[0]).toMatchObject({ play: 'greedy' });
    // Made again from its trace by sampling, with the same draws: it forks (and replays).
    const fork = await runCli(['fork', '--trace', traces[0] as string, '--at', '1', '--policy', 'heuristic']);
    expect(fork.stderr).toBe('');
    expect(fork.code).toBe(0);
  }, 60_000);

  const refusals: [string, () => string[], RegExp][] = [
    [
      'greedy logs',
      () => ['--traces', greedy, '--policy', `parl:${parl}`],
      /played greedily, so the behaviour probability of each choice was 1[\s\S]*accepted: traces of a trained policy .* played with play "sample"/,
    ],
    [
      'traces from before decisions were logged in full',
      () => [
        '--traces',
        edited('old', (line, i) => {
          const { play: _p, decisionOptions: _o, planDecision: _d, decision: _s, ...rest } = line;
          return i === 0 ? rest : { ...rest };
        }),
        '--policy',
        `parl:${parl}`,
      ],
      /not logged in full[\s\S]*accepted: traces of a trained policy/,
    ],
    [
      'traces of another scenario mix',
      () => [
        '--traces',
        edited('other-mix', (line, i) =>
          i === 0 ? { ...line, budgets: { ...(line.budgets as object), maxCriticalSteps: 999 } } : line,
        ),
        '--policy',
        `parl:${parl}`,
      ],
      /another scenario mix; accepted: logs of runs of the mix mix/,
    ],
    [
      'traces made with other profiles',
      () => [
        '--traces',
        edited('other-profiles', (line, i) =>
          i === 0
            ? {
                ...line,
                profiles: { ...(line.profiles as object), small: { model: 'sim-small', hash: 'sha256:0' } },
              }
            : line,
        ),
        '--policy',
        `parl:${parl}`,
      ],
      /profile "small" differs from the one the logs ran with[\s\S]*accepted: logs made with the same profiles/,
    ],
    [
      'a checkpoint without the heads the logs need',
      () => ['--traces', sampled, '--policy', `bandit:${bandit}`],
      /none of the heads these logs' decisions were made with[\s\S]*accepted: a parl:FILE or fixed setting/,
    ],
    [
      'a cascade setting',
      () => ['--traces', sampled, '--policy', 'fixed:all/medium/cascade'],
      /decides from the run's history[\s\S]*accepted: fixed settings without the cascade/,
    ],
    [
      'a directory with no traces',
      () => ['--traces', mkdtempSync(join(dir, 'empty-')), '--policy', `parl:${parl}`],
      /no \.jsonl traces in it; accepted/,
    ],
    [
      'a built-in policy',
      () => ['--traces', sampled, '--policy', 'heuristic'],
      /not a target evaluate can weigh; accepted: parl:FILE, bandit:FILE, fixed:SETTING/,
    ],
  ];

  for (const [what, args, message] of refusals)
    it(`refuses ${what} with exit 2, writing nothing`, async () => {
      const argv = args();
      const before = readdirSync(dir).sort();
      const r = await runCli(['evaluate', ...argv]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
      expect(readdirSync(dir).sort()).toEqual(before);
    });
});
