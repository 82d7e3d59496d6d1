import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselinePolicy } from '../../src/core/bench/orchestration-baselines';
import { drawInstance } from '../../src/core/learning/orchestration/instance';
import { defaultEnvParams } from '../../src/core/learning/orchestration/params';
import { episodeTrace } from '../../src/core/learning/orchestration/trace';
import { decodeTrace, encodeTrace } from '../../src/core/trace/jsonl';
import { runCli } from '../support/cli';

describe('swarm orchestration play', () => {
  it('plays instances with the llm orchestrator on the offline simulated model, end to end', async () => {
    const args = ['orchestration', 'play', '--split', 'test', '--instances', '6', '--json'];
    const r = await runCli(args);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.policy.policy).toBe('llm');
    expect(report.policy.values.reward).toHaveLength(6);
    expect(report.policy.vsBaseline.n).toBe(6);
    expect(report.baseline.policy).toBe('heuristic');
    const m = report.model;
    expect(m).toMatchObject({ provider: 'simulated', model: 'sim-large', profile: 'large' });
    expect(m.perDecision).toHaveLength(m.decisions);
    expect(m.calls).toBeGreaterThanOrEqual(m.decisions);
    // The simulated model errs at its profile's rate (3 refused answers on these 6 instances), and
    // each refusal costs one more call, but for those of a decision that fell back.
    expect(m.invalidAnswers).toBeGreaterThan(0);
    expect(m.calls - m.decisions).toBe(m.invalidAnswers - m.fallbacks);
    expect(m.promptTokens).toBeGreaterThan(0);
    expect(new Set(m.perDecision.map((d: { seed: number }) => d.seed))).toEqual(new Set(report.seeds));
    // Seeded: the same command prints the same report.
    expect((await runCli(args)).stdout).toBe(r.stdout);
  });

  it('lists every decision of one instance, and plays any policy down the same asynchronous path', async () => {
    const one = await runCli(['orchestration', 'play', '--seed', '7']);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/^instance 7 \(train\); llm \(simulated sim-large\) paired against heuristic/);
    expect(one.stdout).toMatch(/\n {2}plan {5}spawn\/\d+\/1\/spares-none/);
    // The heuristic, played asynchronously, pairs with itself played synchronously: a zero difference.
    const same = await runCli([
      'orchestration',
      'play',
      '--policy',
      'heuristic',
      '--instances',
      '8',
      '--json',
    ]);
    expect(same.code, same.stderr).toBe(0);
    const report = JSON.parse(same.stdout);
    expect(report.policy.values).toEqual(report.baseline.values);
    expect(report.model).toBeUndefined();
  });

  it('refuses bad input with exit code 2, naming what is wrong and what is accepted', async () => {
    const cases: [string[], RegExp][] = [
      [['--provider', 'wizard'], /--provider must be one of simulated, openai, got "wizard"/],
      [['--endpoint', 'http://localhost:8080/v1'], /--endpoint needs --provider openai/],
      [['--provider', 'openai'], /--provider openai needs --endpoint URL/],
      [['--profile', 'huge'], /--profile must be one of small, medium, large, got "huge"/],
      [['--policy', 'wizard'], /--policy: unknown policy "wizard" \(known: llm, serial, heuristic/],
      [['--baseline', 'llm'], /--baseline: unknown policy "llm" \(known: serial, heuristic/],
      [['--policy', 'heuristic', '--provider', 'simulated'], /--provider goes with --policy llm/],
      [['--seed', '7', '--split', 'test'], /--seed 7 is an instance of the train split, not test/],
      [['--seed', '7', '--instances', '2'], /give --seed or --instances, not both/],
      [['--instances', '0'], /--instances must be a whole number from 1 to/],
      [['--policy', 'fixed:spawn/3/1/medium/retry'], /shard "3" is not one of 1, 2, 4, 8, 16/],
      [['--wizard'], /Unknown option '--wizard'/],
    ];
    for (const [flags, message] of cases) {
      const r = await runCli(['orchestration', 'play', ...flags]);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stderr, flags.join(' ')).toMatch(message);
      expect(r.stdout, flags.join(' ')).toBe('');
    }
  });

  it("writes each episode as a trace the Run view reads: the model's run as played, the heuristic's as the synchronous episode", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'play-traces-'));
    const r = await runCli(['orchestration', 'play', '--instances', '3', '--trace-dir', dir, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(readdirSync(dir).sort()).toEqual(
      report.seeds.map((s: number) => `orchestration-llm-seed${s}.jsonl`).sort(),
    );
    expect(report.traces).toHaveLength(3);
    for (const [i, seed] of report.seeds.entries()) {
      const decoded = decodeTrace(readFileSync(join(dir, `orchestration-llm-seed${seed}.jsonl`), 'utf8'));
      if (!decoded.ok) throw new Error(JSON.stringify(decoded.problems));
      expect(decoded.header).toMatchObject({ policy: 'llm', seed });
      const finished = decoded.events.find((e) => e.type === 'run.finished');
      expect(finished && 'metrics' in finished && finished.metrics.reward).toBeCloseTo(
        report.policy.values.reward[i],
        12,
      );
      // The model's name, endpoint or key are nowhere in it: only the policy's name.
      expect(JSON.stringify(decoded)).not.toMatch(/sim-large|simulated/);
    }
    // A synchronous policy played down the asynchronous path leaves the synchronous episode's trace.
    const heuristicDir = mkdtempSync(join(tmpdir(), 'play-traces-'));
    const h = await runCli([
      'orchestration',
      'play',
      '--policy',
      'heuristic',
      '--seed',
      '7',
      '--trace-dir',
      heuristicDir,
    ]);
    expect(h.code, h.stderr).toBe(0);
    expect(h.stdout).toMatch(/1 trace\(s\) written to /);
    const expected = episodeTrace(
      defaultEnvParams,
      drawInstance(defaultEnvParams, 7),
      baselinePolicy('heuristic', () => {
        throw new Error('the heuristic needs no grid');
      }),
    );
    expect(readFileSync(join(heuristicDir, 'orchestration-heuristic-seed7.jsonl'), 'utf8')).toBe(
      encodeTrace(expected.header, expected.events),
    );
  });

  it('reports a model endpoint that does not answer in one line, exit 1, nothing on stdout', async () => {
    const traceDir = mkdtempSync(join(tmpdir(), 'play-traces-'));
    const r = await runCli([
      'orchestration',
      'play',
      '--instances',
      '1',
      '--provider',
      'openai',
      '--endpoint',
      'http://127.0.0.1:9/v1',
      '--model',
      'nobody',
      '--trace-dir',
      traceDir,
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^swarm orchestration: error: the model did not answer \(\w+\): .*nothing was written\n?$/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readdirSync(traceDir)).toEqual([]);
  }, 60_000);
});
