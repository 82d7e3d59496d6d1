import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { freshProfile, type Profile } from './support/browser';
import { serveStatic } from './support/static-server';

/**
 * Issue 57, item 8: the bridge's consent could be clickjacked. A static host cannot forbid
 * framing (a `<meta>` policy cannot set frame-ancestors), so an attacker's page framed the app at
 * opacity 0 over a decoy button, asked the bridge to drive swarms, and the victim's one click on
 * the decoy was a click on the invisible Allow: the attacker's origin was stored for good, and it
 * then created swarms and read their results. Now consent is asked for only where the app is the
 * top-level document. This performs the attack in Chromium, from another loopback origin.
 */
const appUrl = inject('appUrl');
const t = (id: string) => `[data-testid="${id}"]`;
const KEY = 'swarmflight.bridge.allowedOrigins';
const SIZE = { width: 1000, height: 700 };

const profiles: Profile[] = [];
let attacker: { url: string; close(): Promise<void> } | undefined;
afterEach(async () => {
  for (const p of profiles.splice(0)) await p.close();
  await attacker?.close();
  attacker = undefined;
});

/** The attacker's script: collect the bridge's answers, and post requests to the app. */
const COLLECT = `
  window.answers = [];
  addEventListener('message', (e) => { if (e.data && e.data.swarmflight === 1) answers.push(e.data); });
  window.ask = (target, message) => target.postMessage({ swarmflight: 1, ...message }, '*');`;

type Answer = { id: string; ok: boolean; error?: { code: string; message: string } };

async function answerTo(page: Page, id: string): Promise<Answer> {
  await page.waitForFunction(
    (i) => (window as unknown as { answers: Answer[] }).answers.some((a) => a.id === i),
    id,
  );
  const answers = await page.evaluate(() => (window as unknown as { answers: Answer[] }).answers);
  return answers.find((a) => a.id === id) as Answer;
}

describe('the bridge against a transparent overlay', () => {
  it('a click on the framed app where Allow would be stores nothing and opens nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'attacker-'));
    attacker = await serveStatic(dir, '/win/');
    const attackerOrigin = new URL(attacker.url).origin;
    expect(attackerOrigin).not.toBe(new URL(appUrl).origin);

    // 1. The attacker finds where Allow is, on its own browser: the app in a window of its own,
    //    at the size of the frame it will use, asked by the attacker's origin.
    writeFileSync(
      join(dir, 'measure.html'),
      `<!doctype html><title>measure</title><link rel="icon" href="data:,"><button id="open">open</button>
<script>${COLLECT}
  document.getElementById('open').onclick = () => { window.app = window.open(${JSON.stringify(appUrl)}, 'app'); };
</script>`,
    );
    const own = await freshProfile();
    profiles.push(own);
    await own.page.goto(`${attacker.url}measure.html`);
    const [popup] = await Promise.all([own.context.waitForEvent('page'), own.page.click('#open')]);
    await popup.setViewportSize(SIZE);
    await popup.locator(t('quick-run')).waitFor();
    await own.page.evaluate(() => {
      const w = window as unknown as { ask(t: Window, m: unknown): void; app: Window };
      w.ask(w.app, { id: 'measure', method: 'list', args: [] });
    });
    expect(await answerTo(own.page, 'measure')).toMatchObject({ error: { code: 'origin-not-allowed' } });
    const allow = await popup.locator(t('bridge-allow')).boundingBox();
    if (!allow) throw new Error('Allow is not shown at the top level');
    const spot = { x: allow.x + allow.width / 2, y: allow.y + allow.height / 2 };
    await own.close();
    profiles.splice(0);

    // 2. The attack, on a victim's fresh browser: the app framed at opacity 0, above a decoy
    //    button at Allow's spot; the page asks the bridge as soon as the app has loaded.
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><title>You won!</title><link rel="icon" href="data:,">
<style>
  body { margin: 0; }
  #decoy { position: absolute; left: ${allow.x - 20}px; top: ${allow.y - 10}px; width: ${allow.width + 40}px; height: ${allow.height + 20}px; }
  #app { position: absolute; left: 0; top: 0; width: ${SIZE.width}px; height: ${SIZE.height}px; border: 0; opacity: 0; z-index: 1; }
</style>
<button id="decoy">Claim your prize</button>
<iframe id="app" src=${JSON.stringify(appUrl)}></iframe>
<script>${COLLECT}</script>`,
    );
    const victim = await freshProfile();
    profiles.push(victim);
    const { page, context } = victim;
    await page.goto(attacker.url);
    const frame = page.frameLocator('#app');
    await frame.locator(t('quick-run')).waitFor();
    const ask = (id: string, method: string, args: unknown[] = []) =>
      page.evaluate(
        ({ id, method, args }) => {
          const w = window as unknown as { ask(t: Window, m: unknown): void };
          w.ask((document.getElementById('app') as HTMLIFrameElement).contentWindow as Window, {
            id,
            method,
            args,
          });
        },
        { id, method, args },
      );

    await ask('a', 'create', [{ scenario: 'wide-search', seed: 1, size: 10 }]);
    const refused = await answerTo(page, 'a');
    expect(refused).toMatchObject({ ok: false, error: { code: 'framed' } });
    expect(refused.error?.message).toContain("does not ask inside another page's frame");
    // The app says so (invisibly here: the attacker hid it), and offers nothing to click.
    await frame.locator(t('bridge-framed')).waitFor();
    expect(await frame.locator(t('bridge-framed')).textContent()).toContain(attackerOrigin);
    expect(await frame.locator(t('bridge-allow')).count()).toBe(0);

    // The victim clicks the decoy: the transparent app is what lies under the pointer, and the
    // click lands in it (recorded inside the app), as on the old page it landed on Allow.
    expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.id, spot)).toBe('app');
    const appFrame = page.frames().find((f) => f.url() === appUrl);
    if (!appFrame) throw new Error('the app frame is missing');
    await appFrame.evaluate(() => {
      const w = window as unknown as { clicks: number };
      w.clicks = 0;
      addEventListener('click', () => w.clicks++, true);
    });
    await page.mouse.click(spot.x, spot.y);
    expect(await appFrame.evaluate(() => (window as unknown as { clicks: number }).clicks)).toBe(1);

    // Nothing stored, nothing run, nothing readable, nothing opened.
    await ask('b', 'create', [{ scenario: 'wide-search', seed: 1, size: 10 }]);
    expect(await answerTo(page, 'b')).toMatchObject({ ok: false, error: { code: 'framed' } });
    await ask('c', 'list');
    expect(await answerTo(page, 'c')).toMatchObject({ ok: false, error: { code: 'framed' } });
    expect(await appFrame.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
    expect(
      await appFrame.evaluate(() =>
        (window as unknown as { swarmflight: { list(): Promise<unknown[]> } }).swarmflight.list(),
      ),
    ).toEqual([]);
    expect(context.pages()).toHaveLength(1);
    // The app at the top level, in the victim's browser, has no origin allowed either.
    const top = await context.newPage();
    await top.goto(appUrl);
    await top.locator(t('quick-run')).waitFor();
    expect(await top.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
    expect([...victim.errors]).toEqual([]);
  }, 90_000);
});
