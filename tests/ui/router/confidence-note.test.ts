import { describe, expect, it } from 'vitest';
import type { Route } from '../../../src/core/router/router';
import { confidenceNote } from '../../../src/ui/router/confidence-note';
import { pageRouter } from '../../../src/ui/router/page-router';

/**
 * The Router view showed "confidence 0.32" beside a bar of 0.38 for the same choice (issue 44):
 * the route's confidence and the candidates' probabilities are different quantities. Where they
 * differ as shown, the view says why in one line; where they agree, it says nothing.
 */

const route = (over: Partial<Route>): Route => ({
  topology: 'swarm',
  workflow: 'wide-search',
  confidence: 0.6,
  source: 'rules',
  taskType: 'wide-search',
  rules: [],
  explored: false,
  escalate: false,
  profile: 'medium',
  candidates: [
    { topology: 'swarm', workflow: 'wide-search', p: 0.6 },
    { topology: 'single', workflow: 'general', p: 0.4 },
  ],
  ...over,
});

describe('the Router view’s confidence note', () => {
  it('explains a classifier’s bar that differs from its confidence, naming both numbers', async () => {
    // The request the walk-through saw: the classifier knows part of its words.
    const router = await pageRouter([]);
    const { route: r } = await router.route('Make a podcast episode outline about jazz');
    const bar = r.candidates.find((c) => c.topology === r.topology && c.workflow === r.workflow);
    expect(r.source).toBe('classifier');
    expect(bar?.p.toFixed(2)).not.toBe(r.confidence.toFixed(2));
    const note = confidenceNote(r) ?? '';
    expect(note).toContain(`Why ${bar?.p.toFixed(2)} on the ${r.topology}/${r.workflow} bar`);
    expect(note).toContain(`confidence (${r.confidence.toFixed(2)})`);
    expect(note).toMatch(/words the classifier knows/);
  });

  it('says nothing when the bar and the confidence read the same', () => {
    expect(confidenceNote(route({}))).toBeUndefined();
    // Equal to two decimals is equal on screen.
    expect(confidenceNote(route({ confidence: 0.6004 }))).toBeUndefined();
  });

  it('explains a rules’ bar rescaled off their confidence', () => {
    const note = confidenceNote(
      route({
        confidence: 0.54,
        candidates: [
          { topology: 'swarm', workflow: 'wide-search', p: 0.6 },
          { topology: 'swarm', workflow: 'deep-search', p: 0.4 },
        ],
      }),
    );
    expect(note).toBe(
      "Why 0.60 on the swarm/wide-search bar: the bars share out the whole belief, summing to 1; confidence (0.54) is the rules' certainty of their choice.",
    );
  });
});
