import { describe, expect, it } from 'vitest';
import { heuristicPolicy } from '../../../../src/core/policy/heuristic';
import { serialPolicy } from '../../../../src/core/policy/serial';
import { runScenario } from '../../../../src/core/run/run';
import { simulatedProviderFor } from '../../../../src/core/scenarios/players';
import { scenarioKinds } from '../../../../src/core/scenarios/registry';
import { detectLanguage } from '../../../../src/core/util/words';
import { loadProfiles, loadSpec } from '../../../support/scenarios';

/**
 * The story and lesson workflows asked in Chinese and Russian (scenarios/*-zh.json, *-ru.json):
 * the simulated writer answers in the request's language and the grader reads it by that
 * language's rules, on the single agent and on the swarm.
 */
const profiles = loadProfiles();

async function run(id: string, seed: number, policy = heuristicPolicy) {
  const spec = loadSpec(id, id.startsWith('write-story') ? 'write-story' : 'teach-explain');
  const kind = scenarioKinds[spec.kind];
  return runScenario({
    kind,
    spec,
    instance: kind.generate(spec, seed, spec.size.default),
    policy,
    profiles,
    provider: simulatedProviderFor(profiles),
    keepEvents: true,
  });
}

/** What the models wrote, turn by turn. */
const written = (r: Awaited<ReturnType<typeof run>>): string =>
  (r.events ?? []).flatMap((e) => (e.type === 'llm.turn' && e.content ? [e.content] : [])).join('\n');

describe.each([
  ['write-story-zh', 'zh'],
  ['write-story-ru', 'ru'],
  ['teach-explain-zh', 'zh'],
  ['teach-explain-ru', 'ru'],
] as const)('%s', (id, language) => {
  it('is asked, answered and graded in its language, by the single agent and the swarm', async () => {
    for (const policy of [serialPolicy, heuristicPolicy]) {
      const r = await run(id, 2, policy);
      expect(r.header.language).toBe(language);
      const graded = (r.events ?? []).find((e) => e.type === 'run.graded') as
        | { criteria?: Record<string, number> }
        | undefined;
      expect(graded?.criteria).toBeTruthy();
      // Chinese lessons have no readability criterion: no standard grade formula for Chinese.
      if (id === 'teach-explain-zh') expect(graded?.criteria).not.toHaveProperty('readability');
      if (id === 'teach-explain-ru') expect(graded?.criteria).toHaveProperty('readability');
      expect(r.metrics.quality).toBeGreaterThan(0.5);
      const text = written(r);
      expect(text.length).toBeGreaterThan(200);
      expect(detectLanguage(text)).toBe(language);
    }
  });
});
