import { describe, expect, it } from 'vitest';
import { trainingEnv } from '../../../src/cli/training-env';
import { type EpisodeOutcome, episodeTask, playEpisode } from '../../../src/core/learning/episode';
import { drawTask, weightsAt } from '../../../src/core/learning/mix';
import { initParams, type ParlParams } from '../../../src/core/learning/parl';
import { defaultTrainConfig, type TrainConfig } from '../../../src/core/learning/train-config';

/**
 * The episodes of a training group share one instance (core/learning/episode-instances.ts): that
 * is only sound if no run changes the instance it plays, and if an episode played on the shared
 * instance is the episode played on its own.
 */

const config: TrainConfig = { ...defaultTrainConfig, episodes: 400, seed: 3, group: 4 };

/** Weights that are not all zero, so that the sampled choices vary from episode to episode. */
function weights(): ParlParams {
  const params = initParams('preference');
  let x = 7;
  for (const head of Object.values(params)) {
    if (!(head instanceof Float64Array)) continue;
    for (let i = 0; i < head.length; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      head[i] = (x / 2147483648 - 0.5) * 0.4;
    }
  }
  return params;
}

/** The first groups of each kind of the mix after the wide-search-only curriculum phase, `each` a kind. */
async function groupsOfEveryKind(each: number): Promise<number[]> {
  const { mix } = await trainingEnv('mix');
  const firsts = new Map<string, number[]>();
  const full = () =>
    firsts.size === mix.components.length && [...firsts.values()].every((f) => f.length >= each);
  for (let first = 100; !full(); first += config.group) {
    const draw = drawTask(mix, weightsAt(mix, first / config.episodes), config.seed, `episode ${first}`);
    const of = firsts.get(draw.component.scenario) ?? [];
    if (of.length < each) firsts.set(draw.component.scenario, [...of, first]);
  }
  return [...firsts.values()].flat();
}

function deepFreeze(x: unknown, seen = new Set<unknown>()): void {
  if (x === null || typeof x !== 'object' || seen.has(x) || ArrayBuffer.isView(x)) return;
  seen.add(x);
  if (x instanceof Map || x instanceof Set) for (const entry of x) deepFreeze(entry, seen);
  for (const v of Object.values(x)) deepFreeze(v, seen);
  Object.freeze(x);
}

describe('the instance a training group shares', () => {
  it('is one object for the episodes of a group, another for another group of the same kind', async () => {
    const env = await trainingEnv('mix');
    const [first, other] = (await groupsOfEveryKind(2)) as [number, number];
    const [a, b, c, d] = [0, 1, 2, 3].map((i) => episodeTask(config, env, first + i).instance);
    expect(new Set([a, b, c, d]).size).toBe(1);
    const next = episodeTask(config, env, other).instance;
    expect(next.scenario).toBe(a?.scenario);
    expect(next).not.toBe(a);
  });

  it('is left as it was by every kind of the mix: episodes play on it deep-frozen', async () => {
    const env = await trainingEnv('mix');
    const params = weights();
    const firsts = await groupsOfEveryKind(1);
    for (const first of firsts) deepFreeze(episodeTask(config, env, first).instance);
    // A run that wrote into its instance would throw here (modules run in strict mode).
    const played: EpisodeOutcome[] = [];
    for (const first of firsts)
      for (let i = 0; i < config.group; i++)
        played.push(await playEpisode(config, env, first + i, { params }));
    expect(new Set(played.map((o) => o.stats.scenario))).toEqual(
      new Set(['wide-search', 'deep-search', 'mixed-coding', 'write-story', 'rag-qa']),
    );
  }, 120_000);

  it('gives each episode, played in any order on the shared instance, the outcome it has on its own', async () => {
    const params = weights();
    // Two groups of each kind: one instance must not stand for another's.
    const firsts = await groupsOfEveryKind(2);
    const shared = await trainingEnv('mix');
    // Interleaved across groups, as two rollout workers may play them.
    const order = [0, 1, 2, 3].flatMap((i) => firsts.map((first) => first + i));
    const together = new Map<number, EpisodeOutcome>();
    for (const e of order) together.set(e, await playEpisode(config, shared, e, { params }));
    for (const e of order) {
      // A new environment remembers no instance: the episode generates its own.
      const alone = await playEpisode(config, await trainingEnv('mix'), e, { params });
      expect(together.get(e)).toEqual(alone);
    }
  }, 120_000);
});
