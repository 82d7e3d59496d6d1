import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Handler,
  type ModelServer,
  type Reply,
  startModelServer,
} from '../support/loopback-model-server';
import { appUrl, PAGE_SIZES, profilePerTest, testId as t } from './support/browser';

/**
 * Issue 62, item 2 and its first "Done when", in the built app: "Ask a model about this run" in the
 * Run view of a finished gallery run. The model is a real HTTP server on loopback written from the
 * chat-completions spec, not from our prompts: it reads `messages[].content` parts as the spec
 * defines them, decodes each `image_url` data URL, checks the PNG signature and decodes the image
 * with pngjs, and answers with a `chat.completion` (or its stream, when asked to stream). The PNG
 * of the run's DAG arrives with its critical path drawn in red; the answer shows in the Run view
 * and, after a reload, in the Library's row of the run; a model that cannot see is refused with no
 * request at all; the simulated model answers offline, the same words twice.
 */
const profile = profilePerTest();
let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * An upper bound against a hang, not a speed check: a run to its end, a reload and the Library
 * take seconds, but minutes on this shared machine when it is busy (load averages near 40 seen).
 */
const TEST_DEADLINE = 300_000;
const KEY = 'sk-loopback-7f3a9c1e5b2d4f60a8';
const MODEL = 'loopback-vision';
const QUESTION = 'Where is the bottleneck?';
const ANSWER = 'The bottleneck is the red chain: the longest subagent on it holds the run back.';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The realized critical path's red in the run's picture (src/ui/dag/dag-draw.ts PATH_COLOUR). */
const RED = [0xd1, 0x34, 0x2f];

interface SeenImage {
  readonly mediaType: string;
  readonly width: number;
  readonly height: number;
  /** Pixels within a few levels of the critical path's red. */
  readonly red: number;
}

interface Seen {
  readonly texts: string[];
  readonly images: SeenImage[];
}

/** One image_url part as the spec has it: a data URL, here base64 PNG, decoded for real. */
function decodeImagePart(part: Record<string, unknown>): SeenImage {
  const url = String((part.image_url as Record<string, unknown> | undefined)?.url ?? '');
  const m = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (!m) throw new Error(`image_url is not a base64 data URL: ${url.slice(0, 40)}`);
  const bytes = Buffer.from(m[2] as string, 'base64');
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('the image is not a PNG');
  const png = PNG.sync.read(bytes);
  let red = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const near = RED.every((c, k) => Math.abs((png.data[i + k] as number) - c) <= 6);
    if (near && (png.data[i + 3] as number) > 200) red++;
  }
  return { mediaType: m[1] as string, width: png.width, height: png.height, red };
}

/** A chat-completions server that looks at the pictures it is sent and answers `answer`. */
function visionServer(seen: Seen[], answer: string): Handler {
  return (body) => {
    const messages = Array.isArray(body.messages) ? (body.messages as Record<string, unknown>[]) : [];
    const texts: string[] = [];
    const images: SeenImage[] = [];
    for (const message of messages) {
      const content = message.content;
      if (typeof content === 'string') texts.push(content);
      else if (Array.isArray(content))
        for (const part of content as Record<string, unknown>[]) {
          if (part.type === 'text') texts.push(String(part.text));
          else if (part.type === 'image_url') images.push(decodeImagePart(part));
        }
    }
    seen.push({ texts, images });
    return completion(String(body.model), answer, body.stream === true);
  };
}

/** A chat.completion, or the same as a stream of chat.completion.chunk when the client streams. */
function completion(model: string, content: string, stream: boolean): Reply {
  const id = 'chatcmpl-loopback-1';
  if (!stream)
    return {
      json: {
        id,
        object: 'chat.completion',
        created: 1_700_000_000,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 900, completion_tokens: 20, total_tokens: 920 },
      },
    };
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
    id,
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices,
    ...extra,
  });
  return {
    sse: [
      chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]),
      chunk([{ index: 0, delta: { content: content.slice(0, 30) }, finish_reason: null }]),
      chunk([{ index: 0, delta: { content: content.slice(30) }, finish_reason: null }]),
      chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]),
      chunk([], { usage: { prompt_tokens: 900, completion_tokens: 20, total_tokens: 920 } }),
    ],
  };
}

/** A gallery scenario run to its end by the simulated model, the endpoint set up beside it. */
async function finishedRun(page: Page, endpoint?: string) {
  // Each wait an upper bound only (see TEST_DEADLINE).
  page.setDefaultTimeout(120_000);
  if (endpoint) {
    // The endpoint, its model and its key, typed into the provider settings as a user does.
    await page.goto(
      `${appUrl}#view=run&scenario=wide-search&seed=1&pace=0&provider=openai&endpoint=${encodeURIComponent(endpoint)}&model=${MODEL}`,
    );
    await page.fill(t('openai-key'), KEY);
    await page.press(t('openai-key'), 'Tab');
    await page.selectOption(t('provider-select'), 'simulated');
  } else {
    await page.goto(`${appUrl}#view=run&scenario=wide-search&seed=1&pace=0`);
  }
  await page.click(t('run-button'));
  await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 180_000 });
  await page.waitForSelector(t('ask-run'));
}

async function pickModel(page: Page, provider: string) {
  const value = await page
    .locator(`${t('ask-model')} option[data-provider="${provider}"]`)
    .getAttribute('value');
  await page.selectOption(t('ask-model'), value ?? '');
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's findings in the panel, every impact. */
async function axeFindings(page: Page): Promise<string[]> {
  if ((await page.evaluate('typeof window.axe')) !== 'object') await page.evaluate(axeSource);
  return (await page.evaluate(
    `axe.run('[data-testid="ask-run"]', { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.map((n) => n.target.join(' ')).join(' | ')))`,
  )) as string[];
}

describe.each(PAGE_SIZES)('asking a model about a run, at %i×%i', (width, height) => {
  it(
    "sends the DAG's PNG as an image part, shows the answer, and keeps it in the Library",
    async () => {
      const seen: Seen[] = [];
      server = await startModelServer(visionServer(seen, ANSWER));
      const { page } = profile;
      await page.setViewportSize({ width, height });
      await finishedRun(page, server.url);
      await pickModel(page, 'openai');
      // The endpoint cannot be asked whether its model sees: the user says so.
      await page.check(t('ask-sees'));
      await page.click(`${t('ask-suggestion')}:text-is("${QUESTION}")`);
      expect(await page.inputValue(t('ask-question'))).toBe(QUESTION);
      await page.click(t('ask-button'));
      await page.waitForSelector(t('ask-answer'));

      // One chat completion, with the key in its header only.
      const chats = server.requests.filter((r) => r.path.endsWith('/chat/completions'));
      expect(chats).toHaveLength(1);
      expect(chats[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(JSON.stringify(chats[0]?.body)).not.toContain(KEY);
      // The run's summary and the question as text, the DAG then the timeline as PNG image parts.
      const [asked] = seen;
      const text = asked?.texts.join('\n') ?? '';
      expect(text).toContain('Realized critical path');
      expect(text).toContain(`Question: ${QUESTION}`);
      expect(asked?.images.map((i) => i.mediaType)).toEqual(['image/png', 'image/png']);
      const dag = asked?.images[0] as SeenImage;
      // Drawn at twice its size: a graph of ten tasks and two orchestrator steps, readable, bounded.
      expect(dag.width).toBeGreaterThan(400);
      expect(dag.height).toBeGreaterThan(300);
      expect(dag.width * dag.height).toBeLessThan(4000 * 4000);
      // The realized critical path is in it, in red: its outlined nodes and edges.
      expect(dag.red).toBeGreaterThan(500);

      // The answer, beside the very pictures sent (decoded by the browser: they have a size).
      expect(await page.textContent(t('ask-answer'))).toBe(ANSWER);
      const shown = await page.$$eval(`${t('ask-picture')}`, (imgs) =>
        (imgs as HTMLImageElement[]).map((i) => [i.naturalWidth, i.naturalHeight]),
      );
      expect(shown[0]).toEqual([dag.width, dag.height]);
      expect(shown).toHaveLength(2);
      expect(await page.textContent(t('ask-kept-count'))).toContain('(1)');
      expect(await axeFindings(page)).toEqual([]);
      // Nothing at all to scroll sideways at a phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // Kept with the run: after a reload, the Library's row of the run shows it.
      await page.reload();
      await page.click(t('nav-library'));
      await page.waitForSelector(t('trace-analyses'));
      expect(await page.textContent(`${t('trace-analyses')} summary`)).toBe('1 analysis');
      await page.click(`${t('trace-analyses')} summary`);
      await page.waitForSelector(t('run-analysis'));
      expect(await page.textContent(t('run-analysis-question'))).toBe(QUESTION);
      expect(await page.textContent(t('run-analysis-answer'))).toBe(ANSWER);
      expect(await page.textContent(t('run-analysis-by'))).toContain(`${MODEL} (openai)`);

      // Opened, the stored run lists it under its panel; its download holds the answer, not the key.
      await page.click(t('open-run'));
      await page.waitForSelector(t('run-analysis'));
      expect(await page.textContent(t('run-analysis-answer'))).toBe(ANSWER);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(t('ask-download'))]);
      const saved = readFileSync((await download.path()) as string, 'utf8');
      const file = JSON.parse(saved) as { analyses: { answer: string; model: string }[] };
      expect(file.analyses.map((a) => [a.model, a.answer])).toEqual([[MODEL, ANSWER]]);
      expect(saved).not.toContain(KEY);
      expect(chats).toHaveLength(1);
      expect(profile.errors).toEqual([]);
    },
    TEST_DEADLINE,
  );
});

describe('who is asked', () => {
  it(
    'refuses a model not said to see, in words, with no request at the server',
    async () => {
      const seen: Seen[] = [];
      server = await startModelServer(visionServer(seen, ANSWER));
      const { page } = profile;
      await finishedRun(page, server.url);
      await pickModel(page, 'openai');
      const option = await page.textContent(`${t('ask-model')} option[data-provider="openai"]`);
      expect(option).toContain('cannot see');
      await page.fill(t('ask-question'), QUESTION);
      await page.click(t('ask-button'));
      await page.waitForSelector(t('ask-refused'));
      expect(await page.textContent(t('ask-refused'))).toContain(
        `${MODEL} at ${server.url} is not said to see images, so nothing was sent`,
      );
      expect(server.requests).toEqual([]);
      // Nothing lost, nothing kept.
      expect(await page.inputValue(t('ask-question'))).toBe(QUESTION);
      expect(await page.textContent(t('ask-kept-count'))).toContain('(0)');
      expect(profile.errors).toEqual([]);
    },
    TEST_DEADLINE,
  );

  it(
    'has the simulated model answer offline, the same words every time',
    async () => {
      const { page } = profile;
      await finishedRun(page);
      await page.fill(t('ask-question'), QUESTION);
      await page.click(t('ask-button'));
      await page.waitForSelector(t('ask-answer'));
      const first = (await page.textContent(t('ask-answer'))) ?? '';
      expect(first).toContain('The bottleneck is');
      // The network gone: the second answer comes from the page alone, word for word the first.
      await profile.context.setOffline(true);
      await page.click(t('ask-button'));
      await page.waitForSelector(`${t('ask-kept-count')}:has-text("(2)")`);
      expect(await page.textContent(t('ask-answer'))).toBe(first);
      expect(await page.locator(t('run-analysis-answer')).allTextContents()).toEqual([first, first]);
      await profile.context.setOffline(false);
      expect(profile.errors).toEqual([]);
    },
    TEST_DEADLINE,
  );

  it(
    'cancels a model that hangs and says a failure in place, the question kept, nothing kept',
    async () => {
      let calls = 0;
      server = await startModelServer(() =>
        ++calls === 1
          ? { hang: true }
          : { json: { error: { message: 'the model is overloaded' } }, status: 400 },
      );
      const { page } = profile;
      await finishedRun(page, server.url);
      await pickModel(page, 'openai');
      await page.check(t('ask-sees'));
      await page.fill(t('ask-question'), QUESTION);
      await page.click(t('ask-button'));
      await page.waitForSelector(`${t('ask-progress')}:has-text("Waiting for ${MODEL}")`);
      await page.click(t('ask-cancel'));
      await page.waitForSelector(t('ask-note'));
      expect(await page.textContent(t('ask-note'))).toContain('Cancelled: nothing was kept');
      expect(await page.inputValue(t('ask-question'))).toBe(QUESTION);
      await page.click(t('ask-button'));
      await page.waitForSelector(t('ask-error'));
      expect(await page.textContent(t('ask-error'))).toContain('the model is overloaded');
      expect(await page.inputValue(t('ask-question'))).toBe(QUESTION);
      expect(await page.textContent(t('ask-kept-count'))).toContain('(0)');
      expect(profile.errors.filter((e) => !e.includes('400'))).toEqual([]);
    },
    TEST_DEADLINE,
  );
});
