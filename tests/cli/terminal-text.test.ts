import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeUnsafe, forTerminal } from '../../src/cli/terminal-text';
import { runCli } from '../support/cli';

/** Ids and values from files reach the terminal only as harmless, bounded text. */
describe('text for the terminal', () => {
  it('shows control and format characters as JSON escapes, leaving newlines, tabs and letters', async () => {
    expect(escapeUnsafe('a\u001b[31mred\u202eevil\u0000 ok\n\tпривет 中文')).toBe(
      'a\\u001b[31mred\\u202eevil\\u0000 ok\n\tпривет 中文',
    );
    // JSON stays JSON and reads back the same.
    const json = JSON.stringify({ id: 'x\u202ey' });
    expect(JSON.parse(escapeUnsafe(json))).toEqual({ id: 'x\u202ey' });
  });

  it('cuts a run of text too long to read, saying how long it was', async () => {
    const cut = forTerminal(`id "${'x'.repeat(10_000_000)}" is bad`);
    expect(cut.length).toBeLessThan(300);
    expect(cut).toContain('(10,000,002 characters)');
    expect(cut.endsWith(' is bad')).toBe(true);
  });

  it('reaches stderr that way from a real command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-term-'));
    const graph = join(dir, 'g.json');
    const long = 'q'.repeat(1_000_000);
    writeFileSync(
      graph,
      JSON.stringify({
        kind: 'graph',
        id: 'g',
        tasks: [
          { id: 'a', steps: 1, deps: [`x\u001b]0;pwned\u0007\u202e${long}`] },
          { id: 'b', steps: 1, deps: [] },
        ],
      }),
    );
    const r = await runCli(['schedule', '--graph', graph, '--workers', '2']);
    expect(r.code).toBe(2);
    for (const ch of ['\u001b', '\u0007', '\u202e']) expect(r.stderr).not.toContain(ch);
    expect(r.stderr).toContain('\\u001b');
    expect(r.stderr.length).toBeLessThan(1000);
  });
});
