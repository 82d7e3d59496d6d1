import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchScenario } from '../core/bench/run-bench';
import { type MixSpec, parseMix } from '../core/learning/mix';
import { parseProfiles } from '../core/scenarios/profiles';
import { parseScenario, scenarioKindOf } from '../core/scenarios/spec';
import type { ProfileSpec, TaskScenarioSpec } from '../core/scenarios/spec-types';
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
  if (typeof json === 'object' && json !== null && (json as { kind?: unknown }).kind === 'mix') {
    return { type: 'mix', ...readMix(file, text) };
  }
  const parsed = parseScenario(text, file);
  if (!parsed.ok) throw new UsageError(parsed.error);
  return { type: 'task', spec: parsed.spec };
}

/** A mix file and the task scenarios it names (each read as `scenarios/ID.json`). */
export function readMix(
  file: string,
  text = read(file, 'mix file'),
): { mix: MixSpec; specs: Record<string, TaskScenarioSpec> } {
  const parsed = parseMix(text, file);
  if (!parsed.ok) throw new UsageError(parsed.error);
  const specs: Record<string, TaskScenarioSpec> = {};
  for (const c of parsed.spec.components) {
    const scenario = readScenario(c.scenario);
    if (scenario.type !== 'task')
      throw new UsageError(`${file}: component "${c.scenario}" is not a task scenario`);
    const { min, max } = scenario.spec.size;
    if (c.sizes[0] < min || c.sizes[1] > max) {
      throw new UsageError(
        `${file}: sizes of "${c.scenario}" must lie within ${min}…${max}, got [${c.sizes.join(', ')}]`,
      );
    }
    specs[c.scenario] = scenario.spec;
  }
  return { mix: parsed.spec, specs };
}

export function readProfiles(file = `${scenariosDir}profiles.json`): Record<string, ProfileSpec> {
  const parsed = parseProfiles(read(file, 'profiles file'), file);
  if (!parsed.ok) throw new UsageError(parsed.error);
  return parsed.profiles;
}
