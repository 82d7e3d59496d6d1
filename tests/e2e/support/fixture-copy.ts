/**
 * One copy of the repository holding the three contributor fixtures (a scenario kind, a provider, a
 * learned policy kind), each one folder and one registry entry, made once and built once per test
 * run and shared by the files that prove them (new-kind, new-provider, new-policy-kind). Each of
 * those files made its own copy and its own production build before: three builds of the whole
 * app for one claim each. Each file still checks its own fixture is exactly its folder and its
 * registry's two lines (`addedLines`, `folderMatches`), and that the copy's code differs from the
 * repository's in nothing but the three fixtures (`changedFiles`).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'vite';
import { inject } from 'vitest';
import { COPIED, repoCopy, repoRoot } from './repo-copy';

/** A contributor's addition: a folder from tests/fixtures put in `at`, and its registry's entry. */
export interface Fixture {
  readonly from: string;
  readonly at: string;
  readonly registry: string;
  /** The registry's text with the fixture's import and its line added. */
  add(text: string): string;
}

export const SCENARIO_KIND: Fixture = {
  from: 'tests/fixtures/new-kind/count-words',
  at: 'src/core/scenarios/count-words',
  registry: 'src/core/scenarios/registry.ts',
  add: (text) =>
    text
      .replace(
        /^(import \{ compareOptions \} from '\.\/compare-options';)$/m,
        "$1\nimport { countWords } from './count-words';",
      )
      .replace(/^(const kinds = \{\n)/m, "$1  'count-words': countWords,\n"),
};

export const PROVIDER: Fixture = {
  from: 'tests/fixtures/new-provider/echo',
  at: 'src/providers/echo',
  registry: 'src/providers/registry.ts',
  add: (text) =>
    text
      .replace(
        /^(import \{ openai \} from '\.\/openai\/provider';)$/m,
        "import { echo } from './echo/provider';\n$1",
      )
      .replace(/^( {2}openai,\n)/m, '$1  echo,\n'),
};

export const POLICY_KIND: Fixture = {
  from: 'tests/fixtures/new-policy-kind/constant',
  at: 'src/core/learning/kinds/constant',
  registry: 'src/core/learning/kinds/registry.ts',
  add: (text) =>
    text
      .replace(/^(import \{ bandit \} from '\.\/bandit';)$/m, "$1\nimport { constant } from './constant';")
      .replace(/^( {2}bandit,\n)/m, '$1  constant,\n'),
};

const FIXTURES = [SCENARIO_KIND, PROVIDER, POLICY_KIND];

/** Where global-setup.ts keeps this run's shared copy (removed when the run ends). */
const sharedDir = () => inject('fixtureDir');

/**
 * Does `make` once per test run, whichever file asks first; a file that asks meanwhile waits for
 * it. Each file runs in its own worker process, so the one that takes `name`'s lock (an mkdir,
 * atomic) makes it and leaves a mark the others wait on; a failure is marked too, with its reason.
 */
async function once(name: string, make: () => Promise<void>): Promise<void> {
  const lock = join(sharedDir(), `${name}.lock`);
  const done = join(sharedDir(), `${name}.done`);
  const failed = join(sharedDir(), `${name}.failed`);
  let mine = true;
  try {
    mkdirSync(lock);
  } catch {
    mine = false;
  }
  if (mine) {
    try {
      await make();
      writeFileSync(done, '');
    } catch (error) {
      writeFileSync(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
      throw error;
    }
    return;
  }
  // An upper bound, not a speed check: a production build takes tens of seconds on a busy machine.
  const deadline = Date.now() + 600_000;
  while (!existsSync(done)) {
    if (existsSync(failed))
      throw new Error(`${name} failed in another file:\n${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`${name} was not ready after 10 minutes`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The shared copy, with the three fixtures added: each its folder and its registry's entry. */
export async function fixtureCopy(): Promise<string> {
  const copy = join(sharedDir(), 'repo');
  await once('copy', async () => {
    repoCopy(copy);
    for (const fixture of FIXTURES) {
      cpSync(join(repoRoot, fixture.from), join(copy, fixture.at), { recursive: true });
      const registry = join(copy, fixture.registry);
      writeFileSync(registry, fixture.add(readFileSync(registry, 'utf8')));
    }
  });
  return copy;
}

/** The shared copy's production build (as `npm run build` makes it), made once: its folder. */
export async function fixtureBuild(): Promise<string> {
  const copy = await fixtureCopy();
  const outDir = join(copy, 'dist-fixtures');
  await once('build', async () => {
    await build({
      root: copy,
      configFile: join(copy, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
  });
  return outDir;
}

/**
 * The lines the copy's registry has that the repository's has not, or undefined when the copy's
 * registry is not the repository's with just those lines added (a line changed or moved).
 */
export function addedLines(copy: string, fixture: Fixture): string[] | undefined {
  const original = readFileSync(join(repoRoot, fixture.registry), 'utf8').split('\n');
  const now = readFileSync(join(copy, fixture.registry), 'utf8').split('\n');
  const known = new Set(original);
  const added = now.filter((line) => !known.has(line));
  return now.filter((line) => known.has(line)).join('\n') === original.join('\n') ? added : undefined;
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();
}

/** Whether the fixture's folder in the copy is its folder in tests/fixtures, file for file. */
export function folderMatches(copy: string, fixture: Fixture): boolean {
  const from = join(repoRoot, fixture.from);
  const at = join(copy, fixture.at);
  const files = filesUnder(from);
  return (
    JSON.stringify(filesUnder(at)) === JSON.stringify(files) &&
    files.every((f) => readFileSync(join(from, f)).equals(readFileSync(join(at, f))))
  );
}

/**
 * The copy's code (what it copied, not linked) that differs from the repository's: added, changed
 * or missing files, relative to the root. The shared copy's list is the three fixtures' folders'
 * files and their three registries, nothing else.
 */
export function changedFiles(copy: string): string[] {
  const changed = new Set<string>();
  for (const entry of COPIED) {
    const a = join(repoRoot, entry);
    const b = join(copy, entry);
    const files = statSync(a).isFile() ? [''] : [...new Set([...filesUnder(a), ...filesUnder(b)])];
    for (const f of files) {
      const pa = join(a, f);
      const pb = join(b, f);
      if (!existsSync(pa) || !existsSync(pb) || !readFileSync(pa).equals(readFileSync(pb)))
        changed.add(relative(copy, pb));
    }
  }
  return [...changed].sort();
}

/** What `changedFiles` must be for the shared copy: the fixtures' folders and registries. */
export function fixturesFiles(): string[] {
  return FIXTURES.flatMap((f) => [
    f.registry,
    ...filesUnder(join(repoRoot, f.from)).map((x) => join(f.at, x)),
  ]).sort();
}
