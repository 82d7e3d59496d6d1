/**
 * The scenarios and frozen profiles a swarm runs, bundled from the repository's own files and
 * checked by the same parsers as the CLI and the page. Bundled rather than read from disk so the
 * library build, the page and a worker all hold the same data with no file system.
 * `ask-knowledge-base` is left out: it asks the user's own knowledge base, which a swarm has not.
 */

import compareOptions from '../../scenarios/compare-options.json';
import deepSearch from '../../scenarios/deep-search.json';
import mixedCoding from '../../scenarios/mixed-coding.json';
import profilesJson from '../../scenarios/profiles.json';
import ragQa from '../../scenarios/rag-qa.json';
import teachExplain from '../../scenarios/teach-explain.json';
import wideSearch from '../../scenarios/wide-search.json';
import writeStory from '../../scenarios/write-story.json';
import { parseProfiles } from '../core/scenarios/profiles';
import { parseScenario } from '../core/scenarios/spec';
import type { ProfileSpec, TaskScenarioSpec } from '../core/scenarios/spec-types';
import type { TaskScenario } from './types';

const files: Record<TaskScenario, unknown> = {
  'wide-search': wideSearch,
  'deep-search': deepSearch,
  'mixed-coding': mixedCoding,
  'write-story': writeStory,
  'teach-explain': teachExplain,
  'rag-qa': ragQa,
  'compare-options': compareOptions,
};

let specs: Map<TaskScenario, TaskScenarioSpec> | undefined;

/** The scenario file of this id, parsed once on first use. */
export function scenarioSpec(id: TaskScenario): TaskScenarioSpec {
  specs ??= new Map();
  let spec = specs.get(id);
  if (!spec) {
    const parsed = parseScenario(JSON.stringify(files[id]), `scenarios/${id}.json`);
    if (!parsed.ok) throw new Error(parsed.error);
    spec = parsed.spec;
    specs.set(id, spec);
  }
  return spec;
}

let profiles: Readonly<Record<string, ProfileSpec>> | undefined;

export function frozenProfiles(): Readonly<Record<string, ProfileSpec>> {
  if (!profiles) {
    const parsed = parseProfiles(JSON.stringify(profilesJson), 'scenarios/profiles.json');
    if (!parsed.ok) throw new Error(parsed.error);
    profiles = parsed.profiles;
  }
  return profiles;
}
