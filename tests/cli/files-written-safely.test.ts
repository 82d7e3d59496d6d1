import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/errors';
import { checkOutputs, fileIn, writeFiles } from '../../src/cli/safe-write';
import { runCli } from '../support/cli';

const diamond = readFileSync('scenarios/graphs/diamond.json', 'utf8');
const deepSearch = JSON.parse(readFileSync('scenarios/deep-search.json', 'utf8')) as Record<string, unknown>;

/** A fresh folder holding the diamond graph as g.json. */
function folder(): { dir: string; graph: string } {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-safe-'));
  const graph = join(dir, 'g.json');
  writeFileSync(graph, diamond);
  return { dir, graph };
}

/** Every file under `dir`, recursively, with its contents: what "nothing written" compares. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out[join(e.parentPath, e.name)] = readFileSync(join(e.parentPath, e.name), 'utf8');
  }
  return out;
}

async function refused(args: string[], dir: string, message: RegExp): Promise<void> {
  const before = snapshot(dir);
  const r = await runCli(args);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(snapshot(dir)).toEqual(before);
}

describe('ids that name files', () => {
  it('refuses a graph id with a path separator before anything is written', async () => {
    const { dir } = folder();
    const evil = join(dir, 'evil.json');
    writeFileSync(evil, diamond.replace('"id": "diamond"', '"id": "../../../../tmp/x/evil"'));
    await refused(
      ['bench', '--scenario', evil, '--policies', 'serial', '--seeds', '1', '--trace-dir', join(dir, 'tr')],
      dir,
      /evil\.json: field "id" must not contain a path separator/,
    );
    expect(readdirSync(dir)).not.toContain('tr');
  });

  it.each([
    ['a/b', /id: expected an id without path separators/],
    ['a\\b', /id: expected an id without path separators/],
    ['..', /id: expected an id without path separators/],
  ])('refuses a task scenario id %j, naming the field', async (id, message) => {
    const { dir } = folder();
    const file = join(dir, 'task.json');
    writeFileSync(file, JSON.stringify({ ...deepSearch, id }));
    await refused(['bench', '--scenario', file, '--policies', 'serial', '--seeds', '1'], dir, message);
  });

  it('keeps a file name derived from ids inside its folder', () => {
    expect(fileIn('/out', '../../etc/passwd-serial-seed1.jsonl')).toBe(
      '/out/__.._etc_passwd-serial-seed1.jsonl',
    );
    expect(fileIn('/out', '..')).toBe('/out/_');
    expect(fileIn('/out', 'a\\b:c.jsonl')).toBe('/out/a_b_c.jsonl');
  });
});

describe('outputs checked before the run', () => {
  it('refuses --trace in a missing folder, a directory, or the graph itself (also through a symlink)', async () => {
    const { dir, graph } = folder();
    const base = ['schedule', '--graph', graph, '--workers', '2'];
    await refused(
      [...base, '--trace', join(dir, 'nope', 't.jsonl')],
      dir,
      /the folder .*nope does not exist/,
    );
    mkdirSync(join(dir, 'sub'));
    await refused([...base, '--trace', join(dir, 'sub')], dir, /--trace .*sub: is a directory/);
    await refused([...base, '--trace', join(dir, 'sub', '..', 'g.json')], dir, /is the input .*g\.json/);
    symlinkSync(graph, join(dir, 'link.jsonl'));
    await refused([...base, '--trace', join(dir, 'link.jsonl')], dir, /is the input .*g\.json/);
    expect(readFileSync(graph, 'utf8')).toBe(diamond);
  });

  it('refuses bench --out X when X.json is the scenario, and when X.md is a directory', async () => {
    const { dir, graph } = folder();
    const base = ['bench', '--scenario', graph, '--policies', 'serial', '--seeds', '1'];
    await refused([...base, '--out', join(dir, 'g')], dir, /--out .*g\.json: is the input/);
    mkdirSync(join(dir, 'P.md'));
    await refused([...base, '--out', join(dir, 'P')], dir, /--out .*P\.md: is a directory/);
    expect(readdirSync(dir).sort()).toEqual(['P.md', 'g.json']);
  });

  it('refuses export-trace --out equal to its --trace', async () => {
    const { dir, graph } = folder();
    const trace = join(dir, 't.jsonl');
    expect((await runCli(['schedule', '--graph', graph, '--workers', '2', '--trace', trace])).code).toBe(0);
    await refused(
      ['export-trace', '--trace', trace, '--format', 'otlp', '--out', trace],
      dir,
      /--out .*t\.jsonl: is the input/,
    );
  });

  it('writes bench traces and reports whole, with no temporary file left', async () => {
    const { dir, graph } = folder();
    const r = await runCli([
      'bench',
      '--scenario',
      graph,
      '--policies',
      'serial',
      '--seeds',
      '1',
      '--out',
      join(dir, 'R'),
      '--trace-dir',
      join(dir, 'tr'),
    ]);
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['R.json', 'R.md', 'g.json', 'tr']);
    expect(readdirSync(join(dir, 'tr'))).toEqual(['diamond-serial-seed1.jsonl']);
  });
});

describe('writes are atomic', () => {
  it('writes all files or none: a failure leaves the old files and no temporary file', () => {
    const { dir } = folder();
    const kept = join(dir, 'kept.json');
    writeFileSync(kept, 'old');
    const attempt = () =>
      writeFiles([
        { path: kept, text: 'new' },
        { path: join(dir, 'gone', 'b.json'), text: 'b' },
      ]);
    expect(attempt).toThrow(UsageError);
    expect(attempt).toThrow(/gone.*b\.json: cannot write it \(ENOENT\); nothing was written/);
    expect(readFileSync(kept, 'utf8')).toBe('old');
    expect(readdirSync(dir).sort()).toEqual(['g.json', 'kept.json']);
  });

  it('refuses two outputs that are the same file', () => {
    const { dir } = folder();
    expect(() =>
      checkOutputs(
        [
          { path: join(dir, 'a.json'), flag: '--trace' },
          { path: join(dir, '.', 'a.json'), flag: '--out' },
        ],
        [],
      ),
    ).toThrow(/--out .*a\.json: is the same file as --trace/);
  });
});
