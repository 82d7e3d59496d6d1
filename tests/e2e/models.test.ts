import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { TraceEvent } from '../../src/core/trace/events';
import { decodeTrace } from '../../src/core/trace/jsonl';
import { freshProfile, type Profile } from './support/browser';

/** Issue 6 in the built app: the llm orchestrator, the providers' status and pickers, the API key. */
const appUrl = inject('appUrl');
const t = (id: string) => `[data-testid="${id}"]`;

let profile: Profile | undefined;
afterEach(async () => {
  await profile?.close();
  profile = undefined;
});

async function open(hash = '', args: readonly string[] = []): Promise<Profile> {
  profile = await freshProfile(args);
  await profile.page.goto(`${appUrl}${hash}`);
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
    await p.page.click(t('nav-library'));
    await p.page.waitForSelector(t('trace-row'));
    const decoded = decodeTrace(await downloadText(p, t('download-jsonl')));
    if (!decoded.ok) throw new Error(JSON.stringify(decoded.problems));
    expect(decoded.header.policy).toBe('llm');
    const calls = decoded.events.filter(
      (e): e is Extract<TraceEvent, { type: 'tool.call' }> =>
        e.type === 'tool.call' && e.caller === 'orchestrator',
    );
    expect(calls.some((c) => c.tool === 'create_subagent' && c.ok)).toBe(true);
    expect(calls.some((c) => c.tool === 'assign_task' && c.ok)).toBe(true);
    expect(decoded.events.at(-1)).toMatchObject({ type: 'run.finished', reason: 'completed' });
    expect(p.errors).toEqual([]);
  });

  it('refuses llm on a graph scenario in words', async () => {
    const p = await open('#view=run&scenario=diamond&policy=llm');
    await p.page.click(t('run-button'));
    await p.page.waitForSelector(`${t('run-status')}:text-is("failed")`);
    expect(await p.page.textContent(t('run-error'))).toMatch(/llm orchestrator runs task scenarios/);
  });
});
