import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterEach, beforeEach, inject } from 'vitest';

/** Debian's chromium, as the browser tests use it (docs/development.md). */
export const executablePath = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Profile {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Errors the page threw or logged: a test fails on any it did not expect. */
  readonly errors: string[];
  close(): Promise<void>;
}

/**
 * A fresh browser profile (its own IndexedDB), as a new visitor has. Playwright refuses
 * `--user-data-dir` in args, so a persistent context on a new temp dir it is.
 */
export async function freshProfile(extraArgs: readonly string[] = []): Promise<Profile> {
  const dir = await mkdtemp(join(tmpdir(), 'swarmflight-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath,
    args: [...chromiumArgs, ...extraArgs],
    headless: true,
    acceptDownloads: true,
    viewport: { width: 1400, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  // Every Content-Security-Policy violation is an error, in the page and its frames alike:
  // reported to the console, where the handler below collects it (docs/security.md).
  await context.addInitScript(() => {
    addEventListener('securitypolicyviolation', (event) => {
      const e = event as SecurityPolicyViolationEvent;
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return {
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Where global-setup.ts serves the built app. */
export const appUrl = inject('appUrl');

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
