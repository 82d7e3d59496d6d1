import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeProviders } from '../../src/adapters/node/node-providers';
import { nodeSandbox } from '../../src/adapters/node/node-sandbox';
import { createSwarmApi } from '../../src/api/api';
import { decodeTrace, withoutWallClock } from '../../src/core/trace/jsonl';
import { runCli } from '../support/cli';
import { type ModelServer, startModelServer } from '../support/loopback-model-server';
import { OWN_STORY } from '../support/own-request-run';
import { teamModel } from '../support/team-model';
import { habitBackend, WIRE_HABITS } from '../support/wire-habits';

/**
 * Issue 58, item 2: the user's own request runs on a model the request names, from the CLI
 * (`swarm run --request FILE`) and the API in Node alike, with the key from SWARM_API_KEY. The
 * endpoint is a real OpenAI-compatible server on loopback (the scripted team model behind it).
 */
const dir = mkdtempSync(join(tmpdir(), 'run-own-'));
let server: ModelServer;
let request: Record<string, unknown>;

beforeAll(async () => {
  server = await startModelServer(habitBackend(teamModel(), 'streamed'));
  request = {
    scenario: 'write-story',
    policy: 'llm',
    provider: { kind: 'openai', endpoint: server.url, model: 'scripted-team' },
    request: { text: OWN_STORY },
  };
});
afterAll(() => server.close());

const write = (name: string, json: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(json));
  return file;
};

const eventsOf = (text: string) => {
  const decoded = decodeTrace(text);
  if (!decoded.ok) throw new Error('not a trace');
  return decoded;
};

describe.each(WIRE_HABITS)(
  'your own request on an endpoint that answers %s, from the CLI and the API',
  (habit) => {
    let habitServer: ModelServer;
    let asked: Record<string, unknown>;
    beforeAll(async () => {
      habitServer = await startModelServer(habitBackend(teamModel(), habit));
      asked = { ...request, provider: { kind: 'openai', endpoint: habitServer.url, model: 'scripted-team' } };
    });
    afterAll(() => habitServer.close());

    it('`swarm run --request` runs it to done and prints the merged answer; the API makes the same trace', async () => {
      const file = write(`request-${habit}.json`, asked);
      const trace = join(dir, `cli-${habit}.jsonl`);
      process.env.SWARM_API_KEY = 'sk-test-secret'; // read by nodeProviders when each run starts
      const r = await runCli(['run', '--request', file, '--trace', trace]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/done \(attempt 1\)/);
      expect(r.stdout).toContain(
        'answer:\nTEAM ANSWER by Continuity Editor [continuity-editor], merging writer-1, writer-2, writer-3.',
      );
      expect(r.stdout).toMatch(/^done: critical steps/m);
      // The key went to the server as a bearer token, and is nowhere in the trace.
      expect(habitServer.requests.at(-1)?.headers.authorization).toBe('Bearer sk-test-secret');
      const text = readFileSync(trace, 'utf8');
      expect(text).not.toContain('sk-test-secret');
      const cli = eventsOf(text);
      expect(cli.header.provider).toBe('openai');
      expect(cli.header.request?.text).toBe(OWN_STORY);

      const api = createSwarmApi({ ports: { sandbox: nodeSandbox }, providers: nodeProviders });
      const id = await api.create(asked as never);
      const events = [];
      for await (const e of api.events(id)) {
        const { run: _run, ...own } = e;
        events.push(own);
      }
      expect((await api.wait(id)).state).toBe('done');
      expect(withoutWallClock(events)).toEqual(withoutWallClock(cli.events));

      // The recorded run replays with no model.
      const again = await runCli(['replay', '--trace', trace, '--check']);
      expect(again.code).toBe(0);
    });
  },
);

describe('a request naming a provider badly', () => {
  it.each([
    [
      { kind: 'openai', endpoint: 'http://127.0.0.1:1/v1', apiKey: 'sk-x' },
      /provider\.apiKey: a key is never part of a run request .*SWARM_API_KEY/,
    ],
    [{ kind: 'openai', model: 'm' }, /provider\.endpoint is required for an openai provider/],
    [{ kind: 'openai', endpoint: 'not a url' }, /provider\.endpoint/],
    [
      { kind: 'openai', endpoint: 'http://127.0.0.1:1/v1', model: 'bad\u0007name' },
      /provider\.model must be a model name/,
    ],
    [{ kind: 'claude' }, /provider\.kind/],
  ])(
    'refuses provider %j with a message naming the field, exit 2, nothing run',
    async (provider, message) => {
      const before = server.requests.length;
      const r = await runCli(['run', '--request', write('bad.json', { ...request, provider })]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toContain('sk-x');
      expect(server.requests.length).toBe(before);
    },
  );
});

/**
 * Issue 58, item 2: a request that fits no workflow runs as `general`: the kind's team (the
 * assistants, the coordinator who merges), no tools, graded on completion and the rubric the merged
 * answer is checked against (docs/metrics.md). The CLI and the API make the same trace.
 */
describe('a request that fits no workflow, as general', () => {
  const TEXT = 'Help me plan a quiet weekend at home: reading, cooking and a long walk.';
  const general = () => ({ ...request, scenario: 'general', request: { text: TEXT } });

  it('`swarm run --request` runs it to done and prints the merged answer; the API makes the same trace', async () => {
    const file = write('general.json', general());
    const trace = join(dir, 'general.jsonl');
    const before = server.requests.length;
    process.env.SWARM_API_KEY = 'sk-test-secret';
    const r = await runCli(['run', '--request', file, '--trace', trace]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'answer:\nTEAM ANSWER by Coordinator [merge], merging assistant-1, assistant-2, assistant-3.',
    );
    expect(r.stdout).toMatch(/^done: critical steps/m);
    const cli = eventsOf(readFileSync(trace, 'utf8'));
    expect(cli.header.scenario.kind).toBe('general');
    expect(cli.header.request?.text).toBe(TEXT);
    const graded = cli.events.find((e) => e.type === 'run.graded');
    expect(graded?.type === 'run.graded' && graded.criteria).toMatchObject({
      completion: 1,
      coverage: 1,
      merged: 1,
    });
    // No subagent was offered a tool: only the orchestrator's turns (its plan turn, its decisions)
    // carry any, its own.
    const offered = server.requests
      .slice(before)
      .filter((q) => q.path.endsWith('/chat/completions'))
      .map((q) => ((q.body.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name));
    const orchestrator = (names: string[]) => names.includes('plan_run') || names.includes('create_subagent');
    expect(offered.filter((names) => !orchestrator(names))).toEqual([[], [], [], []]);

    const api = createSwarmApi({ ports: { sandbox: nodeSandbox }, providers: nodeProviders });
    const id = await api.create(general() as never);
    const events = [];
    for await (const e of api.events(id)) {
      const { run: _run, ...own } = e;
      events.push(own);
    }
    expect((await api.wait(id)).state).toBe('done');
    expect(withoutWallClock(events)).toEqual(withoutWallClock(cli.events));
  });

  it('is refused on the simulated model, naming the request field: exit 2, nothing run', async () => {
    const before = server.requests.length;
    const simulated = { scenario: 'general', request: { text: TEXT } };
    const r = await runCli(['run', '--request', write('general-sim.json', simulated)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /request needs a real model: the simulated model cannot answer a request of your own/,
    );
    expect(server.requests.length).toBe(before);
  });
});
