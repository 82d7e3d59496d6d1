import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeTrace } from '../../src/core/trace/jsonl';
import { runCli } from '../support/cli';
import { type EndlessServer, startEndlessServer } from '../support/endless-stream-server';

/**
 * Issue 45, part 3: an endpoint that streams one token a second forever hung `swarm bench` — each
 * token reset the 60 s idle timeout and nothing bounded the whole reply. Every reply now has a
 * deadline (`--reply-deadline-ms`), and an endpoint that never finishes a reply within it stops
 * the bench with the reason, as a refused key does (endpoint-watch.ts). Time bounds here are
 * generous: the test asserts that the bench ends, and why, not how fast.
 */

let server: EndlessServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const openai = (url: string) => ['--provider', 'openai', '--endpoint', url, '--model', 'endless-model'];

describe('swarm bench against a model that streams a token a second for ever', () => {
  it('exits 1 at the reply deadline with the reason, and writes no report of zeros', async () => {
    server = await startEndlessServer({ everyMs: 1000 });
    const dir = mkdtempSync(join(tmpdir(), 'bench-endless-'));
    const started = Date.now();
    const run = runCli([
      'bench',
      ...['--scenario', 'wide-search', '--policies', 'serial', '--seeds', '2', '--size', '10'],
      ...openai(server.url),
      ...['--reply-deadline-ms', '1500', '--out', join(dir, 'report')],
    ]);
    // Before the fix this never ended: the guard turns the hang into a failed assertion.
    const outcome = await Promise.race([
      run,
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 40_000).unref()),
    ]);
    const took = Date.now() - started;
    expect(outcome).not.toBe('hung');
    const { code, stdout, stderr } = outcome as Awaited<typeof run>;
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /the model endpoint failed \(deadline\): The reply passed its 1\.5 s deadline and was cut off unfinished.*the bench stopped at serial seed 1, its report not written/,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(took).toBeLessThan(1500 + 30_000);
    expect(readdirSync(dir)).toEqual([]);
    // The stream was closed, not left running on the server.
    expect(server.requests()).toBeGreaterThan(0);
  }, 60_000);

  it('after whole replies, a reply past its deadline is the run’s own failure: in its trace, with the healing loop’s record', async () => {
    // The first reply comes back whole, then every stream is endless: a long reply, not a dead
    // endpoint, so the bench goes on and the trace says what happened.
    server = await startEndlessServer({ everyMs: 50, answered: 1 });
    const dir = mkdtempSync(join(tmpdir(), 'bench-endless-'));
    const { code, stderr } = await runCli([
      'bench',
      ...['--scenario', 'wide-search', '--policies', 'heuristic', '--seeds', '1', '--size', '10'],
      ...openai(server.url),
      ...['--reply-deadline-ms', '400', '--trace-dir', dir, '--json'],
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [file] = readdirSync(dir);
    const trace = decodeTrace(readFileSync(join(dir, file as string), 'utf8'));
    if (!trace.ok) throw new Error('the trace did not decode');
    const failed = trace.events.filter((e) => e.type === 'task.failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const e of failed) expect(e.error).toContain('The reply passed its 400 ms deadline');
    // The self-healing loop runs in bench with a real model: each failed turn is a crash it saw,
    // and it replaced the agent.
    const anomalies = trace.events.filter((e) => e.type === 'anomaly.detected');
    expect(anomalies.map((e) => e.kind)).toContain('crash');
    expect(trace.events.some((e) => e.type === 'healing.action' && e.action === 'replace')).toBe(true);
  }, 60_000);

  it('refuses a deadline or a healing mode out of range, before any run', async () => {
    const base = ['bench', '--scenario', 'wide-search', '--policies', 'serial', '--seeds', '1'];
    const zero = await runCli([...base, '--reply-deadline-ms', '0']);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--reply-deadline-ms must be a whole number from 1 to 2147483647, got "0"');
    const huge = await runCli([...base, '--reply-deadline-ms', '2147483648']);
    expect(huge.code).toBe(2);
    const healing = await runCli([...base, '--healing', 'maybe']);
    expect(healing.code).toBe(2);
    expect(healing.stderr).toContain('--healing must be one of on, detect, off, got "maybe"');
  });
});
