/**
 * The unit project is pure and in-process, so it runs on two workers and in minutes
 * (docs/development.md, "Which tests to run"). A test that starts another process or a Redis
 * server belongs to the `process` or `scale-out` project, which run one file at a time after it:
 * this test fails when a unit test starts one, directly or through a support module, and when the
 * list of process tests names a file that is gone.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROCESS_TESTS } from '../../vitest.config';

const root = join(import.meta.dirname, '../..');

/** What only a test that starts processes may import. */
// (Spelled in two pieces, so this file does not match itself.)
const SPAWNS = new RegExp(`from ['"]node:${'child_process'}['"]`);

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The test-side modules a file imports (relative imports under tests/), with theirs, once each. */
function testImports(file: string, seen = new Set<string>()): Set<string> {
  const text = readFileSync(join(root, file), 'utf8');
  for (const [, spec] of text.matchAll(/from '(\.[^']+)'/g)) {
    const target = relative(root, resolve(root, dirname(file), spec as string));
    const path = target.endsWith('.ts') ? target : `${target}.ts`;
    if (!path.startsWith('tests/') || seen.has(path) || !existsSync(join(root, path))) continue;
    seen.add(path);
    testImports(path, seen);
  }
  return seen;
}

describe('the test projects', () => {
  const unit = filesUnder('tests').filter(
    (f) =>
      f.endsWith('.test.ts') && !/^tests\/(browser|e2e|scale-out)\//.test(f) && !PROCESS_TESTS.includes(f),
  );

  it('names only process tests that exist', () => {
    for (const file of PROCESS_TESTS) expect(existsSync(join(root, file)), file).toBe(true);
    expect(unit.length).toBeGreaterThan(100);
  });

  it('keeps every process-starting test out of the unit project', () => {
    const spawning = unit.filter((file) =>
      [file, ...testImports(file)].some((f) => SPAWNS.test(readFileSync(join(root, f), 'utf8'))),
    );
    expect(spawning).toEqual([]);
  });

  it('keeps unit tests from leaving state behind for the next file of their worker', () => {
    // The unit project runs with isolate: false (vitest.config.ts): a module mock, fake timers or
    // a spy left in place would change the files after it.
    const leaks = unit.flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      const found: string[] = [];
      if (/\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(text)) found.push(`${file}: a module mock or stub`);
      if (text.includes('vi.useFakeTimers(') && !text.includes('vi.useRealTimers('))
        found.push(`${file}: fake timers never put back`);
      if (text.includes('vi.spyOn(') && !/restoreAllMocks|mockRestore/.test(text))
        found.push(`${file}: a spy never restored`);
      return found;
    });
    expect(leaks).toEqual([]);
  });

  it('catches a unit test that starts a process through a support module', () => {
    // The check itself, on a file known to start the CLI as a process through tests/support.
    const known = 'tests/cli/main.test.ts';
    expect(PROCESS_TESTS).toContain(known);
    expect([known, ...testImports(known)].some((f) => SPAWNS.test(readFileSync(join(root, f), 'utf8')))).toBe(
      true,
    );
  });
});
