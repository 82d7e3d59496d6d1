import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeTrace } from '../../src/core/trace/jsonl';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'route-run-'));
const compare = 'Compare these four laptops on price, battery life and weight and tell me which one to buy.';

const planFile = (name: string, plan: unknown) => {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(plan));
  return file;
};

describe('swarm route --run', () => {
  it.each([
    ['single', { thought: 't', topology: 'single', manager_role: null, workers: ['Analyst'] }, 'serial'],
    [
      'swarm',
      { thought: 't', topology: 'swarm', manager_role: 'Decision Lead', workers: ['Analyst'] },
      'heuristic',
    ],
    ['peers', { thought: 't', topology: 'peers', manager_role: null, workers: ['A', 'B', 'C'] }, 'peers'],
  ])(
    'runs a %s plan end to end on the simulated provider, the plan in the trace',
    async (name, plan, policy) => {
      const trace = join(dir, `${name}.jsonl`);
      const { code, stdout, stderr } = await runCli([
        'route',
        compare,
        '--plan',
        planFile(name, plan),
        '--run',
        '--seed',
        '2',
        '--trace',
        trace,
        '--json',
      ]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const out = JSON.parse(stdout);
      expect(out.plan).toEqual(plan);
      expect(out.run).toMatchObject({ scenario: 'compare-options', policy, seed: 2 });
      expect(out.run.metrics.quality).toBeGreaterThanOrEqual(0);
      expect(out.run.answer).toMatch(/Pick: /);
      const decoded = decodeTrace(readFileSync(trace, 'utf8'));
      expect(decoded.ok).toBe(true);
      if (!decoded.ok) return;
      expect(decoded.header.plan).toEqual(plan);
      expect(decoded.header.policy).toBe(policy);
      const messages = decoded.events.filter((e) => e.type === 'agent.message');
      if (name === 'peers') expect(messages.length).toBeGreaterThan(0);
      else expect(messages).toHaveLength(0);
    },
  );

  it('plans and runs from the rules alone: a comparison goes to peers', async () => {
    const { code, stdout } = await runCli(['route', compare, '--run']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^peers · compare-options\n/);
    expect(stdout).toMatch(/\nplan \(rules\): \{"thought":"A compare-options request.*"topology":"peers"/);
    expect(stdout).toMatch(/\nran compare-options seed 1 with peers: quality /);
    expect(stdout).toMatch(/\nPick: .* \(\d of 3 peers\)\n/);
  });

  it('takes a plan from a meta-router model, held to the schema', async () => {
    const { code, stdout } = await runCli(['route', compare, '--planner', 'model', '--json']);
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.planner).toBe('model');
    expect(out.plan.topology).toBe('peers');
    expect(Array.isArray(out.refusedPlans)).toBe(true);
  });

  it('refuses a plan file that breaks the schema, naming the field, and a request with nothing to run', async () => {
    const bad = planFile('bad', {
      thought: 't',
      topology: 'swarm',
      manager_role: null,
      workers: ['A'],
    });
    const refused = await runCli(['route', compare, '--plan', bad, '--run']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `swarm route: error: --plan ${bad}: manager_role: a role for a swarm plan (its orchestrator), null otherwise`,
    );
    // A request from the shipped examples, so the default router is sure it is a general one.
    // It is no refusal: general is a workflow like the others, and on the simulator its sample
    // runs (a real model answers the request itself: route-own-request.test.ts).
    const general = await runCli(['route', "What's the capital of Australia?", '--run']);
    expect(general.stderr).toBe('');
    expect(general.code).toBe(0);
    expect(general.stdout).toMatch(/^single · general$/m);
    expect(general.stdout).toMatch(/^ran general seed 1 with serial: quality /m);
    const stray = await runCli(['route', compare, '--seed', '3']);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toMatch(/--seed does not apply: nothing is run without --run/);
    // A seed is a 32-bit number: 2^32 wrapped to seed 0.
    const wrapped = await runCli(['route', compare, '--run', '--seed', '4294967296']);
    expect(wrapped.code).toBe(2);
    expect(wrapped.stderr).toMatch(/--seed must be a whole number from 0 to 2147483647/);
  });

  it('holds the run to a reply deadline and runs the healing loop when asked, the answer unchanged', async () => {
    const plain = await runCli(['route', compare, '--run', '--json']);
    const watched = await runCli([
      ...['route', compare, '--run', '--json'],
      ...['--reply-deadline-ms', '600000', '--healing', 'detect'],
    ]);
    expect(watched.stderr).toBe('');
    expect(watched.code).toBe(0);
    // The simulated model answers far within the deadline: the same run.
    expect(JSON.parse(watched.stdout).run.answer).toBe(JSON.parse(plain.stdout).run.answer);
    const stray = await runCli(['route', compare, '--reply-deadline-ms', '1000']);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toMatch(/--reply-deadline-ms does not apply: nothing is run without --run/);
    const zero = await runCli(['route', compare, '--run', '--reply-deadline-ms', '0']);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/--reply-deadline-ms must be a whole number from 1 to 2147483647/);
  });
});
