import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BenchReport } from '../../src/core/bench/run-bench';
import { LIBRARY } from '../../src/core/scenarios/mixed-coding/library';
import { codeAnswer } from '../support/code-answer';
import { startModelServer, streamed } from '../support/loopback-model-server';
import { SLOW_NATIVE_CALL } from '../support/native-call-attacks';
import { startSwarm } from '../support/swarm-process';

/**
 * Issue 57, end to end: a model behind a loopback OpenAI-compatible endpoint answers every coding
 * task with code that spends many seconds inside one native call of QuickJS — at load, or inside
 * every function of the library, so every hidden test call does. Before, the bench's host thread
 * was held by each such call (still running at 90 s, killed by hand). The real `swarm bench`, as
 * its own process, must end by itself, exit 0 with its report and grade every program failing.
 */
const ATTACKS = {
  'at load': `const found = ${SLOW_NATIVE_CALL};`,
  // Every library function, so every hidden test call of the instance's functions runs it.
  'in every test call': LIBRARY.map((fn) => `function ${fn.name}() { return ${SLOW_NATIVE_CALL}; }`).join(
    '\n',
  ),
};

describe('swarm bench against a model whose code spends seconds in one native call', () => {
  for (const [where, code] of Object.entries(ATTACKS))
    it(`ends normally with its report, every program graded failing: ${where}`, async () => {
      const server = await startModelServer((body, index) => {
        const answer = codeAnswer(index, code);
        return body.stream ? { sse: streamed(answer as never) } : { json: answer };
      });
      const dir = mkdtempSync(join(tmpdir(), 'sf-native-call-'));
      try {
        const bench = startSwarm(
          [
            'bench',
            ...[
              '--scenario',
              'mixed-coding',
              '--policies',
              'serial,heuristic',
              '--seeds',
              '2',
              '--size',
              '3',
            ],
            ...['--provider', 'openai', '--endpoint', server.url, '--model', 'hostile-model'],
            ...['--out', join(dir, 'report'), '--json'],
          ],
          { SWARM_API_KEY: 'sk-native-call-test-0057' },
        );
        // An upper bound only, so that a held bench fails the test rather than hang it: each run
        // is stopped 0.5 s past its 1 s limit, and these take seconds; on the in-thread sandbox
        // each native call held the bench ~17 s, a dozen of them.
        const guard = setTimeout(() => bench.child.kill('SIGKILL'), 120_000);
        const { code: exitCode, signal } = await bench.exited();
        clearTimeout(guard);
        expect(signal).toBeNull();
        expect(bench.stderr()).toBe('');
        expect(exitCode).toBe(0);
        const report = JSON.parse(bench.stdout()) as BenchReport;
        for (const policy of ['serial', 'heuristic'])
          expect(report.policies[policy]?.['pass@1'].values).toEqual([0, 0]);
        expect(server.requests.length).toBeGreaterThan(2);
      } finally {
        await server.close();
      }
    }, 180_000);
});
