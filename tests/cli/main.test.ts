import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { runCli } from '../support/cli';

describe('swarm', () => {
  it('prints every listed command’s own help, each command loaded on demand', async () => {
    const usage = await runCli(['--help']);
    expect(usage.code).toBe(0);
    const names = usage.stdout.split('commands:')[1]?.split('\n\n')[0]?.trim().split(/\s+/) as string[];
    expect(names.length).toBeGreaterThanOrEqual(16);
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
});
