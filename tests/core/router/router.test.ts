import { describe, expect, it } from 'vitest';
import { RecencyBandit } from '../../../src/core/router/bandit';
import { type Choice, defaultTopology, largerProfile } from '../../../src/core/router/choice';
import { trainNaiveBayes } from '../../../src/core/router/classifier';
import { type LoggedRun, readLoggedRun } from '../../../src/core/router/logged-runs';
import { baseDecision, type RouterModel, recordReward, routeQuery } from '../../../src/core/router/router';
import { trainRouter } from '../../../src/core/router/train';
import type { TraceEvent } from '../../../src/core/trace/events';
import type { TraceHeader } from '../../../src/core/trace/header';
import { createRng } from '../../../src/core/util/rng';

const wideQuery = 'Fill in a table with one row for each of: Ann Co; Bob Co; Cy Co; Dee Co';
const deepQuery = 'Who founded Vortex Lines, and where was that person born?';

const run = (query: string, choice: Choice, reward: number, itemF1 = 0.5): LoggedRun => ({
  query,
  choice,
  reward,
  itemF1,
  criticalSteps: 10,
});
const wideSwarm: Choice = { topology: 'swarm', workflow: 'wide-search' };
const wideSingle: Choice = { topology: 'single', workflow: 'wide-search' };
const deepSwarm: Choice = { topology: 'swarm', workflow: 'deep-search' };
const deepSingle: Choice = { topology: 'single', workflow: 'deep-search' };

describe('escalation', () => {
  it('climbs small → medium → large and stays at the top', () => {
    expect(largerProfile('small')).toBe('medium');
    expect(largerProfile('medium')).toBe('large');
    expect(largerProfile('large')).toBe('large');
  });

  it('escalates below the threshold only, to the next larger profile', () => {
    // No rule matches: confidence 0.3 < 0.5.
    expect(routeQuery(undefined, 'hello there')).toMatchObject({
      escalate: true,
      profile: 'large',
      confidence: 0.3,
    });
    expect(routeQuery(undefined, 'hello there', { profile: 'small' })).toMatchObject({
      escalate: true,
      profile: 'medium',
    });
    // One rule: 0.6 ≥ 0.5, no escalation; at a threshold of 0.7 there is.
    const q = 'What is the capital of France?';
    expect(routeQuery(undefined, q)).toMatchObject({ escalate: false, profile: 'medium', confidence: 0.6 });
    expect(routeQuery(undefined, q, { threshold: 0.7, profile: 'small' })).toMatchObject({
      escalate: true,
      profile: 'medium',
    });
    // At exactly the threshold: not below it.
    expect(routeQuery(undefined, q, { threshold: 0.6 }).escalate).toBe(false);
  });
});

describe('routeQuery', () => {
  it('uses the rules alone when untrained', () => {
    expect(routeQuery(undefined, wideQuery)).toEqual({
      topology: 'swarm',
      workflow: 'wide-search',
      confidence: expect.closeTo(0.8, 12),
      source: 'rules',
      taskType: 'wide-search',
      rules: ['for-each-of', 'table', 'many-items'],
      explored: false,
      escalate: false,
      profile: 'medium',
      // The rules' strength (0.8 for three agreeing votes) to their choice, the rest spread evenly
      // over the seven workflows no rule voted for, each at its default topology.
      candidates: [
        { topology: 'swarm', workflow: 'wide-search', p: expect.closeTo(0.8, 12) },
        ...(
          [
            'deep-search',
            'mixed-coding',
            'write-story',
            'teach-explain',
            'rag-qa',
            'compare-options',
          ] as const
        ).map((workflow) => ({
          topology: defaultTopology(workflow),
          workflow,
          p: expect.closeTo(0.2 / 7, 12),
        })),
        { topology: 'single', workflow: 'general', p: expect.closeTo(0.2 / 7, 12) },
      ],
    });
  });

  it('lets the bandit swap the choice for a better arm of the task type, keeping the confidence', () => {
    const classifier = trainNaiveBayes([{ text: 'unrelated words', label: 'swarm/general' }]);
    const bandit = new RecencyBandit();
    bandit.update('deep-search', 'single/deep-search', 1);
    const model: RouterModel = { classifier, bandit, trainedOn: { runs: 1, queries: 1 } };
    const r = routeQuery(model, deepQuery);
    expect(r).toMatchObject({
      topology: 'single',
      workflow: 'deep-search',
      source: 'bandit',
      taskType: 'deep-search',
    });
    expect(r.confidence).toBeCloseTo(0.6, 12);
    // Feedback moves the value: Q ← 0.1 + 0.1·(0 − 0.1).
    recordReward(model, r, 0);
    expect(bandit.value('deep-search', 'single/deep-search')).toBeCloseTo(0.09, 15);
  });

  it('explores only when given an Rng', () => {
    const classifier = trainNaiveBayes([{ text: 'unrelated words', label: 'swarm/general' }]);
    const bandit = new RecencyBandit({ epsilon: 1 });
    bandit.update('deep-search', 'swarm/deep-search', 1);
    bandit.update('deep-search', 'single/deep-search', 0);
    const model: RouterModel = { classifier, bandit, trainedOn: { runs: 2, queries: 1 } };
    expect(routeQuery(model, deepQuery).topology).toBe('swarm');
    const rng = createRng(3);
    const picks = Array.from({ length: 50 }, () => routeQuery(model, deepQuery, { rng }));
    expect(picks.some((p) => p.topology === 'single' && p.explored && p.source === 'bandit')).toBe(true);
  });
});

describe('trainRouter', () => {
  const runs = [
    run(wideQuery, wideSwarm, 1),
    run(wideQuery, wideSingle, 0),
    run(deepQuery, deepSwarm, 0, 0.4),
    run(deepQuery, deepSingle, 0, 0.9),
  ];

  it('labels, fits the classifier and summarises', () => {
    const { summary, labelled } = trainRouter(runs);
    expect(summary).toEqual({
      runs: 4,
      queries: 2,
      requests: 0,
      labels: { 'single/deep-search': 1, 'swarm/wide-search': 1 },
      trainingAccuracy: 1,
    });
    // Sorted by query text.
    expect(labelled.map((q) => q.label)).toEqual(['swarm/wide-search', 'single/deep-search']);
  });

  it('replays the runs through a rule-seeded bandit', () => {
    const { model } = trainRouter(runs);
    // The rules' choice starts at their confidence (0.8 wide, 0.6 deep), then Q ← Q + 0.1(r − Q).
    expect(model.bandit.table).toEqual({
      'wide-search': {
        'swarm/wide-search': { q: expect.closeTo(0.8 + 0.1 * (1 - 0.8), 12), n: 1 },
        'single/wide-search': { q: 0, n: 1 },
      },
      'deep-search': {
        'swarm/deep-search': { q: expect.closeTo(0.6 * 0.9, 12), n: 1 },
        'single/deep-search': { q: 0, n: 1 },
      },
    });
  });

  it('routes a training query by the classifier, and a new one by the rules and the bandit', () => {
    const { model } = trainRouter(runs);
    const wide = baseDecision(model, wideQuery);
    expect(wide).toMatchObject({ source: 'classifier', choice: wideSwarm });
    expect(wide.confidence).toBeGreaterThan(0.8);
    // The classifier has seen this query and the single agent do better on it: no bandit swap.
    expect(routeQuery(model, deepQuery)).toMatchObject({ source: 'classifier', topology: 'single' });
    expect(routeQuery(model, 'Brainstorm bakery slogans')).toMatchObject({
      source: 'rules',
      topology: 'peers',
      workflow: 'general',
    });
  });

  it('lets the bandit overturn the rules’ topology on a new query once evidence outweighs their seed', () => {
    const newDeep = 'Who created Zanzibar Widgets, and when was she born?';
    const evidence = (pairs: number) =>
      trainRouter(
        Array.from({ length: pairs }, () => [
          run(deepQuery, deepSingle, 1),
          run(deepQuery, deepSwarm, 0),
        ]).flat(),
      ).model;
    // After k pairs: Q(swarm) = 0.6·0.9^k (the rules' seed decaying), Q(single) = 1 − 0.9^k.
    const three = evidence(3);
    expect(three.bandit.value('deep-search', 'swarm/deep-search')).toBeCloseTo(0.6 * 0.9 ** 3, 12);
    expect(three.bandit.value('deep-search', 'single/deep-search')).toBeCloseTo(1 - 0.9 ** 3, 12);
    expect(routeQuery(three, newDeep)).toMatchObject({
      source: 'rules',
      topology: 'swarm',
      workflow: 'deep-search',
    });
    expect(routeQuery(evidence(5), newDeep)).toMatchObject({
      source: 'bandit',
      topology: 'single',
      workflow: 'deep-search',
      confidence: 0.6,
      rules: ['founded-born'],
    });
  });

  it('refuses to train on nothing', () => {
    expect(() => trainRouter([])).toThrow(/no runs and no labelled requests/);
  });

  it('fits the classifier on labelled requests too, alone or beside the runs, the bandit on runs only', () => {
    const requests = [
      { text: 'what does my lease say about pets', label: 'swarm/rag-qa' },
      { text: 'a bedtime tale about a shy dragon', label: 'swarm/write-story' },
    ];
    const alone = trainRouter([], { requests });
    expect(alone.summary).toEqual({
      runs: 0,
      queries: 0,
      requests: 2,
      labels: { 'swarm/rag-qa': 1, 'swarm/write-story': 1 },
      trainingAccuracy: 1,
    });
    expect(alone.model.bandit.table).toEqual({});
    expect(alone.model.examples).toEqual(requests);
    expect(routeQuery(alone.model, 'what does my lease say about pets')).toMatchObject({
      source: 'classifier',
      workflow: 'rag-qa',
    });
    const both = trainRouter(runs, { requests });
    expect(both.summary).toMatchObject({ runs: 4, queries: 2, requests: 2 });
    expect(both.model.trainedOn).toEqual({ runs: 4, queries: 4 });
    expect(both.model.classifier.classes).toEqual([
      'single/deep-search',
      'swarm/rag-qa',
      'swarm/wide-search',
      'swarm/write-story',
    ]);
  });
});

describe('the bandit on a lesson, from logged rewards that charge for cost', () => {
  const lessonQuery = 'Explain photosynthesis to a 10-year-old, with three quick questions at the end';
  const newLesson = 'Teach fractions to a class in grade 4, with exercises and answers';
  /** One teach-explain run as a trace reads: reward = quality − 0.1·normalizedCost. */
  const lessonRun = (policy: string, quality: number, normalizedCost: number): LoggedRun => {
    const header = {
      schema: 'swarmflight.trace/1',
      scenario: { id: 'teach-explain', kind: 'teach-explain' },
      policy,
      query: lessonQuery,
    } as unknown as TraceHeader;
    const metrics = {
      quality,
      normalizedCost,
      reward: quality - 0.1 * normalizedCost,
      itemF1: quality,
      criticalSteps: 9,
    };
    const events = [
      { seq: 0, t: 9, wallMs: 0, type: 'run.finished', reason: 'completed', metrics },
    ] as TraceEvent[];
    const reading = readLoggedRun(header, events);
    if (!reading.ok) throw new Error(`unread: ${reading.skip}`);
    return reading.run;
  };
  // The swarm writes a slightly better lesson at ten times the cost: 0.9 − 0.5 against 0.95 − 0.05.
  const pairs = (k: number) =>
    Array.from({ length: k }, () => [lessonRun('serial', 0.95, 0.5), lessonRun('heuristic', 0.9, 5)]).flat();

  it('moves a lesson to the single agent once its rewards outweigh the rules’ seed for the swarm', () => {
    // The rules' seed for swarm/teach-explain is their confidence on the logged query: explain (½)
    // and audience, min(0.9, 0.65). After k pairs Q(swarm) = 0.4 + (0.65 − 0.4)·0.9^k and
    // Q(single) = 0.9·(1 − 0.9^k): the single agent overtakes when 0.9^k < 0.5 / 1.15, at k = 8.
    const seven = trainRouter(pairs(7)).model;
    expect(seven.bandit.value('teach-explain', 'swarm/teach-explain')).toBeCloseTo(0.4 + 0.25 * 0.9 ** 7, 12);
    expect(seven.bandit.value('teach-explain', 'single/teach-explain')).toBeCloseTo(0.9 * (1 - 0.9 ** 7), 12);
    expect(routeQuery(seven, newLesson)).toMatchObject({
      source: 'rules',
      topology: 'swarm',
      workflow: 'teach-explain',
    });
    const eight = trainRouter(pairs(8)).model;
    expect(eight.bandit.value('teach-explain', 'single/teach-explain')).toBeGreaterThan(
      eight.bandit.value('teach-explain', 'swarm/teach-explain'),
    );
    const r = routeQuery(eight, newLesson);
    expect(r).toMatchObject({
      source: 'bandit',
      topology: 'single',
      workflow: 'teach-explain',
      taskType: 'teach-explain',
      rules: ['teach', 'audience', 'exercises'],
    });
    // The rules' confidence is kept: it is about what the task is, not how to run it.
    expect(r.confidence).toBeCloseTo(0.8, 12);
    // Feedback keeps learning per (task type, choice): Q ← Q + 0.1·(0 − Q).
    const before = eight.bandit.value('teach-explain', 'single/teach-explain');
    recordReward(eight, r, 0);
    expect(eight.bandit.value('teach-explain', 'single/teach-explain')).toBeCloseTo(0.9 * before, 12);
  });
});
