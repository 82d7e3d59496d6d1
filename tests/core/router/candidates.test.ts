import { describe, expect, it } from 'vitest';
import { RecencyBandit } from '../../../src/core/router/bandit';
import {
  type Candidate,
  candidatesFromPrediction,
  candidatesFromRules,
  minCandidateP,
  swapCandidate,
} from '../../../src/core/router/candidates';
import { choiceLabel, defaultTopology, workflows } from '../../../src/core/router/choice';
import type { Prediction } from '../../../src/core/router/classifier';
import { trainNaiveBayes } from '../../../src/core/router/classifier';
import { type RouterModel, routeQuery } from '../../../src/core/router/router';
import { applyRules } from '../../../src/core/router/rules';

const sum = (cs: readonly Candidate[]) => cs.reduce((s, c) => s + c.p, 0);
const labels = (cs: readonly Candidate[]) => cs.map(choiceLabel);

/** Sums to 1, every p at least the floor, most probable first. */
function expectWellFormed(cs: readonly Candidate[]) {
  expect(sum(cs)).toBeCloseTo(1, 12);
  for (const c of cs) expect(c.p).toBeGreaterThanOrEqual(minCandidateP);
  for (let i = 1; i < cs.length; i++)
    expect((cs[i - 1] as Candidate).p).toBeGreaterThanOrEqual((cs[i] as Candidate).p);
  expect(new Set(labels(cs)).size).toBe(cs.length);
}

const prediction = (posteriors: Record<string, number>, coverage: number): Prediction => {
  const [label, posterior] = Object.entries(posteriors).sort((a, b) => b[1] - a[1])[0] as [string, number];
  return { label, posterior, coverage, confidence: posterior * coverage, posteriors };
};

describe('candidatesFromRules', () => {
  it('gives the winner the rules’ confidence and spreads the rest over the workflows no rule voted for', () => {
    const query = 'Explain photosynthesis to a 10-year-old, with three quick exercises';
    const cs = candidatesFromRules(query);
    expectWellFormed(cs);
    // explain (½) + audience + exercises: w = 2.5, strength min(0.9, 0.75).
    expect(cs[0]).toEqual({ topology: 'swarm', workflow: 'teach-explain', p: expect.closeTo(0.75, 12) });
    expect(cs[0]?.p).toBeCloseTo(applyRules(query).confidence, 12);
    // Every other workflow is a candidate at its default topology, with an equal share of 0.25.
    expect(cs.slice(1)).toEqual(
      workflows
        .filter((w) => w !== 'teach-explain')
        .map((w) => ({
          topology: defaultTopology(w),
          workflow: w,
          p: expect.closeTo(0.25 / 7, 12),
        })),
    );
  });

  it('splits the strength between disagreeing rules, the decided choice first on a tie', () => {
    // One coding vote, one debate vote: 0.3 each (the rules' confidence), 0.4 over six workflows.
    const cs = candidatesFromRules('Debate this code');
    expectWellFormed(cs);
    expect(labels(cs).slice(0, 2)).toEqual(['swarm/mixed-coding', 'peers/general']);
    expect(cs[0]?.p).toBeCloseTo(0.3, 12);
    expect(cs[1]?.p).toBeCloseTo(0.3, 12);
    expect(cs).toHaveLength(2 + 6);
    // general has a candidate already (peers): no single/general floor beside it.
    expect(labels(cs)).not.toContain('single/general');
  });

  it('gives a query no rule matches to a single general agent at the fallback confidence', () => {
    const cs = candidatesFromRules('hello there');
    expectWellFormed(cs);
    expect(cs[0]).toEqual({ topology: 'single', workflow: 'general', p: expect.closeTo(0.3, 12) });
    expect(cs.slice(1).every((c) => Math.abs(c.p - 0.7 / 7) < 1e-12)).toBe(true);
  });
});

describe('candidatesFromPrediction', () => {
  const rules = candidatesFromRules('hello there');

  it('is the posterior where the classifier has seen the whole query, less the implausible', () => {
    const cs = candidatesFromPrediction(
      prediction({ 'swarm/rag-qa': 0.7, 'swarm/deep-search': 0.295, 'swarm/wide-search': 0.005 }, 1),
      rules,
    );
    expectWellFormed(cs);
    // 0.005 is under the floor: dropped, the rest renormalized over 0.995.
    expect(cs).toEqual([
      { topology: 'swarm', workflow: 'rag-qa', p: expect.closeTo(0.7 / 0.995, 12) },
      { topology: 'swarm', workflow: 'deep-search', p: expect.closeTo(0.295 / 0.995, 12) },
    ]);
  });

  it('leaves the unseen share of the query to the rules’ belief', () => {
    // Naive Bayes is all but certain on a query it knows 40% of: it holds 40% of the belief.
    const cs = candidatesFromPrediction(
      prediction({ 'swarm/write-story': 1 - 1e-9, 'swarm/rag-qa': 1e-9 }, 0.4),
      rules,
    );
    expectWellFormed(cs);
    expect(cs[0]).toEqual({
      topology: 'swarm',
      workflow: 'write-story',
      p: expect.closeTo(0.4 + 0.6 * (0.7 / 7), 6),
    });
    expect(cs[1]).toEqual({ topology: 'single', workflow: 'general', p: expect.closeTo(0.6 * 0.3, 6) });
    expect(cs).toHaveLength(8);
  });
});

describe('swapCandidate', () => {
  it('moves the decided workflow’s share to the topology that will run it, merging duplicates', () => {
    const cs: Candidate[] = [
      { topology: 'swarm', workflow: 'teach-explain', p: 0.6 },
      { topology: 'single', workflow: 'teach-explain', p: 0.1 },
      { topology: 'swarm', workflow: 'rag-qa', p: 0.3 },
    ];
    const swapped = swapCandidate(
      cs,
      { topology: 'swarm', workflow: 'teach-explain' },
      { topology: 'single', workflow: 'teach-explain' },
    );
    expect(swapped).toEqual([
      { topology: 'single', workflow: 'teach-explain', p: expect.closeTo(0.7, 12) },
      { topology: 'swarm', workflow: 'rag-qa', p: expect.closeTo(0.3, 12) },
    ]);
  });
});

describe('a route’s candidates', () => {
  const teachQuery = 'Teach fractions to a class in grade 4, with exercises and answers';

  it('come from the rules, with the route’s own choice first, when the rules decided', () => {
    const r = routeQuery(undefined, teachQuery);
    expect(r.source).toBe('rules');
    expectWellFormed(r.candidates);
    expect(r.candidates[0]).toMatchObject({ topology: r.topology, workflow: r.workflow, p: r.confidence });
  });

  it('come from the classifier’s posterior when it decided', () => {
    const classifier = trainNaiveBayes([
      { text: 'what does my lease say about pets', label: 'swarm/rag-qa' },
      { text: 'what does the tide do at night', label: 'single/general' },
    ]);
    const model: RouterModel = {
      classifier,
      bandit: new RecencyBandit(),
      trainedOn: { runs: 0, queries: 2 },
    };
    const r = routeQuery(model, 'what does my lease say about pets');
    expect(r).toMatchObject({ source: 'classifier', workflow: 'rag-qa' });
    expectWellFormed(r.candidates);
    // Every word seen and naive Bayes all but certain: nothing else stays plausible.
    expect(r.candidates).toEqual([{ topology: 'swarm', workflow: 'rag-qa', p: 1 }]);
  });

  it('follow a bandit swap to the topology that will run the task', () => {
    const classifier = trainNaiveBayes([{ text: 'unrelated words', label: 'swarm/general' }]);
    const bandit = new RecencyBandit();
    bandit.update('teach-explain', 'single/teach-explain', 1);
    const model: RouterModel = { classifier, bandit, trainedOn: { runs: 1, queries: 1 } };
    const r = routeQuery(model, teachQuery);
    expect(r).toMatchObject({ source: 'bandit', topology: 'single', workflow: 'teach-explain' });
    expectWellFormed(r.candidates);
    expect(r.candidates[0]).toEqual({ topology: 'single', workflow: 'teach-explain', p: r.confidence });
    expect(labels(r.candidates)).not.toContain('swarm/teach-explain');
  });
});
