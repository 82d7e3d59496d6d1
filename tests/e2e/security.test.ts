import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * The built app's Content-Security-Policy and the code sandbox, in the build as a visitor gets it
 * (docs/security.md). Violations anywhere are page errors (support/browser.ts), so every e2e test
 * that expects no errors also checks the policy.
 */
const distDir = inject('distDir');

const profile = profilePerTest();

const ended = (sel: string) =>
  ['done', 'failed', 'cancelled'].includes(document.querySelector(sel)?.textContent ?? '');

describe('the built app', () => {
  it('carries a policy with no inline or evaluated script, no plugins, no base, workers from itself', async () => {
    const html = await readFile(join(distDir, 'index.html'), 'utf8');
    const policy = /http-equiv="Content-Security-Policy" content="([^"]*)"/
      .exec(html)?.[1]
      ?.replaceAll('&#39;', "'");
    expect(policy).toBeDefined();
    const directives = new Map(
      (policy ?? '').split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('runs mixed-coding to done under every built-in policy, graded in the sandbox frame', async () => {
    const { page } = profile;
    const results: Record<string, string> = {};
    for (const policy of ['serial', 'heuristic', 'critical-path', 'llm']) {
      // At full speed: what is checked is where the code is graded, not how a run is paced (the
      // page's default, watch, made this one test 77 s of the suite).
      await page.goto(`${appUrl}#view=run&scenario=mixed-coding&policy=${policy}&pace=0`);
      await page.click(t('run-button'));
      await page.waitForFunction(ended, t('run-status'), { timeout: 90_000 });
      const error = (await page.locator(t('run-error')).count())
        ? `: ${await page.textContent(t('run-error'))}`
        : '';
      results[policy] = `${await page.textContent(t('run-status'))}${error}`;
    }
    expect(results).toEqual({ serial: 'done', heuristic: 'done', 'critical-path': 'done', llm: 'done' });
    // The sandbox frame is there, sandboxed without the app's origin.
    expect(await page.getAttribute('iframe[title="code sandbox"]', 'sandbox')).toBe('allow-scripts');
    expect(profile.errors).toEqual([]);
  }, 400_000);
});
