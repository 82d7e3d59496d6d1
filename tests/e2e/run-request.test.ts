/**
 * One run request, three ways in (issue 42): the same JSON given to the CLI (`swarm run --request`),
 * to the swarm API in Node, and to the built page as a link (`#request=…`) starts the same run.
 * Their traces are identical apart from wall-clock fields. The requests set more than a scenario
 * and a seed (a fixed setting, a budget, a context strategy, a join, healing), so a field one way
 * in dropped or read differently would show as a different trace.
 */

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeProviders } from '../../src/adapters/node/node-providers';
import { nodeSandbox } from '../../src/adapters/node/node-sandbox';
import { createSwarmApi } from '../../src/api/api';
import type { RunRequest } from '../../src/core/request/run-request';
import type { TraceEvent } from '../../src/core/trace/events';
import type { TraceHeader } from '../../src/core/trace/header';
import { decodeTrace, withoutWallClock } from '../../src/core/trace/jsonl';
import { runCli } from '../support/cli';
import { providerBackend, startModelServer } from '../support/loopback-model-server';
import { teamModel } from '../support/team-model';
import { appUrl, profilePerTest, testId as t } from './support/browser';

const profile = profilePerTest();

interface Trace {
  readonly header: TraceHeader;
  readonly events: TraceEvent[];
}

function decoded(text: string): Trace {
  const trace = decodeTrace(text);
  if (!trace.ok) throw new Error(JSON.stringify(trace.problems));
  return { header: trace.header, events: withoutWallClock(trace.events) };
}

async function viaCli(request: RunRequest): Promise<Trace> {
  const dir = mkdtempSync(join(tmpdir(), 'run-request-'));
  const file = join(dir, 'request.json');
  writeFileSync(file, JSON.stringify(request));
  const r = await runCli(['run', '--request', file, '--trace', join(dir, 'trace.jsonl'), '--json']);
  expect(r.code, r.stderr).toBe(0);
  return decoded(readFileSync(join(dir, 'trace.jsonl'), 'utf8'));
}

async function viaApi(request: RunRequest): Promise<Trace> {
  const api = createSwarmApi({ ports: { sandbox: nodeSandbox }, providers: nodeProviders });
  const id = await api.create(request);
  const events: TraceEvent[] = [];
  for await (const { run: _index, ...event } of api.events(id)) events.push(event as TraceEvent);
  const status = await api.wait(id);
  expect(status.state).toBe('done');
  return { header: status.runs[0]?.header as TraceHeader, events: withoutWallClock(events) };
}

async function viaPage(request: RunRequest): Promise<Trace> {
  const { page } = profile;
  await page.goto(`${appUrl}#pace=0&request=${encodeURIComponent(JSON.stringify(request))}`);
  await page.click(t('run-button'));
  await page.waitForSelector(`${t('run-status')}:text-is("done")`, { timeout: 60_000 });
  await page.click(t('nav-library'));
  await page.waitForSelector(t('trace-row'));
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(t('download-jsonl'))]);
  return decoded(await readFile((await download.path()) as string, 'utf8'));
}

const requests: RunRequest[] = [
  {
    scenario: 'wide-search',
    seed: 3,
    size: 12,
    policy: 'fixed:all/medium',
    budgets: { subagents: 4 },
    context: 'sliding-window',
  },
  { scenario: 'deep-search', seed: 7, policy: 'serial', join: 'barrier', healing: 'detect' },
  // Issue 59 item 3: the preference reaches the trace header and the reward the same way from each.
  { scenario: 'deep-search', seed: 2, policy: 'heuristic', preference: { cost: 2.5, time: 0.5 } },
];

describe('one run request, three ways in', () => {
  for (const request of requests) {
    it(`starts the same run from the CLI, the API and the page: ${JSON.stringify(request)}`, async () => {
      const [cli, api, page] = [await viaCli(request), await viaApi(request), await viaPage(request)];
      expect(cli.header.policy).toBe(request.policy);
      expect(cli.events.at(-1)?.type).toBe('run.finished');
      expect(api).toEqual(cli);
      expect(page.header).toEqual(cli.header);
      expect(page.events).toEqual(cli.events);
      expect(profile.errors).toEqual([]);
    }, 120_000);
  }

  // Issue 58: a request of one's own on an endpoint's model, one that fits a workflow and one that
  // fits none (general), makes the same trace from each way in. The scripted team model answers
  // from what it is asked alone, so each way in gets the same replies.
  for (const own of [
    { scenario: 'write-story', policy: 'llm', text: 'Write a short detective story set in Lisbon.' },
    {
      scenario: 'general',
      policy: 'heuristic',
      text: 'Plan a weekend in Porto: food, walks and one museum.',
    },
  ]) {
    it(`runs your own request the same from the CLI, the API and the page: ${own.scenario}`, async () => {
      const server = await startModelServer(providerBackend(teamModel(), () => ({})));
      try {
        const request: RunRequest = {
          scenario: own.scenario,
          policy: own.policy,
          provider: { kind: 'openai', endpoint: server.url, model: 'scripted-team' },
          request: { text: own.text },
        };
        const [cli, api, page] = [await viaCli(request), await viaApi(request), await viaPage(request)];
        expect(cli.header.request?.text).toBe(own.text);
        expect(cli.events.at(-1)?.type).toBe('run.finished');
        const graded = cli.events.find((e) => e.type === 'run.graded');
        expect(graded?.type === 'run.graded' && graded.answer).toMatch(/^TEAM ANSWER by /);
        expect(api).toEqual(cli);
        expect(page.header).toEqual(cli.header);
        expect(page.events).toEqual(cli.events);
        expect(profile.errors).toEqual([]);
      } finally {
        await server.close();
      }
    }, 120_000);
  }

  it('refuses a bad field in the same words in the CLI, the API and the page', async () => {
    const request = { scenario: 'wide-search', budgets: { subagents: 500 } };
    const dir = mkdtempSync(join(tmpdir(), 'run-request-'));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(request));
    const cli = await runCli(['run', '--request', join(dir, 'bad.json')]);
    expect(cli.code).toBe(2);
    const words = 'budgets.subagents must be at most 100';
    expect(cli.stderr).toContain(words);
    const api = createSwarmApi({ ports: { sandbox: nodeSandbox } });
    await expect(api.create(request as RunRequest)).rejects.toMatchObject({
      field: 'budgets.subagents',
      message: `invalid task: ${words}`,
    });
    const { page } = profile;
    await page.goto(`${appUrl}#pace=0&request=${encodeURIComponent(JSON.stringify(request))}`);
    await expect(page.textContent('body')).resolves.toContain(
      `The run request in the link was ignored: ${words}.`,
    );
  });
});
