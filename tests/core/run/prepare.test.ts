import { describe, expect, it, vi } from 'vitest';
import diamond from '../../../scenarios/graphs/diamond.json';
import { lowerBound } from '../../../src/core/graph/cpm';
import { prepareRun } from '../../../src/core/run/prepare';
import { runFromSetup } from '../../../src/core/run/subagent-setup';
import { scenarioKinds } from '../../../src/core/scenarios/registry';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const profiles = loadProfiles();
const wide = loadSpec('wide-search', 'wide-search');

describe('prepareRun, the composition root of a run', () => {
  it('applies the overrides on top of the scenario file and keeps what they leave alone', () => {
    const run = prepareRun({
      scenario: { type: 'task', spec: wide },
      seed: 3,
      size: 24,
      profiles,
      overrides: { join: 'barrier', budgets: { maxConcurrentSubagents: 2 }, profile: 'small' },
    });
    expect(run.config.join).toBe('barrier');
    expect(run.config.budgets.maxConcurrentSubagents).toBe(2);
    expect(run.config.defaultProfile).toBe('small');
    expect(run.spec.budgets).toMatchObject({ ...wide.budgets, maxConcurrentSubagents: 2 });
    expect(run.instance.size).toBe(24);
    expect(run.graph.n).toBe(run.plan.tasks.length);
    expect(run.query.length).toBeGreaterThan(0);
  });

  it('builds the instance and plan once, and the tools only when asked', () => {
    const kind = scenarioKinds['wide-search'];
    const generate = vi.spyOn(kind, 'generate');
    const plan = vi.spyOn(kind, 'plan');
    const tools = vi.spyOn(kind, 'tools');
    const run = prepareRun({ scenario: { type: 'task', spec: wide }, seed: 1, profiles });
    // The swarm plan, and the single plan once for the query a model orchestrator is told.
    expect(generate).toHaveBeenCalledTimes(1);
    expect(plan).toHaveBeenCalledTimes(2);
    expect(tools).not.toHaveBeenCalled();
    run.tools({});
    expect(tools).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('gives the lower bound of the planned graph at the run’s concurrency, on demand', () => {
    const run = prepareRun({
      scenario: { type: 'task', spec: wide },
      seed: 2,
      profiles,
      overrides: { budgets: { maxConcurrentSubagents: 3 } },
    });
    const workers = Math.min(run.graph.n, 3);
    expect(run.lowerBound()).toBe(lowerBound(run.graph, workers, run.config.mainStepCost));
  });

  it('rebuilds the same run, byte for byte, from its plain setup (what a worker receives)', () => {
    const run = prepareRun({
      scenario: { type: 'task', spec: loadSpec('deep-search', 'deep-search') },
      seed: 5,
      plan: 'single',
      profiles,
      overrides: { context: { name: 'keep-all' } },
    });
    const again = runFromSetup(structuredClone(run.setup));
    expect(again.instance).toEqual(run.instance);
    expect(again.graph.ids).toEqual(run.graph.ids);
    expect(again.plan.mode).toBe('single');
    expect(again.context).toEqual({ name: 'keep-all' });
    expect(again.profileHashes).toEqual(run.profileHashes);
  });

  it('refuses an unknown profile and a bad context before any agent runs', () => {
    expect(() =>
      prepareRun({
        scenario: { type: 'task', spec: wide },
        seed: 1,
        profiles,
        overrides: { profile: 'huge' },
      }),
    ).toThrow('no profile "huge" (known: small, medium, large)');
    expect(() =>
      prepareRun({
        scenario: { type: 'task', spec: wide },
        seed: 1,
        profiles,
        overrides: { context: { name: 'nonsense' } as never },
      }),
    ).toThrow(/nonsense/);
  });

  it('validates a graph scenario and names it by its id unless told otherwise', () => {
    const run = prepareRun({ scenario: { type: 'graph', graph: diamond as never }, seed: 1 });
    expect(run.type).toBe('graph');
    expect(run.scenario).toEqual({ id: diamond.id, kind: 'graph' });
    expect(() =>
      prepareRun({
        scenario: {
          type: 'graph',
          graph: { kind: 'graph', id: 'loop', tasks: [{ id: 'a', steps: 1, deps: ['a'] }] },
        },
        seed: 1,
      }),
    ).toThrow(/a/);
  });
});
