/**
 * The library build, from Node: `npm run build:lib` once, then a plain `node` process imports
 * `swarmflight/api` through package.json `exports` (drive-library.mjs) and drives two swarms
 * through the documented API. This checks what it reports: the second task, agents while the
 * swarm runs, completion with metrics, a terminate mid-run that leaves no task or work item open,
 * and the typed refusals.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentInfo, SwarmEvent, SwarmStatus } from '../../src/api/types';
import { withLibraryBuild } from '../support/library-build';

interface Refusal {
  typed: boolean;
  code: string;
  field: string | null;
  message: string;
}

interface Report {
  exports: string[];
  second: number;
  during: { agents: AgentInfo[]; status: SwarmStatus } | null;
  done: SwarmStatus;
  doneAgents: AgentInfo[];
  beforeTerminate: { agents: AgentInfo[]; status: SwarmStatus } | null;
  terminated: SwarmStatus;
  terminatedAgents: AgentInfo[];
  terminatedEvents: SwarmEvent[];
  errors: Record<'unknownId' | 'invalidTask' | 'submitAfterTerminate' | 'terminateAgain', Refusal | null>;
  statusAfterRefusals: SwarmStatus;
  swarms: string[];
}

let report: Report;
/** Whether the build wrote the module and its declarations. */
let built: boolean[] = [];

beforeAll(async () => {
  report = await withLibraryBuild((root) => {
    const out = execFileSync(process.execPath, ['tests/api/drive-library.mjs'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    // Read while the build is ours: another test file may rebuild dist-lib once it is released.
    built = [existsSync(`${root}dist-lib/api.js`), existsSync(`${root}dist-lib/types/src/api/node.d.ts`)];
    return JSON.parse(out) as Report;
  });
}, 240_000);

describe('the library build, imported from Node', () => {
  it('is an ES module with type declarations, named in package.json exports', () => {
    expect(built).toEqual([true, true]);
    expect(report.exports).toEqual(
      expect.arrayContaining([
        'create',
        'status',
        'submit',
        'agents',
        'terminate',
        'events',
        'SwarmApiError',
      ]),
    );
  });

  it('lists agents while the swarm runs: an orchestrator and running subagents with capabilities', () => {
    expect(report.second).toBe(1);
    const during = report.during;
    expect(during, 'no subagent was ever seen running').not.toBeNull();
    if (!during) return;
    expect(during.status.state).toBe('running');
    expect(during.status.tasks.submitted).toBe(2);
    const running = during.agents.filter((a) => a.role === 'subagent' && a.state === 'running');
    expect(running.length).toBeGreaterThan(0);
    for (const agent of running) {
      expect(agent.currentTask).toMatch(/^rows-/);
      expect(agent.profile).toBe('medium');
      expect(agent.capabilities.tools).toEqual(expect.arrayContaining(['search', 'open']));
    }
    const orchestrator = during.agents.find((a) => a.role === 'orchestrator');
    expect(orchestrator?.capabilities.actions).toContain('spawn');
    expect(orchestrator?.state).toBe('running');
  });

  it('awaits completion: both tasks done, metrics present', () => {
    const { done } = report;
    expect(done.state).toBe('done');
    expect(done.tasks).toMatchObject({ submitted: 2, done: 2, running: 0, queued: 0, failed: 0 });
    expect(done.finishedAt).toBeGreaterThanOrEqual(done.startedAt);
    for (const run of done.runs) {
      expect(run.state).toBe('done');
      expect(run.metrics.criticalSteps).toBeGreaterThan(0);
      expect(run.metrics.itemF1).toBeGreaterThan(0.5);
      expect(run.metrics.tokensIn).toBeGreaterThan(0);
      expect(run.final?.criticalSteps).toBe(run.metrics.criticalSteps);
      expect(run.items.done).toBe(run.items.total);
    }
    expect(done.metrics.graded).toBe(2);
    expect(done.metrics.quality).toBeGreaterThan(0.5);
    // Both runs' agents, each ended, with what they did counted from the trace.
    const agents = report.doneAgents;
    expect(new Set(agents.map((a) => a.run))).toEqual(new Set([0, 1]));
    expect(agents.filter((a) => a.role === 'orchestrator').map((a) => a.state)).toEqual(['done', 'done']);
    const subagents = agents.filter((a) => a.role === 'subagent');
    expect(subagents.every((a) => a.state === 'done' && a.currentTask === null)).toBe(true);
    expect(subagents.every((a) => a.counters.turns > 0 && a.counters.tokens > 0)).toBe(true);
    expect(subagents.reduce((n, a) => n + a.counters.toolCalls, 0)).toBe(
      done.runs.reduce((n, r) => n + r.metrics.toolCalls, 0),
    );
  });

  it('terminates a swarm mid-run: every task and work item ends in one terminal state', () => {
    expect(report.beforeTerminate?.status.state).toBe('running');
    const { terminated } = report;
    expect(terminated.state).toBe('terminated');
    expect(terminated.finishedAt).toBeDefined();
    expect(terminated.tasks).toMatchObject({ submitted: 2, terminated: 2, running: 0, queued: 0 });
    for (const run of terminated.runs) {
      const { total, done, failed, skipped, cancelled } = run.items;
      expect(run.items.running + run.items.waiting).toBe(0);
      expect(done + failed + skipped + cancelled).toBe(total);
    }
    // The running run saw the abort: each of its work items was cancelled or had ended, once.
    const ends = report.terminatedEvents.filter(
      (e) =>
        e.run === 0 &&
        (e.type === 'task.cancelled' || e.type === 'task.finished' || (e.type === 'task.failed' && e.final)),
    );
    const ended = ends.map((e) => (e as { task: string }).task);
    expect(new Set(ended).size).toBe(ended.length);
    expect(ended.length).toBe(terminated.runs[0]?.items.total);
    const finished = report.terminatedEvents.filter((e) => e.type === 'run.finished');
    expect(finished.map((e) => (e as { reason: string }).reason)).toEqual(['aborted']);
    // The queued task never started: no event of it.
    expect(report.terminatedEvents.some((e) => e.run === 1)).toBe(false);
    expect(report.terminatedAgents.every((a) => a.state !== 'running' && a.state !== 'idle')).toBe(true);
  });

  it('refuses bad calls with a typed error and changes nothing', () => {
    const { unknownId, invalidTask, submitAfterTerminate, terminateAgain } = report.errors;
    expect(unknownId).toMatchObject({ typed: true, code: 'unknown-swarm' });
    expect(invalidTask).toMatchObject({ typed: true, code: 'invalid-task', field: 'size' });
    expect(invalidTask?.message).toContain('10…200');
    expect(submitAfterTerminate).toMatchObject({ typed: true, code: 'terminated' });
    expect(terminateAgain).toMatchObject({ typed: true, code: 'terminated' });
    expect(report.statusAfterRefusals.tasks.submitted).toBe(2);
    expect(report.statusAfterRefusals.state).toBe('terminated');
    // The refused create made no swarm.
    expect(report.swarms).toEqual(['swarm-1', 'swarm-2']);
  });
});
