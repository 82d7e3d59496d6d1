import { afterEach, beforeEach, inject } from 'vitest';
import { freshProfile, type Profile } from './fresh-profile';

export { chromiumArgs, executablePath, freshProfile, type Profile } from './fresh-profile';

/** Where global-setup.ts serves the built app. */
export const appUrl = inject('appUrl');

/** The sizes issue 44's "Done when" checks the page at: a laptop's and a phone's, [width, height]. */
export const PAGE_SIZES = [
  [1366, 900],
  [390, 844],
] as const;

/** The selector of a `data-testid`. */
export const testId = (id: string) => `[data-testid="${id}"]`;

/**
 * A fresh profile for every test of the file that calls this (a new visitor each time), closed
 * after it. The object reads the current test's profile, so `const { page } = profile` inside a
 * test gets that test's page.
 */
export function profilePerTest(extraArgs: readonly string[] = []): Profile & {
  /** Closes this test's profile and opens a fresh one: a second visitor within one test. */
  renew(): Promise<void>;
} {
  let current: Profile | undefined;
  beforeEach(async () => {
    current = await freshProfile(extraArgs);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const now = (): Profile => {
    if (!current) throw new Error('a profile exists only inside a test');
    return current;
  };
  return {
    get context() {
      return now().context;
    },
    get page() {
      return now().page;
    },
    get errors() {
      return now().errors;
    },
    close: () => now().close(),
    renew: async () => {
      await now().close();
      current = await freshProfile(extraArgs);
    },
  };
}
