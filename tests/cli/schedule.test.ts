import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../src/core/graph/validate';
import { decodeTrace } from '../../src/core/trace/jsonl';
import { checkSchedule } from '../support/check-schedule';
import { runCli } from '../support/cli';

const fixture = (name: string) => `tests/fixtures/graphs/${name}.json`;

const run = runCli;

describe('swarm schedule', () => {
  it('prints one JSON document with the contract fields', async () => {
    const r = await run([
      'schedule',
      '--graph',
      'scenarios/graphs/diamond.json',
      '--workers',
      '2',
      '--json',
      '--seed',
      '3',
    ]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    for (const key of [
      'makespan',
      'criticalPathLength',
      'lowerBound',
      'totalSteps',
      'criticalSteps',
      'schedule',
      'msPerRun',
    ]) {
      expect(j).toHaveProperty(key);
    }
    expect(j.criticalPathLength).toBe(9); // plan 2 + search-a 5 + merge 2
    expect(j.totalSteps).toBe(12);
    expect(j.makespan).toBe(j.criticalSteps);
    expect(j.makespan).toBeGreaterThanOrEqual(j.lowerBound);
    for (const e of j.schedule)
      expect(Object.keys(e).sort()).toEqual(['attempt', 'finish', 'start', 'task', 'worker']);
  });

  it('meets the critical path with mainStepCost 0 and enough workers', async () => {
    const r = await run([
      'schedule',
      '--graph',
      'scenarios/graphs/wide-fanout.json',
      '--workers',
      '32',
      '--main-step-cost',
      '0',
      '--json',
      '--seed',
      '3',
    ]);
    const j = JSON.parse(r.stdout);
    // Seed 3 draws no failure (seed 2 drew two, and a retry lengthens the run), so the schedule
    // meets the critical path exactly.
    expect(j.metrics.retryCount).toBe(0);
    expect(j.makespan).toBe(j.criticalPathLength);
    const graph = graphOrThrow(JSON.parse(readFileSync('scenarios/graphs/wide-fanout.json', 'utf8')));
    expect(checkSchedule(graph, 32, j.schedule)).toEqual([]);
  });

  it('gives the same schedule for the same seed and averages wall time over --repeat', async () => {
    const args = [
      'schedule',
      '--graph',
      'scenarios/graphs/deep-chain.json',
      '--workers',
      '3',
      '--json',
      '--seed',
      '5',
    ];
    const a = JSON.parse((await run(args)).stdout);
    const b = JSON.parse((await run([...args, '--repeat', '3'])).stdout);
    expect(b.schedule).toEqual(a.schedule);
    expect(b.repeat).toBe(3);
    expect(b.msPerRun).toBeGreaterThan(0);
  });

  it('reports the realized critical path and a lower bound from realized durations', async () => {
    const r = JSON.parse(
      (await run(['schedule', '--graph', 'scenarios/graphs/deep-chain.json', '--workers', '4', '--json']))
        .stdout,
    );
    expect(r.realizedPath[0].start).toBe(0);
    expect(r.realizedPath.at(-1).end).toBe(r.criticalSteps);
    for (let k = 1; k < r.realizedPath.length; k++)
      expect(r.realizedPath[k].start).toBe(r.realizedPath[k - 1].end);
    // deep-chain's hops fail now and then: this seed waits out a retry's backoff on the path.
    expect(r.realizedPath.some((l: { kind: string }) => l.kind === 'backoff')).toBe(true);
    expect(r.realizedLowerBound).toBeLessThanOrEqual(r.criticalSteps);
  });

  it('refuses a task longer than a subagent may run, which could only fail, and runs it when allowed', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'long-')), 'long.json');
    writeFileSync(
      file,
      JSON.stringify({
        kind: 'graph',
        id: 'long',
        tasks: [
          { id: 'a', steps: 150, deps: [] },
          { id: 'b', steps: 3, deps: ['a'] },
        ],
      }),
    );
    const refused = await run(['schedule', '--graph', file, '--workers', '2']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /task a takes 150 steps, more than a subagent may run \(--max-steps-per-subagent 100\)/,
    );
    const allowed = await run([
      'schedule',
      '--graph',
      file,
      '--workers',
      '2',
      '--max-steps-per-subagent',
      '150',
      '--json',
    ]);
    expect(allowed.code).toBe(0);
    expect(JSON.parse(allowed.stdout)).toMatchObject({ reason: 'completed', makespan: 155 });
  });

  it('runs barrier joins and reports the barrier waste', async () => {
    const base = ['schedule', '--graph', 'scenarios/graphs/stg-50.json', '--workers', '4', '--json'];
    const async = JSON.parse((await run(base)).stdout);
    const barrier = JSON.parse((await run([...base, '--join', 'barrier'])).stdout);
    expect(barrier.criticalSteps).toBeGreaterThan(async.criticalSteps);
    expect(barrier.barrierWaste).toBeGreaterThan(0);
    expect(async.barrierWaste).toBe(0);
  });

  it('writes a trace that decodes and whose first line is the header', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarm-'));
    const file = join(dir, 'run.jsonl');
    await run([
      'schedule',
      '--graph',
      'scenarios/graphs/diamond.json',
      '--workers',
      '2',
      '--trace',
      file,
      '--json',
    ]);
    const decoded = decodeTrace(readFileSync(file, 'utf8'));
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.header.policy).toBe('critical-path');
    expect(decoded.events.at(-1)?.type).toBe('run.finished');
  });

  it('prints a readable summary without --json', async () => {
    const r = await run(['schedule', '--graph', 'scenarios/graphs/diamond.json', '--workers', '2']);
    expect(r.stdout).toMatch(/makespan \d+/);
    expect(r.stdout).toContain('critical path: plan → search-a → merge');
  });

  it.each([
    ['not-json', /not-json\.json: not valid JSON/],
    ['cycle', /cycle\.json: cycle a → b → c → a$/],
    ['unknown-dep', /unknown-dep\.json: task "b" depends on unknown task "ghost"/],
    ['duplicate-id', /duplicate-id\.json: duplicate task id "a"/],
    ['negative-cost', /negative-cost\.json: task "b" has steps -2; steps must be a whole number ≥ 0/],
    ['fractional-cost', /fractional-cost\.json: task "a" has steps 1\.5/],
  ])(
    'refuses %s with one message naming the file and ids, nothing on stdout, exit 2',
    async (name, message) => {
      const r = await run(['schedule', '--graph', fixture(name), '--workers', '2', '--json']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr.split('\n')).toHaveLength(1);
    },
  );

  it.each([
    [['--workers', '2'], /--graph FILE is required/],
    [['--graph', 'scenarios/graphs/diamond.json'], /--workers P is required/],
    [
      ['--graph', 'scenarios/graphs/diamond.json', '--workers', '0'],
      /--workers must be a whole number from 1 to 100000, got "0"/,
    ],
    [
      ['--graph', 'scenarios/graphs/diamond.json', '--workers', '2', '--join', 'sometimes'],
      /--join must be one of async, barrier/,
    ],
    [
      ['--graph', 'scenarios/graphs/diamond.json', '--workers', '2', '--policy', 'magic'],
      /unknown policy "magic"/,
    ],
    [['--graph', 'nope.json', '--workers', '2'], /nope\.json: cannot read the graph file \(no such file\)/],
    [
      ['--graph', 'scenarios/graphs/diamond.json', '--workers', '2', '--frobnicate'],
      /Unknown option '--frobnicate'/,
    ],
  ])('refuses bad flags %j', async (args, message) => {
    const r = await run(['schedule', ...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });
});

describe('the npm entry point', () => {
  it('runs through `npm run --silent swarm` with exit codes and clean stdout', async () => {
    const ok = execFileSync(
      'npm',
      [
        'run',
        '--silent',
        'swarm',
        '--',
        'schedule',
        '--graph',
        'scenarios/graphs/diamond.json',
        '--workers',
        '2',
        '--json',
      ],
      {
        encoding: 'utf8',
      },
    );
    expect(JSON.parse(ok).makespan).toBeGreaterThan(0);
    const bad = spawnSync(
      'npm',
      ['run', '--silent', 'swarm', '--', 'schedule', '--graph', fixture('cycle'), '--workers', '2', '--json'],
      {
        encoding: 'utf8',
      },
    );
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('cycle a → b → c → a');
  }, 20_000);
});
