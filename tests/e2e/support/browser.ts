import { type Browser, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeEach, inject } from 'vitest';
import { chromiumArgs, executablePath, freshContext, type Profile } from './fresh-profile';

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
 * test gets that test's page. Each profile is a new context of one browser the file starts
 * (`freshContext`): as isolated as a browser of its own for what the page sees, without a
 * Chromium start per test.
 */
export function profilePerTest(extraArgs: readonly string[] = []): Profile & {
  /** Closes this test's profile and opens a fresh one: a second visitor within one test. */
  renew(): Promise<void>;
} {
  let current: Profile | undefined;
  let browser: Promise<Browser> | undefined;
  const open = async (): Promise<Profile> => {
    browser ??= chromium.launch({ executablePath, args: [...chromiumArgs, ...extraArgs], headless: true });
    const running = await browser;
    // A test that crashed the browser leaves the next one a new browser, not its failure.
    if (!running.isConnected()) {
      browser = chromium.launch({ executablePath, args: [...chromiumArgs, ...extraArgs], headless: true });
      return freshContext(await browser);
    }
    return freshContext(running);
  };
  beforeEach(async () => {
    current = await open();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  afterAll(async () => {
    await (await browser)?.close();
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
      current = await open();
    },
  };
}
