import { describe, expect, it } from 'vitest';
import { peersPolicy } from '../../../src/core/policy/peers';
import {
  agentOf,
  bigramBaseline,
  decisionsOf,
  nextSpeaker,
  renderHistory,
  speakerRun,
  TERMINATE,
  trainNextSpeaker,
} from '../../../src/core/router/next-speaker';
import { runScenario } from '../../../src/core/run/run';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import { scenarioKinds } from '../../../src/core/scenarios/registry';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const story = (n: number, words: string) => ({
  request: `Write a story ${words}`,
  speakers: ['outline', ...Array.from({ length: n }, () => 'section'), 'merge'],
});
const compare = (words: string) => ({
  request: `Compare these laptops ${words}`,
  speakers: ['judge', 'judge', 'judge', 'decide'],
});

describe('the next-speaker router', () => {
  it('names agents by role', () => {
    expect(['judge-3', 'r2-peer-b', 'section-4', 'exercises-1-3', 'lesson-plan'].map(agentOf)).toEqual([
      'judge',
      'peer-b',
      'section',
      'exercises',
      'lesson-plan',
    ]);
  });

  it('learns who speaks next, and when to stop, from the order of successful runs', () => {
    const runs = [
      story(2, 'about a fox'),
      story(2, 'about a ship'),
      compare('for travel'),
      compare('for school'),
    ];
    const decisions = runs.flatMap(decisionsOf);
    expect(decisions).toHaveLength(5 + 5 + 5 + 5);
    const model = trainNextSpeaker(decisions, { strategy: 'last-k', k: 3 });
    expect(nextSpeaker(model, 'Write a story about a dragon', []).next).toBe('outline');
    expect(nextSpeaker(model, 'Compare these phones', []).next).toBe('judge');
    expect(nextSpeaker(model, 'x', ['outline', 'section', 'section']).next).toBe('merge');
    expect(nextSpeaker(model, 'x', ['judge', 'judge', 'judge', 'decide']).next).toBe(TERMINATE);
    // The bigram baseline cannot tell a story's first turn from a comparison's.
    const baseline = bigramBaseline(decisions);
    expect(baseline(['outline'])).toBe('section');
    expect(baseline([])).toBe('judge');
  });

  it('shows the history by strategy, and truncates it reproducibly for training', () => {
    expect(renderHistory(['a', 'b', 'b'], 'summary')).toBe('spokea spokeax1 spokeb spokebx2');
    expect(renderHistory(['a', 'b', 'c'], 'last-k', 2)).toBe('last1c last2b');
    expect(renderHistory([], 'last-k')).toBe('lastnone');
    const once = renderHistory(['a', 'b', 'c', 'd'], 'random-truncation', 3, 7);
    expect(renderHistory(['a', 'b', 'c', 'd'], 'random-truncation', 3, 7)).toBe(once);
  });

  it('reads a decentralized run’s turns from its trace, leaving out turns settled without a model call', async () => {
    const profiles = loadProfiles();
    const spec = loadSpec('compare-options', 'compare-options');
    const kind = scenarioKinds['compare-options'];
    const seeds = [1, 2, 3, 4, 5, 6];
    const runs = await Promise.all(
      seeds.map((seed) =>
        runScenario({
          kind,
          spec,
          instance: kind.generate(spec, seed, spec.size.default),
          policy: peersPolicy(),
          profiles,
          provider: simulatedProviderFor(profiles),
          keepEvents: true,
        }),
      ),
    );
    for (const r of runs) {
      const turns = speakerRun(r.header, r.events ?? []);
      expect(turns?.speakers.slice(0, 3)).toEqual(['peer-a', 'peer-b', 'peer-c']);
      const played = (r.events ?? []).filter((e) => e.type === 'task.finished' && e.usage.steps > 0).length;
      expect(turns?.speakers).toHaveLength(played);
    }
  });
});
