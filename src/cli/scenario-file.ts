import { existsSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchScenario } from '../core/bench/run-bench';
import { type MixSpec, parseMix } from '../core/learning/mix';
import { parseProfiles } from '../core/scenarios/profiles';
import { kindOf, type TaskScenarioSpec } from '../core/scenarios/registry';
import { parseScenario, scenarioKindOf } from '../core/scenarios/spec';
import type { ProfileSpec } from '../core/scenarios/spec-types';
import { PROVIDER_IDS } from '../providers/registry';
import { UsageError } from './errors';
import { readGraphFile } from './graph-file';
import { readInputFile } from './input-file';

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

/**
 * The files a scenario is read from, for a command's check that it writes none of its inputs: the
 * scenario's file, or none for a kind whose own file is bundled with it (no file on disk).
 */
export function scenarioInputs(idOrPath: string): string[] {
  const own =
    !idOrPath.endsWith('.json') && !existsSync(`${scenariosDir}${idOrPath}.json`) && kindOf(idOrPath);
  return own ? [] : [resolveScenario(idOrPath)];
}

const read = (file: string, what: string): string => readInputFile(file, what);

/** What a scenario file is checked against when it is read. */
export interface ReadOptions {
  /** The profiles a scenario's `profile` must name (default: those of `profilesFile`). */
  readonly profiles?: Readonly<Record<string, ProfileSpec>>;
  /** Where those profiles come from, for messages (default scenarios/profiles.json). */
  readonly profilesFile?: string;
  /** The mix files being read around this one, outermost first: a mix must not reach itself. */
  readonly within?: readonly string[];
}

const realOrSame = (file: string): string => {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
};

/**
 * A task scenario's `profile` is checked when the file is read, naming the file and the field:
 * unchecked, `"profile": "huge"` failed mid-run with a stack trace that named neither.
 */
function checkProfile(spec: TaskScenarioSpec, file: string, options: ReadOptions): void {
  if (spec.profile === undefined) return;
  const profilesFile = options.profilesFile ?? `${scenariosDir}profiles.json`;
  const profiles = options.profiles ?? readProfiles(profilesFile);
  if (!Object.hasOwn(profiles, spec.profile)) {
    throw new UsageError(
      `${file}: profile: "${spec.profile}" is not a profile of ${options.profilesFile ?? 'scenarios/profiles.json'} (one of: ${Object.keys(profiles).join(', ')})`,
    );
  }
}

export function readScenario(idOrPath: string, options: ReadOptions = {}): BenchScenario {
  const own = ownFileOf(idOrPath);
  if (own) return own;
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
    return { type: 'mix', ...readMix(file, text, options) };
  }
  const parsed = parseScenario(text, file);
  if (!parsed.ok) throw new UsageError(parsed.error);
  checkProfile(parsed.spec, file, options);
  return { type: 'task', spec: parsed.spec };
}

/**
 * A registered kind whose file is not in `scenarios/` (a kind that keeps it in its own folder):
 * the kind's own file, checked like any other.
 */
function ownFileOf(id: string): BenchScenario | undefined {
  if (id.endsWith('.json') || existsSync(`${scenariosDir}${id}.json`)) return undefined;
  const kind = kindOf(id);
  if (!kind) return undefined;
  const parsed = parseScenario(JSON.stringify(kind.file), `${id} (the kind's own file)`);
  if (!parsed.ok) throw new UsageError(parsed.error);
  return { type: 'task', spec: parsed.spec };
}

/** A mix file and the task scenarios it names (each read as `scenarios/ID.json`). */
export function readMix(
  file: string,
  text = read(file, 'mix file'),
  options: ReadOptions = {},
): { mix: MixSpec; specs: Record<string, TaskScenarioSpec> } {
  const parsed = parseMix(text, file);
  if (!parsed.ok) throw new UsageError(parsed.error);
  const specs: Record<string, TaskScenarioSpec> = {};
  const chain = [...(options.within ?? []), file];
  const chainReal = chain.map(realOrSame);
  for (const [i, c] of parsed.spec.components.entries()) {
    // Before reading it: a mix that lists itself, directly or through another mix, would be read
    // again and again until the stack overflowed.
    const seenAt = chainReal.indexOf(realOrSame(resolveScenario(c.scenario)));
    if (seenAt >= 0) {
      throw new UsageError(
        `${file}: components[${i}].scenario: "${c.scenario}" is ${seenAt === chain.length - 1 ? 'this mix itself' : `the mix ${chain[seenAt]}, which lists this one`}; a mix lists task scenarios, not itself`,
      );
    }
    const scenario = readScenario(c.scenario, { ...options, within: chain });
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
  const parsed = parseProfiles(read(file, 'profiles file'), file, PROVIDER_IDS);
  if (!parsed.ok) throw new UsageError(parsed.error);
  return parsed.profiles;
}
