/**
 * Training requests for the browser tests of training (train-worker.test.ts,
 * train-rollout-workers.test.ts): the repository's scenario files, imported as JSON and read by
 * the same parsers as the CLI's, and a short PARL config.
 */
import deepSearch from '../../../scenarios/deep-search.json';
import mixJson from '../../../scenarios/mix.json';
import mixedCoding from '../../../scenarios/mixed-coding.json';
import profilesJson from '../../../scenarios/profiles.json';
import ragQa from '../../../scenarios/rag-qa.json';
import wideSearch from '../../../scenarios/wide-search.json';
import writeStory from '../../../scenarios/write-story.json';
import type { TrainRequest } from '../../../src/adapters/wire/train-protocol';
import type { PolicyCheckpoint } from '../../../src/core/learning/checkpoint';
import { parseMix } from '../../../src/core/learning/mix';
import { defaultTrainConfig, type TrainConfig } from '../../../src/core/learning/train';
import { parseProfiles, profileHash } from '../../../src/core/scenarios/profiles';
import type { TaskScenarioSpec } from '../../../src/core/scenarios/registry';
import { parseScenario } from '../../../src/core/scenarios/spec';

function parsed<T>(result: ({ ok: true } & T) | { ok: false; error: string }): T {
  if (!result.ok) throw new Error(result.error);
  return result;
}
export const mix = parsed(parseMix(JSON.stringify(mixJson), 'mix.json')).spec;
export const profiles = parsed(parseProfiles(JSON.stringify(profilesJson), 'profiles.json')).profiles;
export const specs: Record<string, TaskScenarioSpec> = {};
for (const [file, json] of [
  ['wide-search.json', wideSearch],
  ['deep-search.json', deepSearch],
  ['mixed-coding.json', mixedCoding],
  ['write-story.json', writeStory],
  ['rag-qa.json', ragQa],
] as const) {
  const spec = parsed(parseScenario(JSON.stringify(json), file)).spec;
  specs[spec.id] = spec;
}

/** PARL over `episodes`, in batches of `batch` (a whole number of groups of 4), a curve point each. */
export const config = (episodes: number, batch = 4): TrainConfig => ({
  ...defaultTrainConfig,
  episodes,
  batch,
  window: batch,
  lambdaParallel: { kind: 'linear', from: 0.1, to: 0, over: episodes },
  lambdaFinish: { kind: 'linear', from: 0.3, to: 0, over: episodes },
});

export const request = (episodes: number, resume?: PolicyCheckpoint, batch = 4): TrainRequest => ({
  config: config(episodes, batch),
  mix,
  specs,
  profiles,
  ...(resume ? { resume } : {}),
});

export async function hashes(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, p] of Object.entries(profiles)) out[name] = await profileHash(p);
  return out;
}
