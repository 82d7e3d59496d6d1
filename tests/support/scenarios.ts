import { readFileSync } from 'node:fs';
import { parseProfiles } from '../../src/core/scenarios/profiles';
import type { TaskScenarioSpec } from '../../src/core/scenarios/registry';
import { parseScenario } from '../../src/core/scenarios/spec';
import type { ProfileSpec } from '../../src/core/scenarios/spec-types';

/** A scenario file of the repository, parsed (throws with the parser's message when it is bad). */
export function loadSpec<K extends TaskScenarioSpec['kind']>(
  id: string,
  kind: K,
): Extract<TaskScenarioSpec, { kind: K }> {
  const file = `scenarios/${id}.json`;
  const parsed = parseScenario(readFileSync(file, 'utf8'), file);
  if (!parsed.ok) throw new Error(parsed.error);
  if (parsed.spec.kind !== kind) throw new Error(`${file} is a ${parsed.spec.kind} scenario, not ${kind}`);
  return parsed.spec as Extract<TaskScenarioSpec, { kind: K }>;
}

export function loadProfiles(): Record<string, ProfileSpec> {
  const file = 'scenarios/profiles.json';
  const parsed = parseProfiles(readFileSync(file, 'utf8'), file);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.profiles;
}
