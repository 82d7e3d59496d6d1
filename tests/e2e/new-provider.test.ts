/**
 * A new provider is one folder and one line in the registry (issue 58). On a copy of the
 * repository, the fixture provider of tests/fixtures/new-provider/echo (every agent answers its one
 * field, `reply`, at once) is put at src/providers/echo/ and named in src/providers/registry.ts
 * (its import and its line), and nothing else changes (the copy, shared with new-kind and
 * new-policy-kind, also holds their one folder and one line each: support/fixture-copy.ts). It then
 * runs in the CLI (its --provider choice and its own flag), through the API in Node, and in the
 * built page (the picker offers it, its field's input sets its reply, the run ends done with that
 * reply in its answer), and in every other command that takes --provider: `swarm bench`, `swarm route --run` and `swarm fork` after
 * the fork point. Bad input is refused naming the field: an unknown kind, another provider's
 * field, a key in the request, in each command.
 */

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../src/core/trace/events';
import { withoutWallClock } from '../../src/core/trace/jsonl';
import { cliRunner } from '../support/cli';
import {
  addedLines,
  changedFiles,
  fixtureBuild,
  fixtureCopy,
  fixturesFiles,
  folderMatches,
  PROVIDER,
} from './support/fixture-copy';
import { freshProfile } from './support/fresh-profile';
import { copyTraceLines } from './support/repo-copy';
import { serveStatic } from './support/static-server';

const root = join(import.meta.dirname, '../..');
const REPLY = 'Echoed from the fixture provider';

let copy: string;

function run(args: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  return spawnSync(join(root, 'node_modules/.bin/tsx'), args, {
    cwd: copy,
    encoding: 'utf8',
    timeout: 60_000,
    env,
  });
}

/** The copy's CLI entry (its src/cli/main.ts `main`) in this process; paths given to it are absolute. */
async function copyCli() {
  const { main } = (await import(join(copy, 'src/cli/main.ts'))) as typeof import('../../src/cli/main');
  return cliRunner(main);
}

beforeAll(async () => {
  // The copy is shared with new-kind and new-policy-kind (support/fixture-copy.ts): the other two
  // fixtures are in it too, and nothing else.
  copy = await fixtureCopy();
}, 600_000);

const traceLines = (file: string) => copyTraceLines(copy, file);

describe('a new provider, one folder and one entry in the registry', () => {
  it('is one folder and one entry: its import and its line, and the copy differs in nothing else', () => {
    expect(folderMatches(copy, PROVIDER)).toBe(true);
    expect(addedLines(copy, PROVIDER)).toEqual(["import { echo } from './echo/provider';", '  echo,']);
    expect(changedFiles(copy)).toEqual(fixturesFiles());
  });

  it('runs in the CLI: its --provider choice and its own flag, and a request file naming it', () => {
    const flags = run([
      'src/cli/main.ts',
      'run',
      '--scenario',
      'wide-search',
      '--size',
      '10',
      '--provider',
      'echo',
      '--reply',
      REPLY,
      '--trace',
      'echo.jsonl',
    ]);
    expect(flags.status, flags.stderr).toBe(0);
    // The agents answered with the provider's field: the run's graded answer is made of it.
    expect(flags.stdout).toMatch(new RegExp(`answer:\\n[\\s\\S]*${REPLY}`));
    const lines = readFileSync(join(copy, 'echo.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0].provider).toContain('echo');
    expect(lines.find((e) => e.type === 'run.finished')?.reason).toBe('completed');
    expect(lines.find((e) => e.type === 'run.graded')?.answer).toContain(REPLY);

    writeFileSync(
      join(copy, 'echo-request.json'),
      JSON.stringify({ scenario: 'wide-search', size: 10, provider: { kind: 'echo', reply: REPLY } }),
    );
    const file = run(['src/cli/main.ts', 'run', '--request', 'echo-request.json', '--json']);
    expect(file.status, file.stderr).toBe(0);
    const status = JSON.parse(file.stdout);
    expect(status.state).toBe('done');
    expect(status.runs[0].task.provider).toEqual({ kind: 'echo', reply: REPLY });

    // Its help names it and its flag, from the registry.
    const help = run(['src/cli/main.ts', 'run', '--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toMatch(/echo: every agent answers --reply at once/);
    expect(help).toContain('--reply TEXT with --provider echo: the answer every agent gives');
    expect(help).toContain('(simulated | openai | echo)');
  }, 120_000);

  it('refuses bad input naming the field, exit 2, in every CLI command that takes --provider', async () => {
    // The copy's own CLI entry (`main` of its src/cli/main.ts, what its process runs), called in
    // this process: eighteen refusals as processes were 18 tsx starts, about 25 s, for words that
    // are decided before any process matters. The exit code a process gets is proven above.
    const cli = await copyCli();
    const refused = async (args: readonly string[]) => {
      const result = await cli(['run', ...args]);
      return { status: result.code, text: result.stderr };
    };
    const write = (name: string, request: unknown) => {
      writeFileSync(join(copy, name), JSON.stringify(request));
      return join(copy, name);
    };
    // An unknown kind: the list it is not one of includes the new provider.
    let r = await refused([
      '--request',
      write('unknown.json', { scenario: 'wide-search', provider: { kind: 'echoo' } }),
    ]);
    expect(r.status).toBe(2);
    expect(r.text).toContain('provider.kind must be one of simulated, webllm, openai, echo, not "echoo"');
    // A field of another provider.
    r = await refused([
      '--request',
      write('other.json', {
        scenario: 'wide-search',
        provider: { kind: 'echo', endpoint: 'http://localhost:1/v1' },
      }),
    ]);
    expect(r.status).toBe(2);
    expect(r.text).toContain('provider.endpoint is a field of openai, not of echo (it takes reply)');
    // A key in the request itself.
    r = await refused([
      '--request',
      write('key.json', { scenario: 'wide-search', provider: { kind: 'echo', apiKey: 'sk-x' } }),
    ]);
    expect(r.status).toBe(2);
    expect(r.text).toContain('provider.apiKey: a key is never part of a run request');
    expect(r.text).not.toContain('sk-x');
    // Its own field, checked by its declaration; and another provider's flag.
    r = await refused(['--scenario', 'wide-search', '--provider', 'echo', '--reply', 'x'.repeat(201)]);
    expect(r.status).toBe(2);
    expect(r.text).toContain('--reply: invalid task: provider.reply is longer than 200 characters');
    r = await refused([
      '--scenario',
      'wide-search',
      '--provider',
      'echo',
      '--endpoint',
      'http://localhost:1/v1',
    ]);
    expect(r.status).toBe(2);
    expect(r.text).toMatch(/--endpoint.*openai/);
    r = await refused(['--scenario', 'wide-search', '--reply', 'hi']);
    expect(r.status).toBe(2);
    expect(r.text).toMatch(/--reply.*give --provider echo/);
    // The same in every command that takes --provider: an unknown one, another provider's flag,
    // its own flag without it, its field refused by its declaration.
    const commands = [
      ['bench', '--scenario', 'wide-search', '--policies', 'serial', '--seeds', '1'],
      ['route', "What's the capital of Australia?", '--run'],
      ['fork', '--trace', join(copy, 'echo.jsonl'), '--at', '1', '--policy', 'serial'],
    ];
    for (const command of commands) {
      const refusedBy = (args: readonly string[]) => cli([...command, ...args]);
      let c = await refusedBy(['--provider', 'echoo']);
      expect(c.code, command[0]).toBe(2);
      expect(c.stderr).toContain('--provider must be one of simulated, openai, echo, got "echoo"');
      c = await refusedBy(['--provider', 'echo', '--endpoint', 'http://localhost:1/v1']);
      expect(c.code, command[0]).toBe(2);
      expect(c.stderr).toContain('--endpoint does not apply: it is a field of the openai provider');
      c = await refusedBy(['--provider', 'openai', '--reply', 'hi']);
      expect(c.code, command[0]).toBe(2);
      expect(c.stderr).toContain('--reply does not apply: it is a field of the echo provider');
      c = await refusedBy(['--provider', 'echo', '--reply', 'x'.repeat(201)]);
      expect(c.code, command[0]).toBe(2);
      expect(c.stderr).toContain('--reply: ');
      expect(c.stderr).toContain('provider.reply is longer than 200 characters');
    }
  }, 120_000);

  it('runs in swarm bench: its --provider choice and its own flag, every policy’s agents answered by it', () => {
    const r = run([
      ...['src/cli/main.ts', 'bench', '--scenario', 'wide-search', '--size', '10', '--seeds', '1'],
      ...['--policies', 'serial,heuristic', '--provider', 'echo', '--reply', REPLY],
      ...['--trace-dir', 'bench-traces', '--json'],
    ]);
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report.policies)).toEqual(['serial', 'heuristic']);
    // Every run's agents were the echo model: each trace names it, and its answer is the reply.
    for (const policy of ['serial', 'heuristic']) {
      const lines = traceLines(`bench-traces/wide-search-${policy}-seed1.jsonl`);
      expect(lines[0]?.provider).toBe('echo');
      expect(lines.find((e) => e.type === 'run.graded')?.answer).toContain(REPLY);
    }
    const help = run(['src/cli/main.ts', 'bench', '--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('--reply TEXT with --provider echo: the answer every agent gives');
    expect(help).toContain('(simulated | openai | echo)');
  }, 120_000);

  it("runs in swarm route --run: the Router's plan on your request, answered by it", () => {
    // A request the shipped router sends to a single agent (general): the echo model is that agent.
    const r = run([
      ...['src/cli/main.ts', 'route', "What's the capital of Australia?", '--run'],
      ...['--provider', 'echo', '--reply', REPLY, '--trace', 'route.jsonl', '--json'],
    ]);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.plan.topology).toBe('single');
    expect(out.run.answer).toContain(REPLY);
    const lines = traceLines('route.jsonl');
    const header = lines[0] as { provider: string; request?: { text: string } };
    expect(header.provider).toBe('echo');
    expect(header.request?.text).toBe("What's the capital of Australia?");
  }, 120_000);

  it('forks its run: its recorded replies up to the fork, then it answers with its flag', () => {
    const made = run([
      ...['src/cli/main.ts', 'run', '--scenario', 'wide-search', '--size', '30'],
      ...['--policy', 'fixed:one/medium', '--provider', 'echo', '--reply', REPLY, '--trace', 'one.jsonl'],
    ]);
    expect(made.status, made.stderr).toBe(0);
    const FORKED = 'Answered after the fork';
    const r = run([
      ...['src/cli/main.ts', 'fork', '--trace', 'one.jsonl', '--at', '3', '--policy', 'heuristic'],
      ...['--provider', 'echo', '--reply', FORKED, '--out', 'forked.jsonl', '--json'],
    ]);
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    const original = traceLines('one.jsonl');
    const forked = traceLines('forked.jsonl');
    // Event for event the same up to the fork (wall clock aside)…
    const bare = (lines: Record<string, unknown>[]) =>
      withoutWallClock(lines.slice(1, report.prefixEvents + 1) as unknown as TraceEvent[]);
    expect(report.prefixEvents).toBeGreaterThan(5);
    expect(bare(forked)).toEqual(bare(original));
    // …its recorded replies answered the attempts before it, the provider's flag the ones after.
    const replies = forked.filter((e) => e.type === 'llm.turn').map((e) => e.content);
    expect(replies).toContain(REPLY);
    expect(replies).toContain(FORKED);
    expect(forked.find((e) => e.type === 'run.graded')?.answer).toContain(FORKED);
    // Without --provider, the fork says who may answer after it: the new provider and its flag.
    const bareFork = run([
      'src/cli/main.ts',
      'fork',
      '--trace',
      'one.jsonl',
      '--at',
      '3',
      '--policy',
      'heuristic',
    ]);
    expect(bareFork.status).toBe(2);
    expect(bareFork.stderr).toContain('or echo with --reply TEXT');
  }, 120_000);

  it('runs through the API in Node', () => {
    const script = `
      import { nodeProviders } from './src/adapters/node/node-providers';
      import { createSwarmApi } from './src/api/api';
      const api = createSwarmApi({ providers: nodeProviders });
      const id = await api.create({ scenario: 'wide-search', seed: 2, size: 10, provider: { kind: 'echo', reply: ${JSON.stringify(REPLY)} } });
      let answer = '';
      for await (const e of api.events(id)) if (e.type === 'run.graded') answer = e.answer ?? '';
      const status = await api.wait(id);
      const refusals = [];
      for (const provider of [{ kind: 'echoo' }, { kind: 'echo', model: 'm' }, { kind: 'echo', token: 't' }]) {
        try { await api.create({ scenario: 'wide-search', provider }); } catch (e) { refusals.push(e.field); }
      }
      console.log(JSON.stringify({ state: status.state, provider: status.runs[0].header.provider, answer: answer.includes(${JSON.stringify(REPLY)}), refusals }));
    `;
    writeFileSync(join(copy, 'api-run-echo.mts'), script);
    const result = run(['api-run-echo.mts']);
    expect(result.status, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out).toMatchObject({
      state: 'done',
      answer: true,
      refusals: ['provider.kind', 'provider.model', 'provider.token'],
    });
    expect(out.provider).toContain('echo');
  }, 60_000);

  it('runs in the built page: the picker offers it, its field sets the reply, the run ends done', async () => {
    const server = await serveStatic(await fixtureBuild(), '/app/');
    const profile = await freshProfile();
    try {
      const { page } = profile;
      await page.goto(`${server.url}#view=run&scenario=wide-search&size=10`);
      await page.selectOption('[data-testid="provider-select"]', 'echo');
      await page.fill('[data-testid="provider-field-echo-reply"]', REPLY);
      await page.press('[data-testid="provider-field-echo-reply"]', 'Tab');
      expect(await page.textContent('[data-testid="provider-status"]')).toContain('Echo (canned answers)');
      await page.click('[data-testid="run-button"]');
      await page.waitForSelector('[data-testid="run-status"]:text-is("done")', { timeout: 60_000 });
      // The agents answered with the field's text: the answer shown is made of it.
      expect(await page.textContent('[data-testid="run-answer"]')).toContain(REPLY);
      // The link keeps it, under the providers' own fields.
      expect(decodeURIComponent(await page.evaluate(() => location.hash))).toContain('provider=echo');
      expect(profile.errors).toEqual([]);
    } finally {
      await profile.close();
      await server.close();
    }
    // An upper bound, not a speed check: the first page test to get here builds the shared copy,
    // which took over 3 minutes at load 30.
  }, 600_000);
});
