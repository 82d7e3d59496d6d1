import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, repeatedFlag } from '../../src/cli/main';
import { runCli } from '../support/cli';

describe('swarm', () => {
  it('prints every listed command’s own help, each command loaded on demand', async () => {
    const usage = await runCli(['--help']);
    expect(usage.code).toBe(0);
    const names = usage.stdout.split('commands:')[1]?.split('\n\n')[0]?.trim().split(/\s+/) as string[];
    expect(names.length).toBeGreaterThanOrEqual(15);
    for (const name of names) {
      const r = await runCli([name, '--help']);
      expect(r.code, name).toBe(0);
      expect(r.stdout, name).toMatch(new RegExp(`^swarm ${name}\\b`));
    }
  });

  it('answers a usage error at once, and names no inherited property as a command', async () => {
    const err: string[] = [];
    expect(
      main(
        [],
        () => {},
        (t) => err.push(t),
      ),
    ).toBe(2);
    expect(err.join('\n')).toContain('usage: npm run --silent swarm');
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const r = await runCli([name]);
      expect(r.code, name).toBe(2);
      expect(r.stderr, name).toContain(`unknown command "${name}"`);
    }
  });

  it('refuses a flag given twice rather than keeping the last one without a word', async () => {
    const r = await runCli(['run', '--scenario', 'wide-search', '--seed', '1', '--seed=2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--seed is given twice; give it once/);
    // Flags that add a value each time may repeat; nothing after a bare -- is a flag.
    expect(repeatedFlag(['--paths', 'a', '--paths', 'b', '--label', 'x', '--label', 'y'])).toBeUndefined();
    expect(repeatedFlag(['--json', '--', '--json'])).toBeUndefined();
    expect(repeatedFlag(['--json', '--json'])).toBe('json');
  });

  it('stops quietly when the reader of its output goes away (swarm … | head -1)', async () => {
    // Output larger than a pipe holds, so the writes after the reader left fail with EPIPE.
    const graph = join(mkdtempSync(join(tmpdir(), 'epipe-')), 'wide.json');
    const tasks = Array.from({ length: 20_000 }, (_, i) => ({ id: `t${i}`, steps: 1, deps: [] }));
    writeFileSync(graph, JSON.stringify({ kind: 'graph', id: 'wide', tasks }));
    const child = spawn('node', [
      '--import',
      'tsx',
      'src/cli/main.ts',
      'schedule',
      '--graph',
      graph,
      '--workers',
      '10',
      '--json',
    ]);
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(code).toBe(0);
  }, 60_000);
});
