import { describe, expect, it } from 'vitest';
import { appUrl, PAGE_SIZES, profilePerTest, testId as t } from './support/browser';
import { instantUnlessPaced } from './support/instant-pace';
import { redPathOf } from './support/red-path';

/** The chaos control and the self-healing loop in the built app, subagents in real Web Workers. */

const profile = profilePerTest();

async function run(hash: string) {
  const { page } = profile;
  // A new document each time: a hash change alone would keep the last run on the screen. From a
  // blank tab the link is already a new document; after a run it is reloaded.
  const blank = page.url() === 'about:blank';
  await page.goto(`${appUrl}${instantUnlessPaced(hash)}`);
  if (!blank) await page.reload();
  await page.click(t('run-button'));
  // The state, not its word: the page may speak Russian or Chinese here.
  await page.waitForSelector(`${t('run-status')}[data-state="done"]`, { timeout: 60_000 });
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="incident-row"]')].map(
      (r) => `${r.dataset.kind}:${r.dataset.name}`,
    ),
  );
}

// The "Done when": at a laptop's size and a phone's.
describe.each(PAGE_SIZES)('a chaos run in the page, at %i×%i', (width, height) => {
  it('puts faults into agents, detects each, quarantines and replaces them, and shows it all', async () => {
    const { page } = profile;
    await page.setViewportSize({ width, height });
    const incidents = await run('#view=run&scenario=wide-search&chaos=loop,inject,crash');
    expect(incidents.filter((i) => i.startsWith('fault:')).sort()).toEqual([
      'fault:crash',
      'fault:inject',
      'fault:loop',
    ]);
    expect(incidents).toContain('anomaly:loop');
    expect(incidents).toContain('anomaly:capability-violation');
    expect(incidents).toContain('anomaly:crash');
    expect(incidents.filter((i) => i === 'action:quarantine')).toHaveLength(2);
    expect(incidents.filter((i) => i === 'action:replace')).toHaveLength(3);
    // Marked on the timeline's lanes and on the agent graph.
    expect(await page.locator(`${t('timeline-incident')}[data-kind="anomaly"]`).count()).toBe(3);
    expect(await page.locator(`${t('agent-node')}[data-quarantined="true"]`).count()).toBe(2);
    // "3 replaced" in the heading is three replaced agents in the picture, each with an arrow to
    // the agent that took its task (issue 44: the picture kept the same ten agents).
    expect(await page.textContent(`${t('incidents')} h3`)).toMatch(/and 3 replaced/);
    expect(await page.locator(`${t('agent-node')}[data-replaced="true"]`).count()).toBe(3);
    expect(await page.locator(t('agent-replace')).count()).toBe(3);
    // Every task finished: the replacements did the work.
    expect(await page.locator(`${t('timeline-bar')}`).count()).toBeGreaterThan(10);
    // The red path is one chain of red edges from step-time 0 to the critical steps, the faults and
    // retries on it included (issue 44: "chaos runs look the same" as a broken path).
    const red = await redPathOf(page);
    expect(red.edges).toBe(red.nodes.length - 1);
    expect(red.nodes[0]?.start).toBe(0);
    expect(red.critical).toBe(Math.max(...red.nodes.map((n) => n.finish)));
    expect(profile.errors).toEqual([]);
  });
});

describe('chaos and self-healing in the page', () => {
  it('with self-healing off, records what it sees and stops nothing', async () => {
    const incidents = await run('#view=run&scenario=wide-search&chaos=inject&healing=off');
    expect(incidents).toEqual(['fault:inject', 'anomaly:capability-violation']);
    // Counted words agree with their numbers ("1 faults", "a inject fault" before).
    const { page } = profile;
    expect(await page.textContent(`${t('incidents')} h3`)).toMatch(
      /1 fault put in, 1 anomaly detected, 0 agents quarantined and 0 replaced/,
    );
    expect(await page.textContent(`${t('incident-row')}[data-kind="fault"]`)).toMatch(
      /fault put in: inject.*on purpose: it is taken over and calls tools it was not given/,
    );
  });

  it("says the faults and the detectors' evidence in the page's language (ru, zh), numbers in its format", async () => {
    const { page } = profile;
    await run('#view=run&scenario=wide-search&chaos=loop,inject&lang=ru');
    const row = (kind: string, name: string) =>
      page.textContent(`${t('incident-row')}[data-kind="${kind}"][data-name="${name}"]`);
    expect(await row('fault', 'inject')).toMatch(/внесён сбой: inject.*намеренно: он перехвачен/);
    expect(await row('anomaly', 'capability-violation')).toMatch(
      /обнаружено: .*вызван .*, инструмент, которого ему не давали/,
    );
    expect(await row('anomaly', 'loop')).toMatch(/вызван \d+ раз(а)? с одними и теми же аргументами/);
    // The timeline's marks say it too (their titles), and no English evidence is left in the table.
    expect(await page.textContent(`${t('timeline-incident')}[data-kind="fault"] title`)).toMatch(
      /^внесён сбой: /,
    );
    expect(await page.textContent(t('incidents'))).not.toMatch(
      /called|tool it was not granted|put in on purpose/,
    );
    await run('#view=run&scenario=wide-search&chaos=inject&healing=detect&lang=zh');
    expect(await row('fault', 'inject')).toMatch(/注入故障[:：]\s*inject.*有意注入：它被劫持/);
    expect(await page.textContent(t('healing-mode-note'))).toMatch(/^仅检测：/);
    expect(profile.errors).toEqual([]);
    // Two chaos runs: an upper bound for a loaded machine, not a speed claim.
  }, 150_000);

  it('learns the usual critical steps from healthy runs and alerts on a run past 1.5× of them', async () => {
    const { page } = profile;
    // Two healthy runs of the same scenario and size: the baseline is theirs.
    await run('#view=run&scenario=wide-search&size=20');
    expect(await run('#view=run&scenario=wide-search&size=20&seed=2')).toEqual([]);
    // A looping agent left alone runs to its step limit: far past the baseline.
    const incidents = await run('#view=run&scenario=wide-search&size=20&chaos=loop&healing=off');
    expect(incidents).toContain('anomaly:critical-steps');
    expect(await page.textContent(`${t('incident-row')}[data-name="critical-steps"]`)).toMatch(
      /past 1\.5× its baseline/,
    );
  });

  it('keeps the chaos panel open while its settings change, and runs under "detect"', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=run&scenario=wide-search`);
    await page.click(`${t('chaos-control')} summary`);
    await page.selectOption(t('healing-mode'), 'detect');
    await page.fill(t('seed-input'), '4');
    expect(await page.locator(t('chaos-control')).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await page.evaluate(() => location.hash)).toContain('healing=detect');
    await page.click(t('run-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    expect(profile.errors).toEqual([]);
  });

  it('flags nothing on a run without faults', async () => {
    const { page } = profile;
    await run('#view=run&scenario=deep-search');
    expect(await page.locator(t('incidents')).count()).toBe(0);
    expect(await page.locator(t('timeline-incident')).count()).toBe(0);
  });
});
