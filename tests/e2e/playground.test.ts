import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Download } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeTrace } from '../../src/core/trace/jsonl';
import { appUrl, profilePerTest, testId as t } from './support/browser';
import { instantUnlessPaced } from './support/instant-pace';

/**
 * The built app, from a plain static server on a sub-path, in Debian's Chromium with a fresh
 * profile per test — as a new visitor meets it.
 */

const profile = profilePerTest();

async function runFromGallery(hash = '') {
  const { page } = profile;
  await page.goto(`${appUrl}${instantUnlessPaced(hash)}`);
  await page.click(`${t('scenario-card-wide-search')} button.primary`);
  await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 30_000 });
}

async function downloadText(selector: string): Promise<string> {
  const { page } = profile;
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return readFile((await download.path()) as string, 'utf8');
}

describe('the playground, end to end', () => {
  it('runs wide search from the gallery and shows its DAG, critical path and metrics', async () => {
    const { page } = profile;
    const started = Date.now();
    await page.goto(`${appUrl}#pace=0`);
    await expect(page.textContent('.lede')).resolves.toMatch(/agent swarm/);
    await page.click(`${t('scenario-card-wide-search')} button.primary`);
    await page.waitForSelector(t('dag-node-critical'));
    const toCriticalPath = Date.now() - started;
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 30_000 });
    console.log(`e2e: wide search, page open to critical path drawn: ${toCriticalPath} ms`);
    const nodes = await page.locator('[data-testid^="dag-node"]').count();
    const critical = await page.locator(t('dag-node-critical')).count();
    expect(nodes).toBeGreaterThan(5);
    expect(critical).toBeGreaterThan(0);
    expect(critical).toBeLessThan(nodes);
    expect(await page.textContent(t('metric-critical-steps'))).toMatch(/\d+/);
    expect(profile.errors).toEqual([]);
  });

  it('keeps the run across a reload, exports it as JSONL and imports it into a fresh profile with the same metrics', async () => {
    await runFromGallery();
    const { page } = profile;
    await page.reload();
    await page.click(t('nav-library'));
    await page.waitForSelector(t('trace-row'));
    expect(await page.locator(t('trace-row')).count()).toBe(1);
    expect(await page.textContent(t('trace-status'))).toBe('done');
    const text = await downloadText(t('download-jsonl'));
    const decoded = decodeTrace(text);
    if (!decoded.ok) throw new Error(JSON.stringify(decoded.problems));
    expect(decoded.header.scenario.id).toBe('wide-search');
    const finished = decoded.events.at(-1);
    expect(finished?.type).toBe('run.finished');
    const metrics = finished?.type === 'run.finished' ? finished.metrics : {};

    // A fresh browser profile: an empty library, then the file imported.
    await profile.renew();
    const fresh = profile.page;
    await fresh.goto(`${appUrl}#pace=0&view=library`);
    await fresh.waitForSelector(t('import-jsonl'), { state: 'attached' });
    expect(await fresh.locator(t('trace-row')).count()).toBe(0);
    await fresh.setInputFiles(t('import-jsonl'), {
      name: 'run.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(text),
    });
    await fresh.waitForSelector(t('trace-row'));
    await fresh.click(t('open-run'));
    await fresh.waitForSelector(t('metric-critical-steps'));
    expect(await fresh.textContent(`${t('metric-critical-steps')} .value`)).toBe(
      String(metrics.criticalSteps),
    );
    expect(await fresh.textContent(`${t('metric-quality')} .value`)).toBe(
      (metrics.itemF1 as number).toFixed(3),
    );
    // The imported run exports byte for byte as it came in.
    await fresh.click(t('nav-library'));
    expect(await downloadText(t('download-jsonl'))).toBe(text);
    expect(profile.errors).toEqual([]);
  });

  it('downloads a run as OpenTelemetry spans and the library as an SFT dataset', async () => {
    await runFromGallery();
    const { page } = profile;
    await page.click(t('nav-library'));
    await page.waitForSelector(t('trace-row'));
    const otlp = JSON.parse(await downloadText(t('download-otlp')));
    const spans = otlp.resourceSpans[0].scopeSpans.flatMap((s: { spans: unknown[] }) => s.spans);
    const operations = new Set(
      spans.map(
        (span: { attributes: { key: string; value: { stringValue?: string } }[] }) =>
          span.attributes.find((a) => a.key === 'gen_ai.operation.name')?.value.stringValue,
      ),
    );
    expect([...operations].sort()).toEqual(['chat', 'execute_tool', 'invoke_agent']);
    // No run selected: the dataset is cut from every run shown — the train file, the
    // validation file and the dataset card, in one zip: one click, one file.
    const downloads: Download[] = [];
    page.on('download', (d) => downloads.push(d));
    await page.click(t('export-sft'));
    await page.waitForSelector(t('dataset-export-message'));
    expect(await page.textContent(t('dataset-export-message'))).toMatch(/from 1 runs/);
    await expect.poll(() => downloads.length).toBe(1);
    await page.waitForTimeout(500);
    expect(downloads).toHaveLength(1);
    const zip = unzipSync(await readFile((await downloads[0]?.path()) as string));
    expect(Object.keys(zip).sort()).toEqual([
      'swarmflight-sft.jsonl',
      'swarmflight-sft.md',
      'swarmflight-sft.validation.jsonl',
    ]);
    // The rows of both splits (one run: they may all fall in one), each a chat for TRL.
    const rows = ['swarmflight-sft.jsonl', 'swarmflight-sft.validation.jsonl']
      .flatMap((name) => strFromU8(zip[name] as Uint8Array).split('\n'))
      .filter((line) => line.trim());
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(JSON.parse(row)).toHaveProperty('messages');
    expect(profile.errors).toEqual([]);
  });

  it('refuses a bad file with its line numbers and stores nothing of it', async () => {
    await runFromGallery();
    const { page } = profile;
    await page.click(t('nav-library'));
    await page.waitForSelector(t('trace-row'));
    const good = (await downloadText(t('download-jsonl'))).split('\n');
    good[3] = '{"seq": oops';
    await page.setInputFiles(t('import-jsonl'), {
      name: 'broken.jsonl',
      mimeType: 'text/plain',
      buffer: Buffer.from(good.join('\n')),
    });
    await page.waitForSelector(t('library-message'));
    expect(await page.textContent(t('library-message'))).toMatch(/broken\.jsonl was not imported.*line 4/);
    expect(await page.locator(t('trace-row')).count()).toBe(1);
    await page.setInputFiles(t('import-jsonl'), {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello\n'),
    });
    await page.waitForFunction(() => /notes\.txt was not imported/.test(document.body.textContent ?? ''));
    expect(await page.locator(t('trace-row')).count()).toBe(1);
  });

  it('compares the swarm with a single agent on the same seed', async () => {
    await runFromGallery();
    const { page } = profile;
    await page.click(t('compare-serial'));
    await page.waitForSelector(t('compare-table'), { timeout: 60_000 });
    const table = await page.textContent(t('compare-table'));
    expect(table).toMatch(/heuristic/);
    expect(table).toMatch(/serial/);
    expect(table).toMatch(/Critical steps/);
    expect(await page.locator('.figure').count()).toBe(2);
  });

  it('marks a run interrupted by a reload, keeping what was written', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#view=run&pace=300`);
    await page.click(t('run-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("running")`);
    await page.waitForTimeout(800);
    // A real reload (a hash change alone would keep the document and the run).
    await page.reload();
    await page.click(t('nav-library'));
    await page.waitForSelector(t('trace-row'));
    expect(await page.textContent(t('trace-status'))).toBe('interrupted');
    const events = Number(await page.textContent(`${t('trace-row')} td:nth-child(8)`));
    expect(events).toBeGreaterThan(0);
  });

  it('trains a policy in a worker with progress, and saves it for the run view', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=train&episodes=20`);
    await page.click(t('train-button'));
    await page.waitForFunction(
      (sel) => {
        const p = document.querySelector(sel) as HTMLProgressElement | null;
        return p !== null && p.max === 20 && p.value === 20;
      },
      t('train-progress'),
      { timeout: 60_000 },
    );
    await page.waitForSelector(t('save-policy'));
    await page.fill(t('policy-name'), 'e2e-policy');
    await page.click(t('save-policy'));
    await page.waitForSelector(t('saved-policy'));
    await page.click(t('nav-run'));
    await page.waitForSelector('option[value="parl:e2e-policy"]', { state: 'attached' });
  });

  it('says what was wrong with a bad link and keeps working', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=nowhere&seed=-4&scenario=atlantis&colour=red`);
    await page.waitForSelector(t('link-problems'));
    const text = await page.textContent(t('link-problems'));
    expect(text).toMatch(/"view"/);
    expect(text).toMatch(/"seed"/);
    expect(text).toMatch(/atlantis/);
    expect(text).toMatch(/colour/);
    await page.click(`${t('scenario-card-diamond')} button.primary`);
    await page.waitForSelector(`${t('run-status')}:text-is("done")`);
  });

  it('judges a link’s size by the scenario’s own range, as the form shows it, and says when a setting is given twice', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=run&scenario=wide-search&size=-5&seed=2&seed=3`);
    await page.waitForSelector(t('link-problems'));
    const text = (await page.textContent(t('link-problems'))) ?? '';
    const range = /Size \((\d+)–(\d+)\)/.exec((await page.textContent('.panel.form')) ?? '');
    expect(range).not.toBeNull();
    expect(text).toContain(`Size -5 is out of range for wide-search (${range?.[1]}–${range?.[2]})`);
    expect(text).toContain('Setting "seed" appears more than once in the link: the first was used.');
    expect(await page.inputValue(t('seed-input'))).toBe('2');
  });

  it('names, in the Library, the measure each run’s quality is graded by', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0`);
    await page.click(`${t('scenario-card-mixed-coding')} button.primary`);
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 30_000 });
    await page.click(t('nav-library'));
    await page.waitForSelector(t('trace-quality'));
    expect(await page.textContent(t('trace-quality'))).toMatch(/^\d\.\d{3}pass@1$/);
  });

  it('draws a 1,500-task run', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#view=run&scenario=stress&pace=0`);
    await page.click(t('run-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
    expect(await page.locator('[data-testid^="dag-node"]').count()).toBe(1500);
    expect(profile.errors).toEqual([]);
  });

  it('stops a run cleanly: it ends cancelled, in the page and in the library', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#view=run&pace=200`);
    await page.click(t('run-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("running")`);
    await page.waitForTimeout(500);
    await page.click(t('stop-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("cancelled")`, { timeout: 30_000 });
    await page.click(t('nav-library'));
    await page.waitForSelector(t('trace-row'));
    expect(await page.textContent(t('trace-status'))).toBe('cancelled');
    expect(profile.errors).toEqual([]);
  });

  it('stops a graph run cleanly too: cancelled, nothing left running', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#view=run&scenario=stg-100&pace=200`);
    await page.click(t('run-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("running")`);
    await page.waitForTimeout(1500);
    await page.click(t('stop-button'));
    await page.waitForSelector(`${t('run-status')}:text-is("cancelled")`, { timeout: 30_000 });
    // It ended as failed before, with its attempts still drawn running.
    await page.waitForFunction(
      (sel) => /· 0 running now/.test(document.querySelector(sel)?.textContent ?? ''),
      t('metric-parallelism'),
    );
    expect(profile.errors).toEqual([]);
  });

  it('refuses a file that is not a policy, in words, and keeps working', async () => {
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&view=train`);
    await page.setInputFiles(t('policy-file'), {
      name: 'trace.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ schema: 'swarmflight.trace/1' })),
    });
    await page.waitForSelector(t('train-message'));
    expect(await page.textContent(t('train-message'))).toMatch(
      /trace\.json was not loaded: not a usable policy/,
    );
    await page.setInputFiles(t('policy-file'), {
      name: 'junk.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{oops'),
    });
    await page.waitForFunction(() =>
      /junk\.json was not loaded: it is not JSON/.test(document.body.textContent ?? ''),
    );
    expect(await page.isEnabled(t('train-button'))).toBe(true);
  });
});
