/**
 * The scenarios and frozen profiles a swarm runs: each registered kind's own file (ScenarioKind.file)
 * and the repository's profiles, checked by the same parsers as the CLI and the page. Bundled rather
 * than read from disk so the library build, the page and a worker all hold the same data with no
 * file system.
 * `ask-knowledge-base` is left out: it asks the user's own knowledge base, which a swarm has not.
 */

import profilesJson from '../../scenarios/profiles.json';
import { parseProfiles } from '../core/scenarios/profiles';
import { kindOf, type TaskScenarioSpec } from '../core/scenarios/registry';
import { parseScenario } from '../core/scenarios/spec';
import type { ProfileSpec } from '../core/scenarios/spec-types';
import { PROVIDER_IDS } from '../providers/registry';
import type { TaskScenario } from './types';

let specs: Map<TaskScenario, TaskScenarioSpec> | undefined;

/** The scenario file of this id, parsed once on first use. */
export function scenarioSpec(id: TaskScenario): TaskScenarioSpec {
  specs ??= new Map();
  let spec = specs.get(id);
  if (!spec) {
    const parsed = parseScenario(JSON.stringify(kindOf(id)?.file), `scenarios/${id}.json`);
    if (!parsed.ok) throw new Error(parsed.error);
    spec = parsed.spec;
    specs.set(id, spec);
  }
  return spec;
}

let profiles: Readonly<Record<string, ProfileSpec>> | undefined;

export function frozenProfiles(): Readonly<Record<string, ProfileSpec>> {
  if (!profiles) {
    const parsed = parseProfiles(JSON.stringify(profilesJson), 'scenarios/profiles.json', PROVIDER_IDS);
    if (!parsed.ok) throw new Error(parsed.error);
    profiles = parsed.profiles;
  }
  return profiles;
}
