/**
 * A fresh Chromium profile, with nothing of vitest in it: the e2e tests reach it through
 * browser.ts, and the benches in bench/ import it directly (browser.ts reads vitest's state when it
 * loads, which a plain `npx tsx bench/…` has not).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

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
 * `--user-data-dir` in args, so a persistent context on a new temp dir it is: a browser of its
 * own, for a bench or a test that needs one (a second visitor beside the first).
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
  return watched(context, context.pages()[0] ?? (await context.newPage()), async () => {
    await context.close();
    await rm(dir, { recursive: true, force: true });
  });
}

/**
 * A fresh context of an already running browser: storage, cookies, caches and workers of its
 * own, nothing shared with the contexts before it — the same new visitor as `freshProfile` for
 * what the page can see, at a fraction of its cost (a Chromium start is 1–2 s on this 2-core
 * machine, a context about a tenth of it; the e2e suite opens some 200).
 */
export async function freshContext(browser: Browser): Promise<Profile> {
  const context = await browser.newContext({
    acceptDownloads: true,
    viewport: { width: 1400, height: 900 },
  });
  return watched(context, await context.newPage(), () => context.close());
}

/** The profile of `page`, its errors collected from now on. */
async function watched(context: BrowserContext, page: Page, close: () => Promise<void>): Promise<Profile> {
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
  return { context, page, errors, close };
}
