import { describe, expect, it } from 'vitest';
import { hashingEmbedder } from '../../../src/core/embeddings/hashing';
import type { Embedder } from '../../../src/core/embeddings/types';
import { RecencyBandit } from '../../../src/core/router/bandit';
import { type Prediction, trainNaiveBayes } from '../../../src/core/router/classifier';
import {
  indexExamples,
  type NearestIndex,
  nearestFor,
  predictNearest,
} from '../../../src/core/router/nearest';
import { type RouterModel, routeQuery } from '../../../src/core/router/router';

const v = (...xs: number[]) => Float32Array.from(xs);

/**
 * Four labelled unit vectors in the plane:
 *
 *        b (0,1)
 *        |   a (0.6,0.8)
 *        |  /
 *        | /
 *  ------+------ a (1,0)       c (−1,0) on the far left
 */
const plane: NearestIndex = {
  embedder: 'plane',
  classes: ['a', 'b', 'c'],
  labels: ['a', 'a', 'b', 'c'],
  vectors: [v(1, 0), v(0.6, 0.8), v(0, 1), v(-1, 0)],
  baseline: 0,
};

describe('predictNearest', () => {
  it('weighs the k nearest votes by similarity and ignores the dissimilar', () => {
    const p = predictNearest(plane, v(1, 0), 4);
    // Scores 1 (a), 0.6 (a), 0 (b, dropped), −1 (c, dropped).
    expect(p.label).toBe('a');
    expect(p.posteriors).toEqual({ a: 1, b: 0, c: 0 });
    expect(p.coverage).toBeCloseTo(1, 6);
    expect(p.confidence).toBeCloseTo(1, 6);
  });

  it('splits the vote and scales coverage by the nearest similarity', () => {
    // Query (0, 1): b scores 1, the second a scores 0.8.
    const p = predictNearest(plane, v(0, 1), 2);
    expect(p.label).toBe('b');
    expect(p.posterior).toBeCloseTo(1 / 1.8, 6);
    expect(p.posteriors.a).toBeCloseTo(0.8 / 1.8, 6);
    expect(p.confidence).toBeCloseTo(1 / 1.8, 6);
    // With k = 1 only b votes.
    expect(predictNearest(plane, v(0, 1), 1).posterior).toBe(1);
  });

  it('rescales coverage by the baseline, and breaks a tied vote by sorted label', () => {
    const tied: NearestIndex = {
      ...plane,
      labels: ['b', 'a', 'a', 'c'],
      vectors: [v(1, 0), v(0, 1), v(0, 1), v(0, -1)],
    };
    // (1,1)/√2 is 0.707 from b's vector and from each a's, but a has two votes: a wins.
    expect(predictNearest(tied, v(Math.SQRT1_2, Math.SQRT1_2), 3).label).toBe('a');
    // One vote each, equal weight: the first label in sorted order.
    expect(predictNearest(tied, v(Math.SQRT1_2, Math.SQRT1_2), 2).label).toBe('a');
    const lifted = predictNearest({ ...plane, baseline: 0.5 }, v(0.8, 0.6), 1);
    expect(lifted.coverage).toBeCloseTo((0.96 - 0.5) / 0.5, 5);
  });

  it('gives no confidence to a query near nothing, and refuses an empty index', () => {
    expect(predictNearest(plane, v(0, -1), 3).confidence).toBe(0);
    expect(predictNearest(plane, v(0, 0), 3).confidence).toBe(0);
    expect(() => predictNearest({ ...plane, classes: [], labels: [], vectors: [] }, v(1, 0))).toThrow(
      /empty/,
    );
  });
});

describe('indexExamples and nearestFor', () => {
  const examples = [
    { text: 'Summarize the tram networks of Helsinki, Oslo and Tallinn', label: 'swarm/wide-search' },
    {
      text: 'Which architect designed the Helsinki railway station, and what school trained him?',
      label: 'swarm/deep-search',
    },
    { text: 'Say hello', label: 'single/general' },
  ];

  it('indexes with the embedder’s name and a baseline from cross-label pairs', async () => {
    const index = await indexExamples(hashingEmbedder(), examples);
    expect(index).toMatchObject({ embedder: 'hashing-384', labels: examples.map((e) => e.label) });
    expect(index.classes).toEqual(['single/general', 'swarm/deep-search', 'swarm/wide-search']);
    expect(index.baseline).toBeGreaterThanOrEqual(0);
    expect(index.baseline).toBeLessThan(0.2);
    const anisotropic: Embedder = { name: 'flat', dim: 2, embed: async (t) => t.map(() => v(1, 0)) };
    expect((await indexExamples(anisotropic, examples)).baseline).toBe(0.99);
  });

  it('refuses a query embedded by another embedder', async () => {
    const index = await indexExamples(hashingEmbedder(), examples);
    await expect(nearestFor(hashingEmbedder({ dim: 64 }), index, 'x')).rejects.toThrow(/re-index/);
  });

  it('routes a misspelt near copy like its labelled example, where the rules know nothing', async () => {
    const embedder = hashingEmbedder();
    const index = await indexExamples(embedder, examples);
    const query = 'Summarize the tram networks of Helsinky, Oslo and Talinn';
    expect(routeQuery(undefined, query)).toMatchObject({ source: 'rules', confidence: 0.3 });
    const nearest = await nearestFor(embedder, index, query);
    expect(routeQuery(undefined, query, { nearest })).toMatchObject({
      source: 'classifier',
      topology: 'swarm',
      workflow: 'wide-search',
      confidence: nearest.confidence,
    });
    expect(nearest.confidence).toBeGreaterThan(0.5);
  });
});

describe('routeQuery with a nearest-neighbour prediction', () => {
  const wideQuery = 'Fill in a table with one row for each of: Ann Co; Bob Co; Cy Co; Dee Co'; // rules: 0.8
  const prediction = (label: string, confidence: number): Prediction => ({
    label,
    posterior: 1,
    coverage: confidence,
    confidence,
    posteriors: { [label]: 1 },
  });

  it('replaces the rules only when at least as confident, and skips the bandit then', () => {
    const bandit = new RecencyBandit();
    bandit.update('wide-search', 'single/wide-search', 1);
    const model: RouterModel = {
      classifier: trainNaiveBayes([]),
      bandit,
      trainedOn: { runs: 0, queries: 0 },
    };
    expect(routeQuery(model, wideQuery, { nearest: prediction('peers/general', 0.79) })).toMatchObject({
      source: 'bandit',
      topology: 'single',
      workflow: 'wide-search',
    });
    expect(routeQuery(model, wideQuery, { nearest: prediction('peers/general', 0.85) })).toMatchObject({
      source: 'classifier',
      topology: 'peers',
      workflow: 'general',
      confidence: 0.85,
    });
    // A label that names no choice is ignored.
    expect(routeQuery(model, wideQuery, { nearest: prediction('nonsense', 0.95) }).source).toBe('bandit');
  });

  it('competes with naive Bayes: the more confident wins, naive Bayes on a tie', () => {
    // No rule matches "hello there" (0.3); two classes with the same text: naive Bayes says
    // single/general (first in sorted order) with posterior ½ and full coverage, confidence 0.5.
    const classifier = trainNaiveBayes([
      { text: 'hello there', label: 'single/general' },
      { text: 'hello there', label: 'swarm/general' },
    ]);
    const model: RouterModel = {
      classifier,
      bandit: new RecencyBandit(),
      trainedOn: { runs: 2, queries: 2 },
    };
    const route = (confidence: number) =>
      routeQuery(model, 'hello there', { nearest: prediction('peers/general', confidence) });
    expect(routeQuery(model, 'hello there')).toMatchObject({ topology: 'single', confidence: 0.5 });
    expect(route(0.4)).toMatchObject({ topology: 'single', confidence: 0.5, source: 'classifier' });
    expect(route(0.5)).toMatchObject({ topology: 'single', confidence: 0.5 });
    expect(route(0.6)).toMatchObject({ topology: 'peers', confidence: 0.6, source: 'classifier' });
  });
});
