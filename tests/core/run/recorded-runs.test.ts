import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../../src/adapters/node/node-sandbox';
import { llmPolicyFor } from '../../../src/core/policy/llm/llm-policy';
import type { Policy } from '../../../src/core/policy/types';
import type { Provider } from '../../../src/core/providers/types';
import { replayRun } from '../../../src/core/run/replay';
import type { TraceEvent } from '../../../src/core/trace/events';
import type { TraceHeader } from '../../../src/core/trace/header';
import { decodeTrace, encodeTrace } from '../../../src/core/trace/jsonl';
import { runCli } from '../../support/cli';
import { OWN_STORY, ownRequestRun } from '../../support/own-request-run';
import { loadProfiles, loadSpec } from '../../support/scenarios';
import { WIRE_HABITS } from '../../support/wire-habits';

/**
 * Issue 58, item 6: a real model's run is kept whole in its trace, so it can be made again with
 * no model (providers/replay.ts, core/run/replay.ts, `swarm replay`), and a recorded run is a
 * regression test: the runs under tests/fixtures/recorded (scripts/record-runs.ts: the user's own
 * request on a model behind a loopback OpenAI-compatible server, one per wire habit) must come out
 * of today's code event for event.
 */
const RECORDED = join(import.meta.dirname, '../../fixtures/recorded');
const files = readdirSync(RECORDED).filter((f) => f.endsWith('.jsonl'));
const profiles = loadProfiles();
const spec = loadSpec('write-story', 'write-story');

function read(file: string) {
  const decoded = decodeTrace(readFileSync(join(RECORDED, file), 'utf8'));
  if (!decoded.ok) throw new Error(`${file}: not a trace`);
  return decoded;
}

const replay = (
  header: TraceHeader,
  events: readonly TraceEvent[],
  policy = async (p: Provider): Promise<Policy> => llmPolicyFor(p, profiles),
) =>
  replayRun({
    header,
    events,
    scenario: { type: 'task', spec },
    profiles,
    policy,
    ports: { sandbox: nodeSandbox },
  });

describe('recorded real-model runs', () => {
  it('are kept: one per wire habit, each of the user’s own request on an endpoint', () => {
    expect(files.sort()).toEqual(WIRE_HABITS.map((h) => `own-request-${h}.jsonl`).sort());
    for (const file of files) {
      const { header, events } = read(file);
      expect(header.provider).toBe('openai');
      expect(header.request?.text).toBe(OWN_STORY);
      expect(events.filter((e) => e.type === 'llm.turn').length).toBeGreaterThan(5);
    }
  });

  it.each(files)('%s comes out of today’s code event for event', async (file) => {
    const { header, events } = read(file);
    const result = await replay(header, events);
    expect(result.difference).toBeUndefined();
    expect(result.unused).toBe(0);
    expect(result.missing).toEqual([]);
  });

  it('names the first event where the run parts when a reply was edited', async () => {
    const { header, events } = read(files[0] as string);
    // The orchestrator's first assignment, pointed at another work item.
    const at = events.findIndex(
      (e) => e.type === 'tool.call' && e.tool === 'assign_task' && e.ok && e.caller === 'orchestrator',
    );
    const edited = events.map((e, i) =>
      i === at && e.type === 'tool.call'
        ? { ...e, args: { ...(e.args as object), prompt: '[writer-3] x' } }
        : e,
    );
    const result = await replay(header, edited);
    expect(result.difference?.index).toBe(at);
  });

  it('fails `replay --check` when today’s code decides otherwise from the same replies', async () => {
    const { header, events } = read(files[0] as string);
    // A change to the orchestrator's code that drops the last action of its first assigning decision.
    const changed = async (p: Provider): Promise<Policy> => {
      const policy = llmPolicyFor(p, profiles);
      let done = false;
      return {
        ...policy,
        decide(view) {
          const actions = policy.decide(view);
          if (done || !actions.some((a) => a.type === 'assign')) return actions;
          done = true;
          return actions.slice(0, -1);
        },
      };
    };
    const result = await replay(header, events, changed);
    expect(result.difference).toBeDefined();
    expect(result.difference?.recorded?.type).toBe('orchestrator.step');
  });

  it('`swarm replay --check` passes on a recorded run and fails, exit 1, on an edited one', async () => {
    const file = join(RECORDED, files[0] as string);
    const ok = await runCli(['replay', '--trace', file, '--check']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('identical to the recorded run');
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    const { header, events } = read(files[0] as string);
    const last = events.reduce(
      (at, e, i) => (e.type === 'llm.turn' && e.subagent !== 'orchestrator' ? i : at),
      -1,
    );
    const edited = events.map((e, i) =>
      i === last && e.type === 'llm.turn' ? { ...e, 'gen_ai.usage.output_tokens': 999 } : e,
    );
    writeFileSync(join(dir, 'edited.jsonl'), encodeTrace(header, edited));
    const bad = await runCli(['replay', '--trace', join(dir, 'edited.jsonl'), '--check']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/today's code makes another run from the same replies: event \d+ was/);
  });

  it('refuses a trace with no model replies, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    const { header, events } = read(files[0] as string);
    const bare = events
      .filter((e) => e.type !== 'llm.turn' && e.type !== 'tool.call')
      .map((e, seq) => ({ ...e, seq }));
    writeFileSync(join(dir, 'bare.jsonl'), encodeTrace(header, bare));
    const r = await runCli(['replay', '--trace', join(dir, 'bare.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('holds no model replies');
  });
});

describe('the user’s own request on an endpoint, whatever the server’s wire habit', () => {
  it.each(WIRE_HABITS)('%s: runs to the team’s one merged answer, and replays identically', async (habit) => {
    const run = await ownRequestRun(habit);
    expect(run.reason).toBe('completed');
    expect(run.answer).toMatch(/^TEAM ANSWER by Continuity Editor/);
    const graded = run.events.find((e) => e.type === 'run.graded');
    expect(graded).toMatchObject({ success: true, itemF1: 1, answer: run.answer });
    const again = await replay(run.header, run.events);
    expect(again.difference).toBeUndefined();
  });
});
