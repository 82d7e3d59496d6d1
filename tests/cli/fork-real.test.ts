import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTrace, withoutWallClock } from '../../src/core/trace/jsonl';
import { runCli } from '../support/cli';
import { type ModelServer, startModelServer } from '../support/loopback-model-server';
import { teamModel } from '../support/team-model';
import { habitBackend } from '../support/wire-habits';

/**
 * Issue 58, item 6: a real model's run forks like a simulated one. Up to the fork its own recorded
 * replies answer (the model orchestrator's too), so the prefix is the original's event for event;
 * after it the attempts ask the model named by --provider (here a loopback endpoint).
 */
const RECORDED = join(import.meta.dirname, '../fixtures/recorded/own-request-streamed.jsonl');
const dir = mkdtempSync(join(tmpdir(), 'fork-real-'));
let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(habitBackend(teamModel(), 'streamed'));
});
afterAll(() => server.close());

const read = (file: string) => {
  const decoded = decodeTrace(readFileSync(file, 'utf8'));
  if (!decoded.ok) throw new Error('not a trace');
  return decoded;
};

describe('swarm fork of a real model’s run', () => {
  it('keeps the recorded prefix event for event, then asks the endpoint', async () => {
    const out = join(dir, 'forked.jsonl');
    const before = server.requests.length;
    const r = await runCli([
      ...['fork', '--trace', RECORDED, '--at', '2', '--policy', 'heuristic'],
      ...[
        '--provider',
        'openai',
        '--endpoint',
        server.url,
        '--model',
        'scripted-team',
        '--out',
        out,
        '--json',
      ],
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { prefixEvents: number; fork: { metrics: { itemF1: number } } };
    expect(report.prefixEvents).toBeGreaterThan(10);
    const original = read(RECORDED);
    const forked = read(out);
    expect(withoutWallClock(forked.events.slice(0, report.prefixEvents))).toEqual(
      withoutWallClock(original.events.slice(0, report.prefixEvents)),
    );
    // After the fork the heuristic's attempts went to the endpoint, and the team still answered.
    expect(server.requests.length).toBeGreaterThan(before);
    expect(report.fork.metrics.itemF1).toBe(1);
    expect(forked.header.policy).toBe('llm → heuristic at step 2');
  });

  it('asks who answers after the fork, exit 2, and refuses a fork to a model orchestrator', async () => {
    const bare = await runCli(['fork', '--trace', RECORDED, '--at', '2', '--policy', 'heuristic']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('after it --provider answers: simulated, or openai with --endpoint URL');
    const toLlm = await runCli(['fork', '--trace', RECORDED, '--at', '2', '--policy', 'llm']);
    expect(toLlm.code).toBe(2);
    expect(toLlm.stderr).toContain('a run forks from a model orchestrator');
    const late = await runCli([
      ...['fork', '--trace', RECORDED, '--at', '9', '--policy', 'heuristic', '--provider', 'simulated'],
    ]);
    expect(late.code).toBe(2);
    expect(late.stderr).toContain('cannot fork at step 9');
  });
});
