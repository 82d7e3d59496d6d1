import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTrace } from '../../src/core/trace/jsonl';
import { runCli } from '../support/cli';
import { type ModelServer, startModelServer } from '../support/loopback-model-server';
import { teamModel } from '../support/team-model';
import { habitBackend } from '../support/wire-habits';

/**
 * Issue 58, item 2: `swarm route "QUERY" --run --provider openai` runs the Router's plan on the
 * request itself, on the endpoint's model: the plan's roles are the team, the swarm's
 * orchestrator is the model, and the answer printed is the team's merge.
 */
const dir = mkdtempSync(join(tmpdir(), 'route-own-'));
const QUERY = 'Write a short detective story set in Lisbon about a stolen tram';
let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(habitBackend(teamModel(), 'streamed'));
});
afterAll(() => server.close());

describe('swarm route --run on an endpoint', () => {
  it('runs the plan on the request itself and prints the team’s merged answer', async () => {
    const trace = join(dir, 'route.jsonl');
    const r = await runCli([
      ...['route', QUERY, '--run', '--provider', 'openai', '--endpoint', server.url],
      ...['--model', 'scripted-team', '--trace', trace, '--json'],
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as {
      plan: { workers: string[] };
      run: { policy: string; answer: string; metrics: { itemF1: number } };
    };
    expect(report.run.policy).toBe('llm');
    expect(report.run.answer).toMatch(/^TEAM ANSWER by /);
    expect(report.run.metrics.itemF1).toBe(1);
    const decoded = decodeTrace(readFileSync(trace, 'utf8'));
    if (!decoded.ok) throw new Error('not a trace');
    expect(decoded.header.request?.text).toBe(QUERY);
    expect(decoded.header.request?.workers).toEqual(report.plan.workers);
    expect(decoded.header.provider).toBe('openai');
  });

  it('runs a request that fits no workflow as general: the plan’s peers, no tools, the rubric’s grade', async () => {
    const general = 'Should remote work be the default? Debate the pros and cons';
    const trace = join(dir, 'route-general.jsonl');
    const before = server.requests.length;
    const r = await runCli([
      ...['route', general, '--run', '--provider', 'openai', '--endpoint', server.url],
      ...['--model', 'scripted-team', '--trace', trace, '--json'],
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as {
      workflow: string;
      plan: { topology: string; workers: string[] };
      run: { scenario: string; policy: string; answer: string };
    };
    expect(report.workflow).toBe('general');
    expect(report.run.scenario).toBe('general');
    expect(report.plan.topology).toBe('peers');
    // The first peer, having read every peer's answer, writes the team's one answer.
    expect(report.run.answer).toBe(`TEAM ANSWER by ${report.plan.workers[0]}, merging r1-peer-a, r1-peer-b.`);
    // Three turns (two peers, then the joint answer), none offered a tool.
    const asked = server.requests.slice(before).filter((q) => q.path.endsWith('/chat/completions'));
    expect(asked.map((q) => (q.body.tools as unknown[] | undefined) ?? [])).toEqual([[], [], []]);
    const decoded = decodeTrace(readFileSync(trace, 'utf8'));
    if (!decoded.ok) throw new Error('not a trace');
    expect(decoded.header.scenario.kind).toBe('general');
    expect(decoded.header.request?.text).toBe(general);
    const graded = decoded.events.find((e) => e.type === 'run.graded');
    expect(graded?.type === 'run.graded' && Object.keys(graded.criteria ?? {})).toEqual([
      'completion',
      'coverage',
      'merged',
      'terms',
    ]);
  });

  it('refuses a provider flag without its --provider, and openai without an endpoint, exit 2', async () => {
    const a = await runCli(['route', QUERY, '--run', '--endpoint', server.url]);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain(
      '--endpoint does not apply: it is a field of the openai provider: give --provider openai',
    );
    const b = await runCli(['route', QUERY, '--run', '--provider', 'openai']);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/--endpoint: .*provider\.endpoint is required for an openai provider/);
  });
});
