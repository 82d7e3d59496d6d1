import { describe, expect, it } from 'vitest';
import { type LoggedRun, labelQueries, readLoggedRun } from '../../../src/core/router/logged-runs';
import type { TraceEvent } from '../../../src/core/trace/events';
import type { TraceHeader } from '../../../src/core/trace/header';

const header = (over: Partial<TraceHeader> = {}) =>
  ({
    schema: 'swarmflight.trace/1',
    scenario: { id: 'wide-search', kind: 'wide-search' },
    seed: 1,
    policy: 'heuristic',
    provider: 'simulated',
    profiles: ['medium'],
    query: 'Fill in a table',
    budgets: {},
    join: 'async',
    mainStepCost: 1,
    failurePolicy: 'skip-dependents',
    onBudgetExhausted: 'cancel',
    retry: {},
    ...over,
  }) as TraceHeader;

const finished = (metrics: Record<string, number>): TraceEvent[] => [
  { seq: 0, t: 0, wallMs: 0, type: 'run.started', workers: 1, tasks: [] },
  { seq: 1, t: 5, wallMs: 1, type: 'run.finished', reason: 'completed', metrics },
];

const run = (
  query: string,
  topology: 'single' | 'swarm',
  reward: number,
  itemF1: number,
  criticalSteps = 10,
) => ({ query, choice: { topology, workflow: 'wide-search' }, reward, itemF1, criticalSteps }) as LoggedRun;

describe('readLoggedRun', () => {
  const metrics = { reward: 0.5, itemF1: 0.75, criticalSteps: 9 };

  it('reads serial as a single agent and any other policy as a swarm, the kind as the workflow', () => {
    expect(readLoggedRun(header(), finished(metrics))).toEqual({
      ok: true,
      run: { query: 'Fill in a table', choice: { topology: 'swarm', workflow: 'wide-search' }, ...metrics },
    });
    const serial = readLoggedRun(
      header({ policy: 'serial', scenario: { id: 'd', kind: 'deep-search' } }),
      finished(metrics),
    );
    expect(serial.ok && serial.run.choice).toEqual({ topology: 'single', workflow: 'deep-search' });
  });

  it('skips graph runs, traces without a query or an end, and unknown kinds, saying why', () => {
    expect(readLoggedRun(header({ scenario: { id: 'g', kind: 'graph' } }), finished(metrics))).toEqual({
      ok: false,
      skip: 'graph',
    });
    expect(readLoggedRun(header({ query: undefined }), finished(metrics))).toEqual({
      ok: false,
      skip: 'no-query',
    });
    expect(readLoggedRun(header({ query: '  ' }), finished(metrics))).toEqual({
      ok: false,
      skip: 'no-query',
    });
    expect(readLoggedRun(header(), finished(metrics).slice(0, 1))).toEqual({ ok: false, skip: 'unfinished' });
    expect(readLoggedRun(header(), finished({ itemF1: 1, criticalSteps: 3 }))).toEqual({
      ok: false,
      skip: 'unfinished',
    });
    expect(
      readLoggedRun(header({ scenario: { id: 'x', kind: 'orchestration' } }), finished(metrics)),
    ).toEqual({
      ok: false,
      skip: 'unknown-kind',
    });
  });

  it('reads a general run as the general workflow: a kind like the others (it was skipped)', () => {
    const reading = readLoggedRun(
      header({ scenario: { id: 'general', kind: 'general' } }),
      finished(metrics),
    );
    expect(reading.ok && reading.run.choice).toEqual({ topology: 'swarm', workflow: 'general' });
  });
});

describe('readLoggedRun on the scenarios that charge for cost', () => {
  // quality 0.8 at twice the reference cost with λ = 0.1: reward 0.8 − 0.1·2 = 0.6.
  const costed = { quality: 0.8, cost: 0.02, normalizedCost: 2, reward: 0.6, itemF1: 0.8, criticalSteps: 7 };

  it('accepts the write-story, teach-explain and rag-qa kinds as workflows', () => {
    for (const kind of ['write-story', 'teach-explain', 'rag-qa']) {
      const reading = readLoggedRun(
        header({ scenario: { id: kind, kind }, policy: 'serial' }),
        finished(costed),
      );
      expect(reading.ok && reading.run.choice, kind).toEqual({ topology: 'single', workflow: kind });
    }
  });

  it('learns from the logged reward, quality less its cost, not from the quality alone', () => {
    const reading = readLoggedRun(
      header({ scenario: { id: 'te', kind: 'teach-explain' } }),
      finished(costed),
    );
    expect(reading).toEqual({
      ok: true,
      run: {
        query: 'Fill in a table',
        choice: { topology: 'swarm', workflow: 'teach-explain' },
        reward: 0.6,
        itemF1: 0.8,
        criticalSteps: 7,
      },
    });
  });

  it('takes quality as the tie-break score where a trace has no item-F1', () => {
    const { itemF1: _, ...noItemF1 } = costed;
    const reading = readLoggedRun(header({ scenario: { id: 'rq', kind: 'rag-qa' } }), finished(noItemF1));
    expect(reading.ok && reading.run.itemF1).toBe(0.8);
  });
});

describe('labelQueries', () => {
  it('labels each query with the best mean reward, then item-F1, then fewer critical steps, when it ran often enough', () => {
    const thrice = (
      query: string,
      topology: 'single' | 'swarm',
      reward: number,
      itemF1: number,
      steps?: number,
    ) => [1, 2, 3].map(() => run(query, topology, reward, itemF1, steps));
    const labelled = labelQueries([
      // q1: the swarm's mean reward (0.5) beats the single agent's (0.4).
      ...thrice('q1', 'single', 0.4, 1),
      ...thrice('q1', 'swarm', 1, 0).slice(0, 2),
      ...thrice('q1', 'swarm', 0, 0).slice(0, 2),
      // q2: rewards tie at 0; item-F1 decides.
      ...thrice('q2', 'swarm', 0, 0.7),
      ...thrice('q2', 'single', 0, 0.9),
      // q3: reward and item-F1 tie; fewer critical steps decide.
      ...thrice('q3', 'single', 0, 0.5, 20),
      ...thrice('q3', 'swarm', 0, 0.5, 12),
    ]);
    expect(labelled.map((q) => [q.query, q.label])).toEqual([
      ['q1', 'swarm/wide-search'],
      ['q2', 'single/wide-search'],
      ['q3', 'swarm/wide-search'],
    ]);
    expect(labelled[0]?.arms['swarm/wide-search']).toEqual({
      runs: 4,
      reward: 0.5,
      itemF1: 0,
      criticalSteps: 10,
    });
  });

  it('labels a query run once per choice with the best choice of its workflow, not its luckiest draw', () => {
    // The swarm wins two of three queries by a little and loses the third badly: its mean is lower.
    const labelled = labelQueries([
      run('q1', 'swarm', 0.95, 1),
      run('q1', 'single', 0.9, 1),
      run('q2', 'swarm', 0.95, 1),
      run('q2', 'single', 0.9, 1),
      run('q3', 'swarm', 0.1, 0),
      run('q3', 'single', 0.9, 1),
    ]);
    expect(labelled.map((q) => q.label)).toEqual([
      'single/wide-search',
      'single/wide-search',
      'single/wide-search',
    ]);
    // Each query's own means are still reported.
    expect(labelled[0]?.arms['swarm/wide-search']?.reward).toBe(0.95);
  });

  it('breaks a complete tie by label order, whatever the order of the runs', () => {
    const a = run('q', 'swarm', 0, 0.5);
    const b = run('q', 'single', 0, 0.5);
    expect(labelQueries([a, b])[0]?.label).toBe('single/wide-search');
    expect(labelQueries([b, a])[0]?.label).toBe('single/wide-search');
  });
});
