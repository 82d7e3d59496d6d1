import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

const fixture = (name: string) => `tests/fixtures/widesearch/${name}`;
const GOLD = fixture('gold.csv');
const PRED = fixture('pred.md');

const run = runCli;

const score = (...args: string[]) =>
  run(['score', '--gold', GOLD, '--pred', PRED, '--keys', 'company', ...args]);

describe('swarm score', () => {
  it('prints one JSON document with the seven metrics, using the rules file', async () => {
    const r = await score('--rules', fixture('rules.json'), '--json');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const j = JSON.parse(r.stdout);
    // 4 gold rows, 4 predicted after the second Globex is dropped, 4 columns. Acme (revenue within
    // 5%, same host) and Globex score 4 each; Initech's founding year is wrong: 3, row 0; Hooli has
    // no gold row. Σ items 11 / 16 both ways; rows 2 / 4 both ways.
    expect(j).toMatchObject({
      itemPrecision: 0.6875,
      itemRecall: 0.6875,
      itemF1: 0.6875,
      rowPrecision: 0.5,
      rowRecall: 0.5,
      rowF1: 0.5,
      success: false,
      goldRows: 4,
      predRows: 4,
      matchedRows: 3,
    });
  });

  it('compares every column as a normalized string without --rules', async () => {
    const j = JSON.parse((await score('--json')).stdout);
    // Now "1,230" ≠ "1,200" and the URLs differ as text: Acme 2, Globex 3, Initech 3 → 8 / 16; no row right.
    expect(j).toMatchObject({ itemPrecision: 0.5, itemRecall: 0.5, itemF1: 0.5, rowF1: 0, success: false });
  });

  it('prints a short readable table without --json', async () => {
    const r = await score('--rules', fixture('rules.json'));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('gold rows 4 · predicted rows 4 · matched on keys 3');
    expect(r.stdout).toMatch(/^item\s+0\.688\s+0\.688\s+0\.688$/m);
    expect(r.stdout).toMatch(/^row\s+0\.500\s+0\.500\s+0\.500$/m);
    expect(r.stdout).toContain('success no');
  });

  it('reports success for a right table in another row and column order', async () => {
    const r = await run([
      'score',
      '--gold',
      GOLD,
      '--pred',
      fixture('perfect.md'),
      '--keys',
      'company',
      '--json',
    ]);
    expect(JSON.parse(r.stdout)).toMatchObject({ itemF1: 1, rowF1: 1, success: true });
    expect(
      (await run(['score', '--gold', GOLD, '--pred', fixture('perfect.md'), '--keys', 'Company'])).stdout,
    ).toContain('success yes');
  });

  it('scores 0 and says why when the prediction has other columns than the gold', async () => {
    const r = await run(['score', '--gold', GOLD, '--pred', fixture('extra-column.md'), '--keys', 'company']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'columns differ from the gold: extra source; WideSearch scores such a table 0',
    );
    const j = JSON.parse(
      (
        await run([
          'score',
          '--gold',
          GOLD,
          '--pred',
          fixture('extra-column.md'),
          '--keys',
          'company',
          '--json',
        ])
      ).stdout,
    );
    expect(j).toMatchObject({ itemF1: 0, rowF1: 0, success: false, extraColumns: ['source'] });
  });

  it.each([
    [['--pred', PRED, '--keys', 'company'], /--gold FILE\.csv is required/],
    [['--gold', GOLD, '--keys', 'company'], /--pred FILE\.md is required/],
    [['--gold', GOLD, '--pred', PRED], /--keys a,b is required/],
    [['--gold', GOLD, '--pred', PRED, '--keys', ' , '], /--keys must name at least one column/],
    [['--gold', GOLD, '--pred', PRED, '--keys', 'company', '--frobnicate'], /Unknown option '--frobnicate'/],
  ])('refuses bad flags %j', async (args, message) => {
    const r = await run(['score', ...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  it.each([
    [['--gold', 'nope.csv'], /^swarm score: error: nope\.csv: cannot read the gold table \(no such file\)$/],
    [['--pred', 'nope.md'], /^swarm score: error: nope\.md: cannot read the prediction \(no such file\)$/],
    [
      ['--rules', 'nope.json'],
      /^swarm score: error: nope\.json: cannot read the rules file \(no such file\)$/,
    ],
    [
      ['--pred', fixture('bad-row.md')],
      /bad-row\.md: line 6: row has 5 cells, but the header \(line 3\) has 4$/,
    ],
    [['--pred', fixture('no-table.md')], /no-table\.md: no Markdown table found/],
    [
      ['--gold', fixture('unclosed-quote.csv')],
      /unclosed-quote\.csv: line 3: a quoted field is never closed$/,
    ],
    [
      ['--keys', 'ceo'],
      /gold\.csv: --keys: no key column "ceo" in the gold table \(columns: "company", "founded", "revenue", "website"\)$/,
    ],
    [
      ['--rules', fixture('bad-tolerance.json')],
      /bad-tolerance\.json: column "revenue": "tolerance" must be a number ≥ 0 \(0\.05 for 5%\), got "5%"$/,
    ],
    [
      ['--rules', fixture('unknown-column.json')],
      /unknown-column\.json: a rule for column "profit", which the gold/,
    ],
    [['--rules', fixture('not-json.json')], /not-json\.json: not valid JSON/],
  ])(
    'refuses bad input %j with one message naming the file, nothing on stdout, exit 2',
    async (args, message) => {
      const flags = { '--gold': GOLD, '--pred': PRED, '--keys': 'company' } as Record<string, string>;
      for (let i = 0; i < args.length; i += 2) flags[args[i] as string] = args[i + 1] as string;
      const r = await run(['score', ...Object.entries(flags).flat(), '--json']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr.split('\n')).toHaveLength(1);
    },
  );

  it('is listed in the usage and has --help', async () => {
    expect((await run(['--help'])).stdout).toContain('score');
    const help = await run(['score', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--rules FILE.json');
  });
});
