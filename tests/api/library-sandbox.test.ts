/**
 * The library build grades code in the Node sandbox's worker threads: `npm run build:lib` emits the
 * thread's entry beside api.js (vite.lib.config.ts), and a plain `node` process, with no tsx,
 * runs a mixed-coding swarm on it (drive-coding.mjs) and exits by itself afterwards.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withLibraryBuild } from '../support/library-build';

describe("the library build's code sandbox", () => {
  it('runs its threads from the bundled entry, grades a coding swarm, and lets Node exit', async () => {
    const { child, files, threadEntry, api } = await withLibraryBuild((root) => ({
      child: spawnSync(process.execPath, ['tests/api/drive-coding.mjs'], {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
      }),
      files: readdirSync(`${root}dist-lib`),
      threadEntry: readFileSync(`${root}dist-lib/engine-thread.js`, 'utf8'),
      api: readFileSync(`${root}dist-lib/api.js`, 'utf8'),
    }));
    expect(files).toContain('engine-thread.js');
    // Built code never needs the dev dependency that bundles the thread from source.
    for (const text of [threadEntry, api]) expect(text).not.toMatch(/from ["'](esbuild|tsx)|buildSync\(/);
    expect(api).toContain('"./engine-thread.js"');
    expect(child.signal).toBeNull();
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    // The simulated model's programs pass only if the sandbox ran them.
    expect(JSON.parse(child.stdout)).toEqual({ state: 'done', passAt1: 1 });
  }, 240_000);
});
