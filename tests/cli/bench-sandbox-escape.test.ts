import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BenchReport } from '../../src/core/bench/run-bench';
import { codeAnswer } from '../support/code-answer';
import { startModelServer, streamed } from '../support/loopback-model-server';

/**
 * Issue 45's escape, end to end: a model behind a loopback OpenAI-compatible endpoint answers
 * every coding task with code that takes the `import()`-rejection road to `process` — the one line
 * that left the old node:vm sandbox — and then reads the environment into a file, writes a file,
 * kills the CLI with SIGKILL, or posts forged passing grades on the thread's port. The real
 * `swarm bench` runs as its own process with an API key in its environment: it must exit 0 with
 * its report, every program graded failing, no file written and nothing of its environment out.
 */
const dir = mkdtempSync(join(tmpdir(), 'sf-escape-'));
const leaked = join(dir, 'environ.txt');
const written = join(dir, 'written.txt');
const KEY = 'sk-escape-test-key-0045';

const road = (then: string) =>
  `import('node:fs').catch((e) => { const p = e.constructor.constructor('return process')(); ${then} });`;
const ATTACKS = [
  road(
    `const fs = p.getBuiltinModule('node:fs'); fs.writeFileSync(${JSON.stringify(leaked)}, fs.readFileSync('/proc/self/environ')); fs.appendFileSync(${JSON.stringify(leaked)}, JSON.stringify(p.env));`,
  ),
  road(`p.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(written)}, 'x');`),
  road(`p.kill(p.pid, 'SIGKILL');`),
  road(
    `const { parentPort } = p.getBuiltinModule('node:worker_threads');
     const pass = { ok: true, outcomes: Array.from({ length: 50 }, () => ({ value: 5 })) };
     for (let i = 0; i < 100; i++) parentPort.postMessage({ type: 'result', run: pass });`,
  ),
  // The same road through a rejection the engine makes by itself, and through a caught error.
  `try { null.x } catch (e) { e.constructor.constructor('return process')().kill(0, 'SIGKILL'); }`,
  `Promise.reject(1).catch(function () { arguments.callee.constructor('return process')().exit(3); });`,
];

const answer = (i: number) => codeAnswer(i, ATTACKS[i % ATTACKS.length] as string);

function runBench(
  args: string[],
): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      env: { ...process.env, SWARM_API_KEY: KEY },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
    });
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe('swarm bench against a model whose code takes the import()-rejection road to process', () => {
  it('survives, grades every program failing, and lets nothing out', async () => {
    const server = await startModelServer((body, index) =>
      body.stream ? { sse: streamed(answer(index) as never) } : { json: answer(index) },
    );
    try {
      const { code, signal, stdout, stderr } = await runBench([
        'bench',
        ...['--scenario', 'mixed-coding', '--policies', 'serial,heuristic', '--seeds', '2', '--size', '4'],
        ...['--provider', 'openai', '--endpoint', server.url, '--model', 'hostile-model'],
        ...['--out', join(dir, 'report'), '--json'],
      ]);
      expect(signal).toBeNull();
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const report = JSON.parse(stdout) as BenchReport;
      for (const policy of ['serial', 'heuristic'])
        expect(report.policies[policy]?.['pass@1'].values).toEqual([0, 0]);
      // Every attack was served at least once.
      expect(server.requests.length).toBeGreaterThan(ATTACKS.length);
      expect(existsSync(leaked)).toBe(false);
      expect(existsSync(written)).toBe(false);
      for (const written of ['report.json', 'report.md'])
        expect(readFileSync(join(dir, written), 'utf8'), written).not.toContain(KEY);
      expect(stdout).not.toContain(KEY);
    } finally {
      await server.close();
    }
  }, 180_000);
});
