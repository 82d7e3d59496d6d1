import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BenchReport } from '../../src/core/bench/run-bench';
import { runCli } from '../support/cli';
import { codeAnswer } from '../support/code-answer';
import { startModelServer, streamed } from '../support/loopback-model-server';

/**
 * A model behind an OpenAI-compatible endpoint that answers every coding task with a hostile
 * program — each of issue 20's attacks on the sandbox, in turn. `swarm bench --scenario
 * mixed-coding` must finish with its report (exit 0), grade every such program as failing, and
 * the host must neither hang nor crash nor be reached (no file written by the code).
 */
const pwned = join(mkdtempSync(join(tmpdir(), 'sf-pwned-')), 'pwned.txt');
const ATTACKS = [
  'Promise.resolve().then(() => { for (;;) {} });',
  'JSON.stringify = () => ({ toString() { for (;;) {} } });',
  'throw { get code() { for (;;) {} } };',
  'async function f() { throw new Error("x"); } f();',
  'Promise.reject(new Error("x"));',
  `import('node:fs').then((fs) => fs.writeFileSync(${JSON.stringify(pwned)}, 'x'));`,
  'throw null;',
  'throw { name: Symbol() };',
  'new Uint8Array(3 * 1024 ** 3).fill(1);',
  'JSON.stringify = () => "true"; Object.prototype.passed = true; Object.defineProperty(Object.prototype, "ok", { get: () => true });',
];

const answer = (i: number) => codeAnswer(i, ATTACKS[i % ATTACKS.length] as string);

describe('swarm bench against a model that answers with hostile programs', () => {
  it('finishes with its report, every program graded failing, the host untouched', async () => {
    const server = await startModelServer((body, index) =>
      body.stream ? { sse: streamed(answer(index) as never) } : { json: answer(index) },
    );
    const dir = mkdtempSync(join(tmpdir(), 'bench-hostile-'));
    const before = process.env.SWARM_API_KEY;
    process.env.SWARM_API_KEY = 'sk-hostile-test-key-0001';
    try {
      const { code, stdout, stderr } = await runCli([
        'bench',
        ...['--scenario', 'mixed-coding', '--policies', 'serial,heuristic', '--seeds', '2', '--size', '4'],
        ...['--provider', 'openai', '--endpoint', server.url, '--model', 'hostile-model'],
        ...['--out', join(dir, 'report'), '--json'],
      ]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const report = JSON.parse(stdout) as BenchReport;
      for (const policy of ['serial', 'heuristic']) {
        expect(report.policies[policy]?.['pass@1'].values).toEqual([0, 0]);
      }
      expect(existsSync(join(dir, 'report.md'))).toBe(true);
      expect(readFileSync(join(dir, 'report.json'), 'utf8')).toContain('"mixed-coding"');
      expect(server.requests.length).toBeGreaterThan(4);
      expect(existsSync(pwned)).toBe(false);
    } finally {
      if (before === undefined) delete process.env.SWARM_API_KEY;
      else process.env.SWARM_API_KEY = before;
      await server.close();
    }
  }, 120_000);
});
