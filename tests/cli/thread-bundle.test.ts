import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedBundle } from '../../src/cli/thread-bundle';

let dir: string;
let src: string;
let cache: string;
const tsconfig = () => join(dir, 'tsconfig.json');
const entry = () => join(src, 'entry.ts');

/** Writes a source file dated an hour back: a file saved during a build is not trusted (settled). */
function source(name: string, text: string): void {
  const path = join(src, name);
  writeFileSync(path, text);
  const past = new Date(Date.now() - 3_600_000);
  utimesSync(path, past, past);
}

const run = async (file: string) =>
  ((await import(`${pathToFileURL(file).href}?${Math.random()}`)) as { answer: number }).answer;
const manifests = () => readdirSync(cache).filter((n) => n.endsWith('.manifest.json'));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'thread-bundle-'));
  src = join(dir, 'src');
  cache = join(dir, 'cache');
  mkdirSync(src);
  source('entry.ts', "import { value } from './value';\nexport const answer: number = value * 2;\n");
  source('value.ts', 'export const value = 21;\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the rollout threads’ bundle cache', () => {
  it('builds once, then starts from the cached file while no source changes', async () => {
    const first = await cachedBundle(entry(), cache, tsconfig());
    expect(first.built).toBe(true);
    expect(await run(first.file)).toBe(42);
    const again = await cachedBundle(entry(), cache, tsconfig());
    expect(again).toEqual({ file: first.file, built: false });
  });

  it('builds again when an imported file changes, and runs the new code', async () => {
    const first = await cachedBundle(entry(), cache, tsconfig());
    source('value.ts', 'export const value = 50;\n');
    const next = await cachedBundle(entry(), cache, tsconfig());
    expect(next.built).toBe(true);
    expect(next.file).not.toBe(first.file);
    expect(await run(next.file)).toBe(100);
    expect((await cachedBundle(entry(), cache, tsconfig())).built).toBe(false);
  });

  it('builds again when the TypeScript settings change', async () => {
    await cachedBundle(entry(), cache, tsconfig());
    writeFileSync(tsconfig(), '{"compilerOptions":{"strict":true}}');
    expect((await cachedBundle(entry(), cache, tsconfig())).built).toBe(true);
  });

  it('writes no manifest when a source was saved during the build, so the next run builds again', async () => {
    writeFileSync(join(src, 'value.ts'), 'export const value = 7;\n');
    const first = await cachedBundle(entry(), cache, tsconfig());
    expect(await run(first.file)).toBe(14);
    expect(manifests()).toEqual([]);
    expect((await cachedBundle(entry(), cache, tsconfig())).built).toBe(true);
  });

  it('ignores a damaged manifest, or one naming a file outside the cache', async () => {
    await cachedBundle(entry(), cache, tsconfig());
    const [name] = manifests();
    const path = join(cache, name as string);
    writeFileSync(path, '{not json');
    expect((await cachedBundle(entry(), cache, tsconfig())).built).toBe(true);
    const good = JSON.parse(readFileSync(path, 'utf8')) as { bundle: string };
    // A file that exists, outside the cache: followed, it would be run in every rollout thread.
    writeFileSync(join(src, 'evil.mjs'), 'export const answer = 666;\n');
    writeFileSync(path, JSON.stringify({ ...good, bundle: '../src/evil.mjs' }));
    const rebuilt = await cachedBundle(entry(), cache, tsconfig());
    expect(rebuilt.built).toBe(true);
    expect(rebuilt.file.startsWith(cache)).toBe(true);
  });
});
