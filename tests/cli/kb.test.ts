import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

let dir: string;
let notes: string;
let kb: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kb-'));
  notes = join(dir, 'notes');
  mkdirSync(join(notes, 'deeper'), { recursive: true });
  writeFileSync(
    join(notes, 'tides.md'),
    '# Tides\n\nThe tides are caused by the gravity of the **Moon** pulling on the oceans.',
  );
  writeFileSync(
    join(notes, 'deeper', 'bread.rst'),
    'Bread\n=====\n\nSourdough rises because :term:`wild yeast` ferments the dough.',
  );
  writeFileSync(join(notes, 'rocks.html'), '<p>Basalt is a volcanic rock.</p><script>steal()</script>');
  copyFileSync('tests/fixtures/kb/glaciers.pdf', join(notes, 'glaciers.pdf'));
  writeFileSync(join(notes, 'empty.txt'), '');
  writeFileSync(join(notes, 'photo.txt'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
  writeFileSync(join(notes, 'broken.pdf'), '%PDF-1.4 this is not really a PDF');
  writeFileSync(join(notes, 'picture.jpg'), 'not read at all');
  kb = join(dir, 'kb.json');
});

const json = (stdout: string) => JSON.parse(stdout);

describe('swarm kb', () => {
  it('ingests a folder, skipping the files it cannot use with their reasons, and searches it', async () => {
    const ingest = await runCli(['kb', 'ingest', '--kb', kb, '--paths', notes, '--json']);
    expect(ingest.code).toBe(0);
    const result = json(ingest.stdout);
    expect(result).toMatchObject({ documents: 4, chunks: 4 });
    expect(result.tokens).toBeGreaterThan(20);
    expect(result.skipped).toEqual([
      { path: join(notes, 'broken.pdf'), reason: expect.stringMatching(/not a PDF pdf\.js can read/) },
      { path: join(notes, 'empty.txt'), reason: 'the file is empty' },
      { path: join(notes, 'photo.txt'), reason: 'a binary file, not text' },
    ]);

    const search = await runCli([
      'kb',
      'search',
      '--kb',
      kb,
      '--query',
      'why does sourdough rise',
      '--top-k',
      '2',
      '--json',
    ]);
    expect(search.code).toBe(0);
    const found = json(search.stdout);
    expect(found.query).toBe('why does sourdough rise');
    expect(found.results[0]).toMatchObject({ source: join(notes, 'deeper', 'bread.rst'), chunk: 0 });
    expect(found.results[0].text).toContain('wild yeast');
    expect(found.results[0].text).not.toContain(':term:');

    const pdf = json(
      (await runCli(['kb', 'search', '--kb', kb, '--query', 'glaciers valleys', '--json'])).stdout,
    );
    expect(pdf.results[0].source).toBe(join(notes, 'glaciers.pdf'));

    const queries = join(dir, 'queries.txt');
    writeFileSync(queries, 'volcanic rock\nmoon gravity\n');
    const many = json((await runCli(['kb', 'search', '--kb', kb, '--queries', queries, '--json'])).stdout);
    expect(many.map((q: { results: { source: string }[] }) => q.results[0]?.source)).toEqual([
      join(notes, 'rocks.html'),
      join(notes, 'tides.md'),
    ]);
    expect(many[0].ms).toBeGreaterThanOrEqual(0);

    const stats = json((await runCli(['kb', 'stats', '--kb', kb, '--json'])).stdout);
    expect(stats).toMatchObject({ documents: 4, chunks: 4, embedder: 'hashing-256' });
  });

  it('follows a linked folder once, and skips a link back up the tree instead of walking forever', async () => {
    const looped = join(dir, 'looped');
    mkdirSync(join(looped, 'inner'), { recursive: true });
    writeFileSync(join(looped, 'inner', 'moon.md'), 'The Moon pulls the oceans into tides.');
    symlinkSync(looped, join(looped, 'inner', 'up'));
    symlinkSync(join(notes, 'deeper'), join(looped, 'linked'));
    const r = await runCli(['kb', 'ingest', '--kb', join(dir, 'looped.json'), '--paths', looped, '--json']);
    expect(r.code).toBe(0);
    const result = json(r.stdout);
    expect(result.documents).toBe(2);
    expect(result.skipped).toEqual([
      { path: join(looped, 'inner', 'up'), reason: 'a link back to a folder it is inside, not walked again' },
    ]);
  });

  it('leaves the knowledge base file as it was when nothing could be ingested', async () => {
    const before = readFileSync(kb, 'utf8');
    const r = await runCli([
      'kb',
      'ingest',
      '--kb',
      kb,
      '--paths',
      join(notes, 'empty.txt'),
      join(dir, 'missing.md'),
    ]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('nothing to ingest');
    expect(r.stderr).toContain('missing.md: no such file or folder');
    expect(readFileSync(kb, 'utf8')).toBe(before);
  });

  it('says a --kb folder that is not there before reading any document', async () => {
    const r = await runCli(['kb', 'ingest', '--kb', join(dir, 'nowhere', 'kb.json'), '--paths', notes]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--kb .*nowhere\/kb\.json: the folder .*nowhere does not exist/);
  });

  it('refuses bad flags and files, naming them', async () => {
    const overlap = await runCli([
      'kb',
      'ingest',
      '--kb',
      join(dir, 'x.json'),
      '--paths',
      notes,
      '--chunk-size',
      '64',
      '--overlap',
      '64',
    ]);
    expect(overlap.code).toBe(2);
    expect(overlap.stderr).toContain('--chunk-size (64) must be larger than --overlap (64)');

    const empty = await runCli(['kb', 'search', '--kb', join(dir, 'none.json'), '--query', 'x']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('none.json: the knowledge base is empty');

    const other = join(dir, 'other.json');
    writeFileSync(other, JSON.stringify({ ...JSON.parse(readFileSync(kb, 'utf8')), version: 9 }));
    const version = await runCli(['kb', 'stats', '--kb', other]);
    expect(version.code).toBe(2);
    expect(version.stderr).toContain(`${other} is version 9 of the knowledge base format`);

    const garbage = join(dir, 'garbage.json');
    writeFileSync(garbage, '{ not json');
    expect((await runCli(['kb', 'stats', '--kb', garbage])).stderr).toContain(
      'garbage.json: not a knowledge base file',
    );

    const noKb = await runCli(['kb', 'search', '--query', 'x']);
    expect(noKb.stderr).toContain('--kb FILE is required');
  });
});
