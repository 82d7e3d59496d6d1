import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BenchReport } from '../../src/core/bench/run-bench';
import { scenarioKinds } from '../../src/core/scenarios/registry';
import { decodeTrace } from '../../src/core/trace/jsonl';
import { runCli } from '../support/cli';
import { playerBackend, startModelServer, subtasksOf } from '../support/loopback-model-server';
import { loadSpec } from '../support/scenarios';

// Every metric of a run; `estimatedCost` is `cost`'s deprecated alias, kept in the JSON (core/trace/cost-alias).
const metrics = [
  'pass@1',
  'itemF1',
  'rowF1',
  'successRate',
  'criticalSteps',
  'wallClockMs',
  'tokensIn',
  'tokensOut',
  'estimatedCost',
  'cost',
  'retryCount',
  'failureRate',
  'skipRate',
  'avgParallelism',
  'spawnCount',
  'subtaskFinishRate',
  'barrierWaste',
  'reward',
];

const small = ['--scenario', 'wide-search', '--policies', 'serial,heuristic', '--seeds', '2', '--size', '12'];

describe('swarm bench', () => {
  it('reports every metric per policy as mean and 95% interval, and the swarm / single ratios', async () => {
    const { code, stdout, stderr } = await runCli(['bench', ...small, '--json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as BenchReport;
    expect(report).toMatchObject({
      scenario: 'wide-search',
      kind: 'wide-search',
      seeds: 2,
      size: 12,
      single: 'serial',
    });
    for (const policy of ['serial', 'heuristic']) {
      for (const metric of metrics) {
        const s = report.policies[policy]?.[metric as keyof BenchReport['policies'][string]];
        expect(s, `${policy}.${metric}`).toEqual({
          mean: expect.any(Number),
          ci95: expect.any(Number),
          values: [expect.any(Number), expect.any(Number)],
        });
      }
    }
    const serial = report.policies.serial as BenchReport['policies'][string];
    const swarm = report.policies.heuristic as BenchReport['policies'][string];
    expect(serial.spawnCount.mean).toBe(1);
    expect(swarm.spawnCount.mean).toBe(2);
    expect(report.ratios.heuristic?.criticalSteps).toBeCloseTo(
      swarm.criticalSteps.mean / serial.criticalSteps.mean,
      12,
    );
    expect(swarm.criticalSteps.mean).toBeLessThan(serial.criticalSteps.mean);
    // The latency model's wall clock along the realized path: the swarm's is shorter too.
    expect(swarm.modelWallMs.mean).toBeGreaterThan(0);
    expect(swarm.modelWallMs.mean).toBeLessThan(serial.modelWallMs.mean);
  });

  it('gives the same figures on a rerun, wall-clock apart', async () => {
    // wallClockMs is the one figure allowed to differ between reruns.
    const strip = (text: string) =>
      JSON.parse(text, (key, value) => (key === 'wallClockMs' ? undefined : value)) as unknown;
    const a = await runCli(['bench', ...small, '--json']);
    const b = await runCli(['bench', ...small, '--json']);
    expect(strip(b.stdout)).toEqual(strip(a.stdout));
  });

  it('prints a text table with the ratio column', async () => {
    const { code, stdout } = await runCli(['bench', ...small]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^wide-search \(wide-search, size 12\), 2 seeds: mean ± 95% interval/);
    expect(stdout).toMatch(/metric\s+serial\s+heuristic\s+heuristic \/ serial/);
    expect(stdout).toMatch(/criticalSteps\s+\S+ ± \S+\s+\S+ ± \S+\s+0\.\d+×/);
  });

  it('writes a JSON and a Markdown report with --out, and one decodable trace per run with --trace-dir', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-'));
    const { code } = await runCli([
      'bench',
      ...small,
      '--out',
      join(dir, 'report'),
      '--trace-dir',
      join(dir, 'traces'),
    ]);
    expect(code).toBe(0);
    const json = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as BenchReport;
    expect(Object.keys(json.policies)).toEqual(['serial', 'heuristic']);
    const md = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(md).toContain('| metric | serial | heuristic | heuristic / serial |');
    expect(md).toContain('Command: `npm run --silent swarm -- bench --scenario wide-search');
    const traces = readdirSync(join(dir, 'traces')).sort();
    expect(traces).toEqual([
      'wide-search-heuristic-seed1.jsonl',
      'wide-search-heuristic-seed2.jsonl',
      'wide-search-serial-seed1.jsonl',
      'wide-search-serial-seed2.jsonl',
    ]);
    const decoded = decodeTrace(readFileSync(join(dir, 'traces', traces[0] as string), 'utf8'));
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.header.policy).toBe('heuristic');
    expect(decoded.header.size).toBe(12);
    expect(decoded.header.context).toEqual({ name: 'hide-tool-result' });
    const profiles = decoded.header.profiles as Record<string, { model: string; hash: string }>;
    expect(profiles.medium).toEqual({
      model: 'sim-medium',
      hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
    const types = new Set(decoded.events.map((e) => e.type));
    for (const t of ['llm.turn', 'tool.call', 'task.finished', 'run.graded', 'run.finished'])
      expect(types).toContain(t);
  });

  it('runs the llm orchestrator offline, the simulated provider playing it', async () => {
    const { code, stdout, stderr } = await runCli([
      'bench',
      '--scenario',
      'deep-search',
      '--policies',
      'serial,llm',
      '--seeds',
      '2',
      '--size',
      '3',
      '--json',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as BenchReport;
    const llm = report.policies.llm as BenchReport['policies'][string];
    expect(llm.subtaskFinishRate.mean).toBeGreaterThan(0.5);
    expect(llm.spawnCount.mean).toBeGreaterThanOrEqual(1);
  });

  it('runs a real model behind an OpenAI-compatible endpoint, the key from the environment and in no file', async () => {
    const spec = loadSpec('wide-search', 'wide-search');
    const kind = scenarioKinds['wide-search'];
    const instance = kind.generate(spec, 1, 10);
    const server = await startModelServer(playerBackend(subtasksOf(kind, instance, ['single', 'swarm'])));
    const key = 'sk-bench-secret-9911';
    const before = process.env.SWARM_API_KEY;
    process.env.SWARM_API_KEY = key;
    const dir = mkdtempSync(join(tmpdir(), 'bench-openai-'));
    try {
      const { code, stdout, stderr } = await runCli([
        'bench',
        ...['--scenario', 'wide-search', '--policies', 'serial,heuristic', '--seeds', '1', '--size', '10'],
        ...['--provider', 'openai', '--endpoint', server.url, '--model', 'loopback-model'],
        ...['--trace-dir', join(dir, 'traces'), '--out', join(dir, 'report'), '--json'],
      ]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).not.toContain(key);
      const report = JSON.parse(stdout) as BenchReport;
      expect(report.policies.heuristic?.itemF1.mean).toBeGreaterThan(0.5);
      expect(report.policies.serial?.itemF1.mean).toBeGreaterThan(0.5);
      const chats = server.requests.filter((r) => r.path.endsWith('/chat/completions'));
      expect(chats.length).toBeGreaterThan(10);
      for (const r of chats) {
        expect(r.headers.authorization).toBe(`Bearer ${key}`);
        expect(r.body.model).toBe('loopback-model');
      }
      const files = [
        ...readdirSync(join(dir, 'traces')).map((f) => join(dir, 'traces', f)),
        join(dir, 'report.json'),
        join(dir, 'report.md'),
      ];
      for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toContain(key);
      const trace = decodeTrace(
        readFileSync(join(dir, 'traces', 'wide-search-heuristic-seed1.jsonl'), 'utf8'),
      );
      if (!trace.ok) throw new Error('trace did not decode');
      expect(trace.header.provider).toBe('openai');
      expect(JSON.stringify(trace.header.profiles)).toContain('"model":"loopback-model"');
    } finally {
      if (before === undefined) delete process.env.SWARM_API_KEY;
      else process.env.SWARM_API_KEY = before;
      await server.close();
    }
  });

  it('stops at an endpoint that refuses the key, exit 1, no report: not a report of zeros with exit 0', async () => {
    const server = await startModelServer(() => ({
      json: { error: { message: 'invalid key' } },
      status: 401,
    }));
    const dir = mkdtempSync(join(tmpdir(), 'bench-refused-'));
    try {
      const r = await runCli([
        'bench',
        ...['--scenario', 'wide-search', '--policies', 'serial', '--seeds', '2', '--size', '10'],
        ...['--provider', 'openai', '--endpoint', server.url, '--model', 'loopback-model'],
        ...['--trace-dir', join(dir, 'traces'), '--out', join(dir, 'report')],
      ]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /the model endpoint failed \(auth\): .*the bench stopped at serial seed 1, its report not written/,
      );
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(readdirSync(dir).filter((f) => f.startsWith('report'))).toEqual([]);
      expect(readdirSync(join(dir, 'traces'))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('refuses a provider flag without its --provider, and --provider openai without an endpoint', async () => {
    const stray = await runCli(['bench', ...small, '--endpoint', 'http://localhost:8080/v1']);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain(
      '--endpoint does not apply: it is a field of the openai provider: give --provider openai',
    );
    const none = await runCli(['bench', ...small, '--provider', 'openai']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--endpoint: provider.endpoint is required for an openai provider');
    const bad = await runCli(['bench', ...small, '--provider', 'openai', '--endpoint', 'localhost:8080']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--endpoint: provider.endpoint must be an http(s) URL');
    const graph = await runCli([
      ...['bench', '--scenario', 'diamond', '--policies', 'serial', '--seeds', '1'],
      ...['--provider', 'openai', '--endpoint', 'http://localhost:8080/v1'],
    ]);
    expect(graph.stderr).toContain(
      '--provider openai runs task scenarios: graph tasks have no model to call',
    );
    const empty = await runCli([
      ...['bench', ...small],
      ...['--provider', 'openai', '--endpoint', 'http://x/v1', '--model', ''],
    ]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--model: provider.model must be a model name');
    expect((await runCli(['bench', ...small, '--provider', 'gpt'])).stderr).toContain(
      '--provider must be one of simulated, openai, got "gpt"',
    );
  });

  it('runs graph scenarios too', async () => {
    const { code, stdout } = await runCli([
      'bench',
      '--scenario',
      'diamond',
      '--policies',
      'serial,critical-path',
      '--seeds',
      '3',
      '--json',
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as BenchReport;
    expect(report.kind).toBe('graph');
    expect(report.size).toBeNull();
    expect(report.policies['critical-path']?.criticalSteps.mean).toBeLessThan(
      report.policies.serial?.criticalSteps.mean as number,
    );
  });

  it.each([
    [['--policies', 'serial', '--seeds', '1'], /--scenario ID is required/],
    [
      ['--scenario', 'nope', '--policies', 'serial', '--seeds', '1'],
      /no scenario "nope": looked for scenarios\/nope.json/,
    ],
    [
      ['--scenario', 'wide-search', '--policies', 'serial,magic', '--seeds', '1'],
      /"magic" is not a policy \(one of: /,
    ],
    [
      ['--scenario', 'diamond', '--policies', 'llm', '--seeds', '1'],
      /llm orchestrates task scenarios, not graphs/,
    ],
    [
      ['--scenario', 'wide-search', '--policies', 'serial', '--seeds', '0'],
      /--seeds must be a whole number from 1 to 10000, got "0"/,
    ],
    [
      ['--scenario', 'wide-search', '--policies', 'serial', '--seeds', '1', '--size', '5'],
      /--size: size of wide-search must be within 10…200, got/,
    ],
    [
      ['--scenario', 'wide-search', '--policies', 'serial', '--seeds', '1', '--context', 'all'],
      /--context must be one of/,
    ],
    [
      ['--scenario', 'wide-search', '--policies', 'serial', '--seeds', '1', '--profile', 'huge'],
      /--profile: profile must be one of small, medium, large, not "huge"/,
    ],
    [
      ['--scenario', 'tests/fixtures/scenarios/bad-column-attr.json', '--policies', 'serial', '--seeds', '1'],
      /bad-column-attr\.json: columns\[2\]\.attr: "color" is not an attribute or link of a company/,
    ],
  ])('refuses %j with a message and exit code 2', async (args, message) => {
    const { code, stdout, stderr } = await runCli(['bench', ...args]);
    expect(stderr).toMatch(message);
    expect(stdout).toBe('');
    expect(code).toBe(2);
  });
});

describe('swarm bench on a split, paired', () => {
  it("runs the split's own seeds and pairs each policy with the baseline, instance by instance", async () => {
    const { code, stdout } = await runCli([
      'bench',
      '--scenario',
      'wide-search',
      '--policies',
      'serial,heuristic',
      '--seeds',
      '4',
      '--size',
      '12',
      '--split',
      'test',
      '--baseline',
      'serial',
      '--json',
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as BenchReport;
    expect(report.split).toBe('test');
    expect(report.baseline).toBe('serial');
    const serial = report.policies.serial?.criticalSteps;
    const swarm = report.policies.heuristic?.criticalSteps;
    // One value per instance, in seed order, so that differences can be paired.
    expect(serial?.values).toHaveLength(4);
    expect(swarm?.values).toHaveLength(4);
    const diffs = (swarm?.values ?? []).map((v, i) => v - (serial?.values[i] as number));
    const d = report.paired.heuristic?.criticalSteps;
    expect(d?.mean).toBeCloseTo(diffs.reduce((a, b) => a + b, 0) / 4, 12);
    expect(d?.low).toBeLessThanOrEqual(d?.mean as number);
    expect(d?.high).toBeGreaterThanOrEqual(d?.mean as number);
    expect(d?.high).toBeLessThan(0); // the swarm is faster on every test instance
  }, 60_000);

  it('refuses a policy named twice, whose column held twice the runs its intervals assumed', async () => {
    const r = await runCli([
      'bench',
      '--scenario',
      'diamond',
      '--policies',
      'serial,heuristic,serial',
      '--seeds',
      '1',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--policies names serial twice/);
    // --workers on a task scenario was ignored without a word.
    const workers = await runCli([
      'bench',
      '--scenario',
      'wide-search',
      '--policies',
      'serial',
      '--seeds',
      '1',
      '--workers',
      '4',
    ]);
    expect(workers.code).toBe(2);
    expect(workers.stderr).toContain('--workers sets the subagents of a graph scenario');
    // And the flags of an agent on a graph scenario, whose tasks have none: each was ignored too.
    for (const [flag, value] of [
      ['--context', 'keep-all'],
      ['--profile', 'small'],
      ['--healing', 'on'],
      ['--reply-deadline-ms', '1000'],
    ] as const) {
      const graph = await runCli([
        'bench',
        '--scenario',
        'diamond',
        '--policies',
        'serial',
        '--seeds',
        '1',
        flag,
        value,
      ]);
      expect(graph.code).toBe(2);
      expect(graph.stderr).toContain(`${flag} does not apply: diamond is a graph scenario`);
    }
    // The retired orchestration environment's command names what replaced it.
    const o = await runCli(['orchestration', 'bench', '--policies', 'serial']);
    expect(o.code).toBe(2);
    expect(o.stderr).toMatch(/retired.*swarm train --scenario mix/);
  });

  it('refuses an --out that names no file, which wrote the hidden .json and .md', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-out-'));
    for (const out of ['', `${dir}/`, join(dir, '.json')]) {
      const r = await runCli([
        'bench',
        '--scenario',
        'diamond',
        '--policies',
        'serial',
        '--seeds',
        '1',
        '--out',
        out,
      ]);
      expect(r.code, out).toBe(2);
      expect(r.stderr).toMatch(/--out names the report's file/);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses an unknown split or a baseline that did not run, with exit 2', async () => {
    const split = await runCli([
      'bench',
      '--scenario',
      'wide-search',
      '--policies',
      'serial',
      '--seeds',
      '1',
      '--split',
      'dev',
    ]);
    expect(split.code).toBe(2);
    expect(split.stderr).toMatch(/--split must be one of train, validation, test, got "dev"/);
    const base = await runCli([
      'bench',
      '--scenario',
      'wide-search',
      '--policies',
      'serial',
      '--seeds',
      '1',
      '--baseline',
      'heuristic',
    ]);
    expect(base.code).toBe(2);
    expect(base.stderr).toMatch(/--baseline must be one of the policies run \(serial\)/);
  });
});
