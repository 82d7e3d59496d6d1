import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Download } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { heuristicPolicy } from '../../src/core/policy/heuristic';
import { runScenario } from '../../src/core/run/run';
import { simulatedProviderFor } from '../../src/core/scenarios/players';
import { scenarioKinds } from '../../src/core/scenarios/registry';
import { encodeTrace } from '../../src/core/trace/jsonl';
import { loadProfiles, loadSpec } from '../support/scenarios';
import { appUrl, profilePerTest, testId as t } from './support/browser';

/**
 * No download holds an API key saved in this browser (issue 45: a DAG SVG held one twice, since
 * the pictures went round the redaction). A key is saved as a visitor saves it, then a run whose
 * task and agent ids and request hold that key is imported, and every download the page offers is made by
 * its button: each file read from disk, and each Blob the page made an object URL of (the
 * lowest step of any download, spied on in the page) read too. A PNG's pixels cannot be
 * searched, so the SVG it was drawn from, which passes through that same step, is. The key is
 * not of a shape the dataset code scrubs by itself (sk-…), so only the page's redaction stands
 * between it and the file. tests/ui/export/one-download-path.test.ts lists the buttons this
 * file must click.
 */

const KEY = 'e2e-saved-Key-7Qx41Vb';
const profile = profilePerTest();

/** Any 8 characters of the key: a whole key, or the piece of it a cut name keeps. */
function leaks(text: string): string[] {
  const pieces = new Set<string>();
  for (let i = 0; i + 8 <= KEY.length; i++)
    if (text.includes(KEY.slice(i, i + 8))) pieces.add(KEY.slice(i, i + 8));
  return [...pieces];
}

/** Records every Blob the page makes an object URL of, before any script of the page runs. */
function spyOnBlobs() {
  const w = window as unknown as { __blobs: Blob[] };
  w.__blobs = [];
  const make = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (object: Blob | MediaSource) => {
    if (object instanceof Blob) w.__blobs.push(object);
    return make(object);
  };
}

interface Saved {
  readonly name: string;
  readonly text: string;
  readonly bytes: Buffer;
}

/**
 * The blobs made since last asked, their text (a PNG's as its type only; a zip's as the names and
 * texts of the files in it, since compressed bytes cannot be searched).
 */
async function blobsSinceLast(): Promise<{ type: string; text: string }[]> {
  const blobs = await profile.page.evaluate(() =>
    Promise.all(
      (window as unknown as { __blobs: Blob[] }).__blobs.splice(0).map(async (b) => ({
        type: b.type,
        text: b.type === 'image/png' || b.type === 'application/zip' ? '' : await b.text(),
        bytes: b.type === 'application/zip' ? [...new Uint8Array(await b.arrayBuffer())] : [],
      })),
    ),
  );
  return blobs.map(({ type, text, bytes }) => ({
    type,
    text: type === 'application/zip' ? unzipped(Uint8Array.from(bytes)) : text,
  }));
}

/** Every file of a zip, as `name\ntext` one after the other. */
function unzipped(bytes: Uint8Array): string {
  return Object.entries(unzipSync(bytes))
    .map(([name, data]) => `${name}\n${strFromU8(data)}`)
    .join('\n');
}

/**
 * Clicks `id`, reads the `count` files it downloads, and checks them and every blob behind them.
 * `heldKey`: what was downloaded held the key before redaction, so its file, or the SVG its PNG
 * was drawn from, says `[redacted]` instead: the check had something to catch.
 */
async function saveAndCheck(id: string, { count = 1, heldKey = false } = {}): Promise<Saved[]> {
  const { page } = profile;
  const downloads: Download[] = [];
  const take = (d: Download) => downloads.push(d);
  page.on('download', take);
  await page.click(t(id));
  await expect.poll(() => downloads.length, { timeout: 30_000 }).toBe(count);
  page.off('download', take);
  const saved = await Promise.all(
    downloads.map(async (d) => {
      const bytes = await readFile((await d.path()) as string);
      const name = d.suggestedFilename();
      const text = name.endsWith('.zip') ? unzipped(bytes) : bytes.toString('utf8');
      return { name, text, bytes };
    }),
  );
  for (const file of saved) {
    expect.soft(leaks(file.name), `${id}: the name ${file.name}`).toEqual([]);
    if (!file.name.endsWith('.png')) expect.soft(leaks(file.text), `${id}: ${file.name}`).toEqual([]);
  }
  const blobs = await blobsSinceLast();
  for (const blob of blobs) expect.soft(leaks(blob.text), `${id}: a ${blob.type} blob`).toEqual([]);
  if (id.endsWith('-png')) {
    // Drawn from an SVG: that SVG went through the same spy, redacted.
    expect(blobs.map((b) => b.type)).toEqual(['image/svg+xml', 'image/png']);
    if (heldKey) expect.soft(blobs[0]?.text, `${id}: the SVG drawn`).toContain('[redacted]');
    expect([...(saved[0] as Saved).bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  } else {
    expect(blobs).toHaveLength(count);
    const redacted = saved.some((f) => f.text.includes('[redacted]'));
    if (heldKey) expect.soft(redacted, `${id}: redacted`).toBe(true);
  }
  return saved;
}

/** Saves the key for an OpenAI-compatible endpoint, as a visitor does in the Run view. */
async function saveKey() {
  const { page } = profile;
  await profile.context.addInitScript(spyOnBlobs);
  const endpoint = encodeURIComponent('http://127.0.0.1:9/v1');
  await page.goto(
    `${appUrl}#pace=0&view=run&scenario=write-story&provider=openai&endpoint=${endpoint}&model=m`,
  );
  await page.fill(t('openai-key'), KEY);
  await page.press(t('openai-key'), 'Tab');
  await page.waitForFunction((key) => JSON.stringify({ ...localStorage }).includes(key), KEY);
}

/** A simulated write-story run whose task and agent ids and request hold the key. */
async function keyedRun(): Promise<string> {
  const profiles = loadProfiles();
  const spec = loadSpec('write-story', 'write-story');
  const kind = scenarioKinds['write-story'];
  const r = await runScenario({
    kind,
    spec,
    instance: kind.generate(spec, 1, spec.size.default),
    policy: heuristicPolicy,
    profiles,
    provider: simulatedProviderFor(profiles),
    keepEvents: true,
  });
  const events = r.events ?? [];
  const ids = new Set(
    events.flatMap((e) =>
      e.type === 'task.ready' ? [e.task] : e.type === 'subagent.spawned' ? [e.subagent] : [],
    ),
  );
  // Every string that is a task or agent id becomes one holding the key, so that the run graph,
  // the agents and the timeline all draw it; the structure stays as it was.
  const rename = (v: unknown): unknown =>
    typeof v === 'string'
      ? ids.has(v)
        ? `${v}-${KEY}`
        : v
      : Array.isArray(v)
        ? v.map(rename)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rename(x)]))
          : v;
  const header = { ...r.header, query: `${r.header.query} (the key is ${KEY})` };
  return encodeTrace(header, events.map(rename) as typeof events);
}

describe('every download, with a key saved in this browser', () => {
  it('leaves a run whose ids hold the key without it: its pictures, traces and dataset', async () => {
    const { page } = profile;
    await saveKey();
    await page.goto(`${appUrl}#pace=0&view=library`);
    await page.waitForSelector(t('import-jsonl'), { state: 'attached' });
    await page.setInputFiles(t('import-jsonl'), {
      name: 'keyed-run.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(await keyedRun()),
    });
    await page.waitForSelector(t('trace-row'));
    await page.click(t('open-run'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 30_000 });
    // The page shows the ids as they are: the key is on the screen, only never in a file.
    await page.waitForSelector(`[data-task="section-1-${KEY}"]`, { state: 'attached' });
    await page.waitForSelector(t('download-agents-svg'));
    await blobsSinceLast();

    const dag = await saveAndCheck('download-dag-svg', { heldKey: true });
    expect(dag[0]?.name).toBe('swarmflight-dag.svg');
    // The whole picture is there, the key's places redacted, the cut names too.
    expect.soft(dag[0]?.text).toContain('data-task="section-1-[redacted]"');
    expect.soft(dag[0]?.text).toMatch(/section-1-\[redacted\]…/);
    await saveAndCheck('download-dag-png', { heldKey: true });
    await saveAndCheck('download-agents-svg', { heldKey: true });
    await saveAndCheck('download-agents-png', { heldKey: true });
    await saveAndCheck('download-timeline-svg', { heldKey: true });
    await saveAndCheck('download-timeline-png', { heldKey: true });
    // Asked about, the simulated model answers from the run's facts, whose ids hold the key; the
    // analyses' download leaves without it.
    const simulated = await page
      .locator(`${t('ask-model')} option[data-provider="simulated"]`)
      .getAttribute('value');
    await page.selectOption(t('ask-model'), simulated ?? '0');
    await page.fill(t('ask-question'), `Where is the bottleneck? (the key is ${KEY})`);
    await page.click(t('ask-button'));
    await page.waitForSelector(t('ask-answer'), { timeout: 60_000 });
    await blobsSinceLast();
    await saveAndCheck('ask-download', { heldKey: true });

    await page.click(t('nav-library'));
    await page.waitForSelector(t('trace-row'));
    const [jsonl] = await saveAndCheck('download-jsonl', { heldKey: true });
    // Still a trace, still the run: redaction kept every line whole.
    expect(jsonl?.text.split('\n').filter((l) => l.trim()).length).toBeGreaterThan(40);
    for (const line of (jsonl?.text ?? '').split('\n').filter((l) => l.trim())) JSON.parse(line);
    await saveAndCheck('download-perfetto', { heldKey: true });
    await saveAndCheck('download-otlp', { heldKey: true });
    // One click, one file: the splits and the card in one zip.
    const [dataset] = await saveAndCheck('export-sft', { heldKey: true });
    expect(dataset?.name).toBe('swarmflight-sft.zip');
    expect(Object.keys(unzipSync(dataset?.bytes ?? new Uint8Array())).sort()).toEqual([
      'swarmflight-sft.jsonl',
      'swarmflight-sft.md',
      'swarmflight-sft.validation.jsonl',
    ]);
    expect(profile.errors).toEqual([]);
  });

  it('leaves the router’s arbitrated plans without it', async () => {
    const { page } = profile;
    await saveKey();
    const unsure = `Make a podcast episode outline about jazz, ${KEY}`;
    await page.goto(`${appUrl}#pace=0&view=router`);
    await page.waitForSelector(`${t('route-button')}:not([disabled])`);
    await page.fill(t('router-query'), unsure);
    await page.click(t('route-button'));
    await page.waitForSelector(t('router-unsure'));
    const row = page.locator(t('arbitration-item')).filter({ hasText: unsure });
    await row.locator(t('arbitration-choice')).selectOption('single/general');
    await row.locator(t('arbitration-save')).click();
    await page.waitForSelector(`${t('arbitration-item')}[data-status="labelled"]`);
    await blobsSinceLast();
    const [zip] = await saveAndCheck('arbitration-sft', { heldKey: true });
    expect(zip?.name).toBe('swarmflight-arbitrated-plans.zip');
    expect(zip?.text).toContain('jazz, [redacted]');
    expect(profile.errors).toEqual([]);
  });

  it('leaves a trained policy named after it without it, in the file or its name', async () => {
    const { page } = profile;
    await saveKey();
    await page.goto(`${appUrl}#pace=0&view=train&episodes=20`);
    await page.click(t('train-button'));
    await page.waitForSelector(t('download-policy'), { timeout: 60_000 });
    await page.fill(t('policy-name'), `mix-${KEY}`);
    await blobsSinceLast();
    const [policy] = await saveAndCheck('download-policy');
    expect.soft(policy?.name).toMatch(/mix-\[redacted\]\.json$/);
    JSON.parse(policy?.text ?? '');

    expect(profile.errors).toEqual([]);
  });
});
