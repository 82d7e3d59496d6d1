import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';

/** The JavaScript a first visit loads: index.html's module script and the chunks it preloads. */
async function initialScripts(dist: string): Promise<string[]> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  return [...new Set(refs)];
}

describe('the build', () => {
  it('loads at most 200 KB of gzipped JavaScript up front', async () => {
    const dist = inject('distDir');
    const scripts = await initialScripts(dist);
    expect(scripts.length).toBeGreaterThan(0);
    let total = 0;
    for (const file of scripts) total += gzipSync(await readFile(join(dist, file))).length;
    console.log(`initial JS: ${scripts.join(', ')} = ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(total).toBeLessThanOrEqual(200 * 1024);
  });

  it('uses only relative URLs, so dist/ works from any sub-path', async () => {
    const dist = inject('distDir');
    const html = await readFile(join(dist, 'index.html'), 'utf8');
    expect(html).not.toMatch(/(?:src|href)="\//);
    expect((await readdir(join(dist, 'assets'))).length).toBeGreaterThan(0);
  });
});
