import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInputFile } from '../../src/cli/input-file';
import { runCli } from '../support/cli';

/**
 * A file nested 200,000 deep parsed (JSON.parse copes) and then overflowed the stack in whatever
 * walked it (the router's check, the scoring rules' check): a RangeError with a stack trace and
 * exit 1. Every input file is read through input-file.ts, which now refuses it first (the scan
 * itself, shared with the page's import: tests/core/util/json-depth.test.ts).
 */
describe('deeply nested input files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'deep-'));
  const deep = join(dir, 'deep.json');
  writeFileSync(deep, `${'['.repeat(200_000)}${']'.repeat(200_000)}`);

  it('are refused with the depth and the line, exit 2, by every command that reads JSON', async () => {
    for (const args of [
      ['route', 'write a story about the sea', '--router', deep],
      ['schedule', '--graph', deep, '--workers', '2'],
      ['bench', '--scenario', deep, '--policies', 'serial', '--seeds', '1'],
    ]) {
      const r = await runCli(args);
      expect(r.code, args[0]).toBe(2);
      expect(r.stderr).toContain(`${deep}: the `);
      expect(r.stderr).toMatch(/nests arrays and objects more than 100 deep \(line 1\)/);
      expect(r.stderr).not.toMatch(/RangeError|\n\s+at /);
    }
  });
});

describe('a trace read by the CLI', () => {
  it('counts depth afresh on each line, as the page does: a broken line does not push its depth onto the next', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deep-lines-'));
    const file = join(dir, 'trace.jsonl');
    // Line 1 leaves 60 brackets open (a broken line, for the trace's decoder to name); line 2 is
    // 60 deep and whole. Counted across lines that was 120, and line 2 was refused as too deep.
    writeFileSync(file, `${'['.repeat(60)}\n${'['.repeat(60)}${']'.repeat(60)}\n`);
    expect(readInputFile(file, 'trace', undefined, true)).toContain('\n');
    expect(() => readInputFile(file, 'graph')).toThrow(/more than 100 deep \(line 2\)/);
  });
});
