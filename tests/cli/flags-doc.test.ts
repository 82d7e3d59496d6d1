import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CommandTable, helpText, parseFlags } from '../../src/cli/flags';
import { CLI_TABLES, withFlagsDoc } from '../../src/cli/flags-doc';
import { runCli } from '../support/cli';

describe('the CLI built from tables', () => {
  it('keeps docs/cli.md in step with the tables (npm run docs:cli writes it)', () => {
    const doc = readFileSync('docs/cli.md', 'utf8');
    expect(doc, 'docs/cli.md differs from the tables: run `npm run docs:cli`').toBe(withFlagsDoc(doc));
  });

  it('names no flag in docs/cli.md that no table declares', () => {
    const declared = new Set(CLI_TABLES.flatMap((t) => t.flags.map((f) => f.name)));
    // `--help` is every command's; `--import` is Node's own (`node --import tsx`), quoted in prose.
    for (const own of ['help', 'import']) declared.add(own);
    const doc = readFileSync('docs/cli.md', 'utf8');
    const named = new Set([...doc.matchAll(/(?<![\w-])--([a-z][a-z-]*)/g)].map((m) => m[1] as string));
    expect([...named].filter((flag) => !declared.has(flag))).toEqual([]);
  });

  it("prints each table's help as --help, naming every flag", async () => {
    for (const table of CLI_TABLES) {
      // `kb ingest` and `experiment aux-rewards` are printed with their command's other tables.
      const r = await runCli([table.name.split(' ')[0] as string, '--help']);
      expect(r.stdout).toContain(helpText(table));
      for (const flag of table.flags) expect(r.stdout).toContain(`--${flag.name}`);
    }
  });

  it('refuses an unknown flag, a bad value, a missing required flag and a flag that does not apply', () => {
    const table: CommandTable = {
      name: 'demo',
      usage: ['demo --mode M'],
      about: 'A demo.',
      flags: [
        { name: 'mode', type: 'choice', choices: ['a', 'b'], required: true, help: 'the mode' },
        { name: 'n', type: 'whole', min: 1, max: 9, default: 3, help: 'how many' },
        {
          name: 'only-b',
          type: 'string',
          help: 'for mode b',
          appliesUnless: (v) => (v.mode !== 'b' ? 'it is for mode b' : undefined),
        },
      ],
    };
    expect(parseFlags(table, ['--mode', 'b', '--only-b', 'x'])).toEqual({ mode: 'b', n: 3, 'only-b': 'x' });
    expect(() => parseFlags(table, ['--mode', 'c'])).toThrow('--mode must be one of a, b, got "c"');
    expect(() => parseFlags(table, ['--mode', 'a', '--n', '10'])).toThrow(
      '--n must be a whole number from 1 to 9',
    );
    expect(() => parseFlags(table, [])).toThrow('--mode is required');
    expect(() => parseFlags(table, ['--mode', 'a', '--only-b', 'x'])).toThrow(
      '--only-b does not apply: it is for mode b',
    );
    expect(() => parseFlags(table, ['--mode', 'a', '--nope'])).toThrow(/Unknown option '--nope'/);
  });
});
