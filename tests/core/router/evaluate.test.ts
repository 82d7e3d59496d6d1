import { describe, expect, it } from 'vitest';
import { hashingEmbedder } from '../../../src/core/embeddings/hashing';
import { evaluateRouting, scoreRoutes } from '../../../src/core/router/evaluate';
import { trainRouter } from '../../../src/core/router/train';

describe('scoreRoutes', () => {
  it('counts exact labels, workflows and a confusion table per gold workflow', () => {
    const score = scoreRoutes([
      { gold: 'swarm/rag-qa', predicted: 'swarm/rag-qa' },
      { gold: 'swarm/rag-qa', predicted: 'single/general' },
      { gold: 'peers/general', predicted: 'single/general' },
      { gold: 'swarm/write-story', predicted: 'swarm/teach-explain' },
    ]);
    expect(score).toEqual({
      n: 4,
      accuracy: 0.25,
      // peers/general read as single/general: the workflow is right, the topology is not.
      workflowAccuracy: 0.5,
      perWorkflow: {
        'write-story': { n: 1, correct: 0, accuracy: 0 },
        'rag-qa': { n: 2, correct: 1, accuracy: 0.5 },
        general: { n: 1, correct: 1, accuracy: 1 },
      },
      confusion: {
        'write-story': { 'teach-explain': 1 },
        'rag-qa': { 'rag-qa': 1, general: 1 },
        general: { general: 1 },
      },
    });
  });

  it('refuses an empty test split', () => {
    expect(() => scoreRoutes([])).toThrow(/empty/);
  });
});

describe('evaluateRouting', () => {
  const train = [
    { text: 'what does my lease say about pets', label: 'swarm/rag-qa' },
    { text: 'which clause of my contract covers notice', label: 'swarm/rag-qa' },
    { text: 'a bedtime tale about a shy dragon', label: 'swarm/write-story' },
    { text: 'a spooky yarn about a lighthouse keeper', label: 'swarm/write-story' },
  ];
  const test = [
    // No rule reads "lease": the classifier, and the router through it, still do.
    { text: 'what does my lease say about subletting', label: 'swarm/rag-qa' },
    { text: 'Write me a story about a shy lighthouse keeper', label: 'swarm/write-story' },
  ];

  it('scores the rules alone, the classifier alone and the whole router on the same requests', async () => {
    const { model } = trainRouter([], { requests: train });
    const scores = await evaluateRouting(model, test, { embedder: hashingEmbedder() });
    expect(scores.rules.confusion).toEqual({ 'write-story': { 'write-story': 1 }, 'rag-qa': { general: 1 } });
    expect(scores.classifier.accuracy).toBe(1);
    expect(scores.router.accuracy).toBe(1);
    // Without an embedder the router has no nearest-neighbour layer, and the same answer here.
    expect((await evaluateRouting(model, test)).router).toEqual(scores.router);
  });
});
