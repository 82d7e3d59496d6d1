/**
 * What a worker checks of a record it reads from Redis before it makes a run of it: anyone who
 * can write to the server can put a record there, so the record is held to what the CLI holds a
 * launcher's files and flags to (docs/scale-out.md, "Failures"). A sweep record whose
 * `size.max` had been raised kept a worker busy for 4 minutes at 536 MB; the command would have
 * refused the file. The problems are said in this project's words: a field and what it must be,
 * never the record's text.
 */

import { buildGraph } from '../../core/graph/validate';
import { parseMix } from '../../core/learning/mix';
import { checkAgainst, RequestError } from '../../core/request/run-input';
import { parseProfiles } from '../../core/scenarios/profiles';
import type { TaskScenarioSpec } from '../../core/scenarios/registry';
import { parseScenario } from '../../core/scenarios/spec';
import type { ProfileSpec } from '../../core/scenarios/spec-types';
import { faultKinds } from '../../core/trace/events';
import { preferenceValueProblem } from '../../core/trace/preference';
import { SIMULATED } from '../../core/trace/simulated-id';
import { PROVIDER_IDS } from '../../providers/registry';
import { MAX_SEED, MAX_SEEDS, MAX_TIMER_MS } from '../limits';
import type { SweepScenario } from './bench-sweep-spec';
import type { SweepSpec } from './sweep-spec';

const isWhole = (n: unknown, min: number, max: number): n is number =>
  typeof n === 'number' && Number.isSafeInteger(n) && n >= min && n <= max;

/** The problems of a task scenario as the CLI's parser sees them (its file: `what`). */
function taskProblems(spec: unknown, what: string): string[] {
  const parsed = parseScenario(JSON.stringify(spec), what);
  return parsed.ok ? [] : [parsed.error];
}

function profileProblems(profiles: unknown): string[] {
  const parsed = parseProfiles(JSON.stringify(profiles), 'its profiles', PROVIDER_IDS);
  return parsed.ok ? [] : [parsed.error];
}

/** A mix and its component scenarios, as `readMix` checks a mix file and the files it names. */
export function mixProblems(mix: unknown, specs: unknown, what: string): string[] {
  const parsed = parseMix(JSON.stringify(mix), what);
  if (!parsed.ok) return [parsed.error];
  if (typeof specs !== 'object' || specs === null) return [`${what}: its component scenarios are missing`];
  const problems: string[] = [];
  for (const c of parsed.spec.components) {
    const spec = (specs as Record<string, unknown>)[c.scenario];
    const own = taskProblems(spec, `${what}: component "${c.scenario}"`);
    if (own.length > 0) {
      problems.push(...own);
      continue;
    }
    const { min, max } = (spec as TaskScenarioSpec).size;
    if (c.sizes[0] < min || c.sizes[1] > max)
      problems.push(`${what}: sizes of "${c.scenario}" must lie within ${min}…${max}`);
  }
  return problems;
}

function scenarioProblems(scenario: SweepScenario): string[] {
  if (scenario.type === 'task') return taskProblems(scenario.spec, 'its scenario');
  if (scenario.type === 'mix') return mixProblems(scenario.mix, scenario.specs, 'its mix');
  if (scenario.type === 'graph') {
    const built = buildGraph(scenario.graph);
    return built.ok ? [] : built.issues.map((i) => `its graph: ${i.message}`);
  }
  return ['its scenario is not a task scenario, a mix or a graph'];
}

function seedProblems(seeds: unknown): string[] {
  if (!Array.isArray(seeds) || seeds.length < 1 || seeds.length > MAX_SEEDS)
    return [`its seeds must be a list of 1 to ${MAX_SEEDS}`];
  return seeds.every((s) => isWhole(s, 0, MAX_SEED))
    ? []
    : [`its seeds must be whole numbers from 0 to ${MAX_SEED}`];
}

/** Every problem of a sweep record, as the CLI would have refused it; empty when it is sound. */
export function sweepProblems(spec: SweepSpec): string[] {
  const problems = seedProblems(spec.seeds);
  if (
    !Array.isArray(spec.policies) ||
    spec.policies.length < 1 ||
    !spec.policies.every((p) => typeof p === 'string')
  )
    problems.push('its policies must be a list of names');
  if (spec.kind === 'chaos') {
    const s = spec.settings;
    problems.push(...taskProblems(s?.spec, 'its scenario'), ...profileProblems(s?.profiles));
    if (!Array.isArray(s?.faults) || !s.faults.every((f) => (faultKinds as readonly string[]).includes(f)))
      problems.push(`its faults must be among ${faultKinds.join(', ')}`);
    if (s?.healing !== 'on' && s?.healing !== 'detect') problems.push('its healing must be on or detect');
    if (!isWhole(s?.unresponsiveMs, 1, MAX_TIMER_MS) || !isWhole(s?.hangMs, 1, MAX_TIMER_MS))
      problems.push(`its unresponsive and hang times must be whole milliseconds from 1 to ${MAX_TIMER_MS}`);
    else if (s.hangMs <= s.unresponsiveMs)
      problems.push('its hang time must be longer than its unresponsive time');
    return problems;
  }
  if (spec.kind !== 'bench') return [...problems, 'its kind is neither bench nor chaos'];
  const own = scenarioProblems(spec.scenario);
  problems.push(...own, ...profileProblems(spec.profiles));
  if (spec.preference !== undefined) {
    const p = spec.preference as { cost?: unknown; time?: unknown } | null;
    const problem =
      typeof p !== 'object' || p === null
        ? 'preference must be {cost, time}'
        : (preferenceValueProblem('preference.cost', p.cost) ??
          preferenceValueProblem('preference.time', p.time));
    if (problem) problems.push(`its ${problem}`);
  }
  if (spec.deadlineMs !== undefined && !isWhole(spec.deadlineMs, 1, MAX_TIMER_MS))
    problems.push(`its reply deadline must be whole milliseconds from 1 to ${MAX_TIMER_MS}`);
  if (own.length > 0 || spec.scenario.type !== 'task') {
    if (spec.size !== undefined) problems.push('its size applies to task scenarios only');
    return problems;
  }
  // The run's own fields, as `swarm bench` checks its --size and --profile.
  try {
    checkAgainst(
      {
        scenario: spec.scenario.spec.id,
        ...(spec.size !== undefined ? { size: spec.size } : {}),
        ...(spec.profile !== undefined ? { profile: spec.profile } : {}),
      },
      { type: 'task', spec: spec.scenario.spec },
      {
        profiles: spec.profiles as Record<string, ProfileSpec>,
        sandbox: true,
        knowledgeBase: false,
        providers: [SIMULATED],
      },
    );
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    problems.push(`its ${error.field}: ${error.message}`);
  }
  return problems;
}
