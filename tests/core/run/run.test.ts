import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../../src/adapters/node/node-sandbox';
import { heuristicPolicy } from '../../../src/core/policy/heuristic';
import { serialPolicy } from '../../../src/core/policy/serial';
import { simulatedProvider } from '../../../src/core/providers/simulated';
import { runScenario } from '../../../src/core/run/run';
import { loadPlayers } from '../../../src/core/scenarios/players';
import type { TaskScenarioSpec } from '../../../src/core/scenarios/registry';
import { scenarioKinds } from '../../../src/core/scenarios/registry';
import type { ProfileSpec } from '../../../src/core/scenarios/spec-types';
import { encodeTrace, withoutWallClock } from '../../../src/core/trace/jsonl';
import { loadProfiles, loadSpec } from '../../support/scenarios';

// Every kind's players, loaded once (each kind loads its own: scenarios/players.ts).
const players = await loadPlayers();

const profiles = loadProfiles();

function provider(profs: Record<string, ProfileSpec> = profiles) {
  return simulatedProvider({
    profiles: Object.fromEntries(
      Object.entries(profs).map(([n, p]) => [
        n,
        { model: p.models.simulated as string, contextWindow: p.contextWindow, simulator: p.simulator },
      ]),
    ),
    players: players,
  });
}

async function run(
  spec: TaskScenarioSpec,
  seed: number,
  size: number,
  policy = heuristicPolicy,
  clockStep = 0,
) {
  const kind = scenarioKinds[spec.kind];
  let now = 0;
  return runScenario({
    kind,
    spec,
    instance: kind.generate(spec, seed, size),
    policy,
    profiles,
    provider: provider(),
    ports: { sandbox: nodeSandbox },
    clock: { now: () => (now += clockStep) },
  });
}

describe('runScenario', () => {
  it.each([
    ['wide-search', 12],
    ['deep-search', 3],
    ['mixed-coding', 4],
  ] as const)('gives %s the same trace for the same seed, wall-clock apart', async (id, size) => {
    const spec = loadSpec(id, id);
    const a = await run(spec, 7, size, heuristicPolicy, 0);
    const b = await run(spec, 7, size, heuristicPolicy, 3);
    expect(b.events.some((e) => e.wallMs > 0)).toBe(true);
    expect(withoutWallClock(b.events)).toEqual(withoutWallClock(a.events));
    expect(encodeTrace(b.header, [])).toBe(encodeTrace(a.header, []));
    const c = await run(spec, 8, size, heuristicPolicy, 0);
    expect(withoutWallClock(c.events)).not.toEqual(withoutWallClock(a.events));
  });

  it('records each subagent turn and tool call in the trace, within its attempt', async () => {
    const result = await run(loadSpec('wide-search', 'wide-search'), 1, 12);
    const started = new Map<string, number>();
    const finished = new Map<string, number>();
    for (const e of result.events) {
      if (e.type === 'task.started') started.set(e.task, e.t);
      if (e.type === 'task.finished') finished.set(e.task, e.t);
    }
    const turns = result.events.filter((e) => e.type === 'llm.turn');
    expect(turns).toHaveLength(result.metrics.totalSteps);
    for (const e of turns) {
      if (e.type !== 'llm.turn') continue;
      expect(e.t).toBeGreaterThan(started.get(e.task as string) as number);
      expect(e.t).toBeLessThanOrEqual(finished.get(e.task as string) as number);
    }
    expect(result.events.filter((e) => e.type === 'tool.call').length).toBeGreaterThanOrEqual(24);
  });

  it('names each profile with its model and content hash in the header', async () => {
    const result = await run(loadSpec('deep-search', 'deep-search'), 1, 2);
    const header = result.header.profiles as Record<string, { model: string; hash: string }>;
    expect(Object.keys(header)).toEqual(['small', 'medium', 'large']);
    expect(header.large?.model).toBe('sim-large');
    expect(new Set(Object.values(header).map((p) => p.hash)).size).toBe(3);
    expect(result.header.scenario).toEqual({
      id: 'deep-search',
      kind: 'deep-search',
      title: expect.any(String),
    });
  });

  it('fails a task whose agent overflows its context window, and the run goes on to a grade', async () => {
    const spec = loadSpec('wide-search', 'wide-search');
    const kind = scenarioKinds[spec.kind];
    const result = await runScenario({
      kind,
      spec,
      instance: kind.generate(spec, 1, 40),
      policy: serialPolicy,
      profiles,
      provider: provider(),
      context: { name: 'keep-all' },
    });
    const failed = result.events.filter((e) => e.type === 'task.failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]?.type === 'task.failed' && failed[0].error).toMatch(/context window exceeded/);
    expect(result.metrics.itemF1).toBe(0);
    expect(result.events.at(-1)?.type).toBe('run.finished');
  });

  it('refuses an unknown profile before any agent runs', async () => {
    const spec = loadSpec('deep-search', 'deep-search');
    const kind = scenarioKinds[spec.kind];
    await expect(
      runScenario({
        kind,
        spec,
        instance: kind.generate(spec, 1, 2),
        policy: heuristicPolicy,
        profiles,
        provider: provider(),
        profile: 'huge',
      }),
    ).rejects.toThrow(/no profile "huge"/);
  });
});
