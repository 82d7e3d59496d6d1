import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchScenario } from '../core/bench/run-bench';
import { parseProfiles } from '../core/scenarios/profiles';
import { parseScenario, scenarioKindOf } from '../core/scenarios/spec';
import type { ProfileSpec } from '../core/scenarios/spec-types';
import { UsageError } from './errors';
import { readGraphFile } from './graph-file';

/** The repository's `scenarios/` folder, wherever the command is run from. */
export const scenariosDir = fileURLToPath(new URL('../../scenarios/', import.meta.url));

/** A scenario by id (`scenarios/ID.json`, then `scenarios/graphs/ID.json`) or by path. */
export function resolveScenario(idOrPath: string): string {
  if (idOrPath.endsWith('.json')) return idOrPath;
  for (const file of [`${scenariosDir}${idOrPath}.json`, `${scenariosDir}graphs/${idOrPath}.json`]) {
    if (existsSync(file)) return file;
  }
  throw new UsageError(
    `no scenario "${idOrPath}": looked for scenarios/${idOrPath}.json and scenarios/graphs/${idOrPath}.json`,
  );
}

function read(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${file}: cannot read the ${what} (${code === 'ENOENT' ? 'no such file' : code})`);
  }
}

export function readScenario(idOrPath: string): BenchScenario {
  const file = resolveScenario(idOrPath);
  const text = read(file, 'scenario file');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (scenarioKindOf(json) === 'graph') return { type: 'graph', graph: readGraphFile(file) };
  const parsed = parseScenario(text, file);
  if (!parsed.ok) throw new UsageError(parsed.error);
  return { type: 'task', spec: parsed.spec };
}

export function readProfiles(file = `${scenariosDir}profiles.json`): Record<string, ProfileSpec> {
  const parsed = parseProfiles(read(file, 'profiles file'), file);
  if (!parsed.ok) throw new UsageError(parsed.error);
  return parsed.profiles;
}
