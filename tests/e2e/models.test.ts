import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { scenarioKinds } from '../../src/core/scenarios/registry';
import type { TraceEvent } from '../../src/core/trace/events';
import { decodeTrace } from '../../src/core/trace/jsonl';
import {
  type ModelServer,
  playerBackend,
  startModelServer,
  subtasksOf,
} from '../support/loopback-model-server';
import { loadSpec } from '../support/scenarios';
import { freshProfile, type Profile } from './support/browser';
import { instantUnlessPaced } from './support/instant-pace';

/** Issue 6 in the built app: the llm orchestrator, the providers' status and pickers, the API key. */
const appUrl = inject('appUrl');
const t = (id: string) => `[data-testid="${id}"]`;

let profile: Profile | undefined;
let server: ModelServer | undefined;
afterEach(async () => {
  await profile?.close();
  profile = undefined;
  await server?.close();
  server = undefined;
});

async function open(hash = '', args: readonly string[] = []): Promise<Profile> {
  profile = await freshProfile(args);
  await profile.page.goto(`${appUrl}${instantUnlessPaced(hash)}`);
  return profile;
}

async function downloadText(p: Profile, selector: string): Promise<string> {
  const [download] = await Promise.all([p.page.waitForEvent('download'), p.page.click(selector)]);
  return readFile((await download.path()) as string, 'utf8');
}

describe('the llm orchestrator in the page', () => {
  it('runs wide search with the simulated model as orchestrator, its tool calls in the exported trace', async () => {
    const p = await open('#view=run&scenario=wide-search&policy=llm&pace=0');
    await p.page.click(t('run-button'));
    await p.page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 30_000 });
    // The model's calls are on the page, newest first.
    expect(await p.page.locator(t('orchestrator-call')).count()).toBeGreaterThan(3);
    expect(await p.page.textContent(t('orchestrator-log'))).toMatch(
      /assign_task\(\{"agent":"sub-\d+","prompt":"\[/,
    );
    expect(await p.page.textContent(t('orchestrator-log'))).toMatch(/plan_run\(\{"mode":"swarm"/);
    await p.page.click(t('nav-library'));
    await p.page.waitForSelector(t('trace-row'));
    const decoded = decodeTrace(await downloadText(p, t('download-jsonl')));
    if (!decoded.ok) throw new Error(JSON.stringify(decoded.problems));
    expect(decoded.header.policy).toBe('llm');
    const calls = decoded.events.filter(
      (e): e is Extract<TraceEvent, { type: 'tool.call' }> =>
        e.type === 'tool.call' && e.caller === 'orchestrator',
    );
    // Its first call is the plan turn's, before the task was split (the plan head's choice).
    expect(calls[0]).toMatchObject({ tool: 'plan_run', ok: true });
    expect(calls.some((c) => c.tool === 'create_subagent' && c.ok)).toBe(true);
    expect(calls.some((c) => c.tool === 'assign_task' && c.ok)).toBe(true);
    expect(decoded.events.at(-1)).toMatchObject({ type: 'run.finished', reason: 'completed' });
    expect(p.errors).toEqual([]);
  });

  it('refuses llm on a graph scenario in words', async () => {
    const p = await open('#view=run&scenario=diamond&policy=llm');
    await p.page.click(t('run-button'));
    await p.page.waitForSelector(`${t('run-status')}:text-is("failed")`);
    expect(await p.page.textContent(t('run-error'))).toMatch(
      /"llm" directs agents, and .* is pure scheduling/,
    );
  });
});

describe('WebLLM in the page', () => {
  it('explains, without WebGPU, why it cannot run and what to do, and everything else still works', async () => {
    const p = await open('#view=run&scenario=wide-search&pace=0');
    await p.page.selectOption(t('provider-select'), 'webllm');
    const status = p.page.locator(t('provider-status'));
    await status.filter({ hasText: 'cannot run' }).waitFor();
    expect(await status.textContent()).toMatch(
      /WebLLM cannot run in this browser: .*(no WebGPU|no GPU adapter).* What to do: .*(chrome:\/\/gpu|Chrome or Edge)/,
    );
    expect(await p.page.locator(t('webllm-model')).count()).toBe(0);
    // A run asked of it fails in the same words, and nothing is downloaded.
    await p.page.click(t('run-button'));
    await p.page.waitForSelector(`${t('run-status')}:text-is("failed")`);
    expect(await p.page.textContent(t('run-error'))).toMatch(
      /WebLLM cannot run here: .*(chrome:\/\/gpu|Chrome or Edge)/,
    );
    // The simulated provider and a graph scenario still run.
    await p.page.selectOption(t('provider-select'), 'simulated');
    await p.page.click(t('run-button'));
    await p.page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 30_000 });
    expect(p.errors).toEqual([]);
  });

  it('with --enable-unsafe-webgpu lists only the models the adapter supports', async () => {
    const p = await open('#view=run&scenario=wide-search&provider=webllm', ['--enable-unsafe-webgpu']);
    const status = p.page.locator(t('provider-status'));
    await status.filter({ hasText: 'models fit this GPU' }).waitFor({ timeout: 30_000 });
    // SwiftShader, the software adapter, has no shader-f16 (docs/development.md).
    expect(await status.textContent()).toMatch(
      /shader-f16 no.*models fit this GPU.*software \(CPU\) adapter/,
    );
    const ids = await p.page.$$eval(`${t('webllm-model')} option`, (options) =>
      options.map((o) => (o as HTMLOptionElement).value),
    );
    expect(ids.length).toBeGreaterThan(5);
    expect(ids.filter((id) => /f16/.test(id))).toEqual([]);
    expect(ids).toContain('Qwen2.5-0.5B-Instruct-q4f32_1-MLC');
    expect(await p.page.textContent(t('webllm-rejected'))).toMatch(/shader-f16/);
    expect(await p.page.textContent(t('webllm-memory'))).toMatch(/about \d.* of GPU memory/);
    // More engines, more memory, said before any download.
    const one = await p.page.textContent(t('webllm-memory'));
    await p.page.selectOption(t('webllm-engines'), '4');
    expect(await p.page.textContent(t('webllm-memory'))).toMatch(/4 engines ×/);
    expect(await p.page.textContent(t('webllm-memory'))).not.toBe(one);
    // Where the weights go, and what the site stores against what the browser allows.
    expect(
      await p.page.$$eval(`${t('webllm-cache')} option`, (o) => o.map((x) => (x as HTMLOptionElement).value)),
    ).toEqual(['cache', 'indexeddb', 'opfs']);
    expect(await p.page.textContent(t('webllm-storage'))).toMatch(
      /This site stores .* of the \d.* the browser allows it/,
    );
    // A relative self-hosted URL is refused in words, as WebLLM would refuse it opaquely.
    await p.page.click('summary:text("Self-hosted weights")');
    await p.page.fill(t('webllm-custom-url'), 'models/Mine-q4f32_1-MLC');
    await p.page.fill(t('webllm-custom-lib'), 'https://example.com/mine.wasm');
    await p.page.click(t('webllm-custom-add'));
    expect(await p.page.textContent(t('webllm-custom-error'))).toMatch(/absolute http\(s\) URL/);
    expect(p.errors).toEqual([]);
  });
  it.each([
    [
      'a dropped connection',
      'abort',
      /The download stopped \(network\): check the connection and press Load again/,
    ],
    ['missing files', 404, /files of Qwen2\.5-0\.5B-Instruct-q4f32_1-MLC were not found on its host \(404\)/],
  ] as const)(
    'says in words when the real WebLLM worker cannot load a model: %s',
    async (_name, failure, words) => {
      const p = await open('#view=run&scenario=wide-search&provider=webllm', ['--enable-unsafe-webgpu']);
      // The model host, as a network that drops or a host without the files.
      const hosts: string[] = [];
      await p.context.route(/huggingface\.co|raw\.githubusercontent\.com/, (route) => {
        hosts.push(new URL(route.request().url()).host);
        return failure === 'abort'
          ? route.abort('connectionreset')
          : route.fulfill({ status: 404, body: 'Not Found' });
      });
      await p.page
        .locator(t('provider-status'))
        .filter({ hasText: 'models fit this GPU' })
        .waitFor({ timeout: 30_000 });
      await p.page.selectOption(t('webllm-model'), 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC');
      await p.page.click(t('webllm-load'));
      await p.page.waitForSelector(t('webllm-error'), { timeout: 30_000 });
      expect(await p.page.textContent(t('webllm-error'))).toMatch(words);
      expect(await p.page.textContent(t('provider-status'))).toMatch(words);
      expect(hosts.length).toBeGreaterThan(0);
      // The load button is back, for another try.
      expect(await p.page.isEnabled(t('webllm-load'))).toBe(true);
    },
  );
});

describe('an OpenAI-compatible endpoint in the page', () => {
  const KEY = 'sk-e2e-never-in-a-file-7731';

  it('runs wide search against a loopback server, graded, with the key in no download; Forget removes it', async () => {
    const spec = loadSpec('wide-search', 'wide-search');
    const kind = scenarioKinds['wide-search'];
    const instance = kind.generate(spec, 3, 10);
    server = await startModelServer(playerBackend(subtasksOf(kind, instance)));
    const endpoint = encodeURIComponent(server.url);
    const p = await open(
      `#view=run&scenario=wide-search&size=10&seed=3&provider=openai&endpoint=${endpoint}&model=loopback-model`,
    );
    await p.page.fill(t('openai-key'), KEY);
    await p.page.press(t('openai-key'), 'Tab');
    expect(p.page.url()).not.toContain(KEY);
    await p.page.click(t('openai-check'));
    await p.page
      .locator(t('provider-status'))
      .filter({ hasText: 'Connected: 1 model (loopback-model)' })
      .waitFor();

    await p.page.click(t('run-button'));
    await p.page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 30_000 });
    const chats = server.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(chats.length).toBeGreaterThan(10);
    for (const r of chats) expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(chats[0]?.body.model).toBe('loopback-model');

    await p.page.click(t('nav-library'));
    await p.page.waitForSelector(t('trace-row'));
    const jsonl = await downloadText(p, t('download-jsonl'));
    const perfetto = await downloadText(p, t('download-perfetto'));
    for (const file of [jsonl, perfetto]) expect(file).not.toContain(KEY);
    const decoded = decodeTrace(jsonl);
    if (!decoded.ok) throw new Error(JSON.stringify(decoded.problems));
    expect(decoded.header.provider).toBe('openai');
    expect(decoded.events.at(-1)).toMatchObject({ type: 'run.finished', reason: 'completed' });
    const graded = decoded.events.find((e) => e.type === 'run.graded');
    expect(graded).toBeDefined();
    expect((graded as { itemF1: number }).itemF1).toBeGreaterThan(0.5);

    // Forget: gone from the field and from the browser's storage.
    await p.page.click(t('nav-run'));
    await p.page.click(t('openai-forget'));
    expect(await p.page.inputValue(t('openai-key'))).toBe('');
    const stored = await p.page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain(KEY);
    expect(p.errors).toEqual([]);
  });

  it('says in words when the server refuses the key', async () => {
    server = await startModelServer(() => ({ json: { error: { message: 'invalid api key' } }, status: 401 }));
    const endpoint = encodeURIComponent(server.url);
    const p = await open(`#view=run&scenario=wide-search&provider=openai&endpoint=${endpoint}&model=m`);
    await p.page.fill(t('openai-key'), 'sk-refused-1234');
    await p.page.press(t('openai-key'), 'Tab');
    await p.page.click(t('run-button'));
    // Failed, in the endpoint's words, at once: it was a green "done" of zeros.
    await p.page.waitForSelector(`${t('run-status')}:text-is("failed")`, { timeout: 30_000 });
    expect(await p.page.textContent(t('run-error'))).toMatch(
      /The model endpoint failed \(auth\): The server refused the API key \(HTTP 401\)\. Check the key/,
    );
    const chats = server.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(chats.length).toBeLessThan(20);
    // The Library lists it as failed, with why.
    await p.page.click(t('nav-library'));
    await p.page.waitForSelector(t('trace-row'));
    expect(await p.page.textContent(t('trace-status'))).toMatch(
      /^failed\s*The model endpoint failed \(auth\)/,
    );
  });

  it('tests the connection of a URL as typed, before its field loses focus (issue 61)', async () => {
    server = await startModelServer(() => ({ json: {} }));
    const p = await open('#view=run&scenario=wide-search&provider=openai');
    await p.page.locator(t('openai-endpoint')).pressSequentially(server.url);
    // No blur, no Tab: the button takes the URL as it stands.
    await p.page.click(t('openai-check'));
    await p.page.locator(t('provider-status')).filter({ hasText: 'Connected' }).waitFor();
    expect(server.requests.some((r) => r.path.endsWith('/v1/models'))).toBe(true);
    expect(p.page.url()).toContain(encodeURIComponent(server.url));
  });

  it('tells a CORS refusal from a server that is down', async () => {
    server = await startModelServer(() => ({ json: {} }), { cors: false });
    const up = encodeURIComponent(server.url);
    const p = await open(`#view=run&scenario=wide-search&provider=openai&endpoint=${up}`);
    await p.page.click(t('openai-check'));
    const status = p.page.locator(t('provider-status'));
    await status.filter({ hasText: 'CORS' }).waitFor();
    expect(await status.textContent()).toMatch(
      /answered, but does not let http:\/\/127\.0\.0\.1:\d+ read its replies \(CORS\).*OLLAMA_ORIGINS/,
    );
    const url = server.url;
    await server.close();
    server = undefined;
    await p.page.click(t('openai-check'));
    await status.filter({ hasText: 'Could not reach' }).waitFor();
    expect(await status.textContent()).toContain(url);
  });
});
