/**
 * `swarm bench --policies`: each name resolved to the policy it plays, and refused, before any
 * run, when the scenario cannot run it (a plan the scenario has no formation for, llm on a graph)
 * or the list names one twice. One by one, so the first bad name in the list is the one reported.
 */

import type { Policy } from '../core/policy/types';
import type { Provider } from '../core/providers/types';
import { LLM_POLICY } from '../core/request/policy-name';
import { formationProblem } from '../core/run/formations';
import type { ProfileSpec } from '../core/scenarios/spec-types';
import type { PlayMode } from '../core/trace/events';
import { UsageError } from './errors';
import { resolvePolicy } from './policy-file';
import type { readScenario } from './scenario-file';

type Scenario = ReturnType<typeof readScenario>;

export async function benchPolicies(
  list: string,
  scenario: Scenario,
  provider: Provider,
  profiles: Readonly<Record<string, ProfileSpec>>,
  hashes: Readonly<Record<string, string>>,
  /** How a trained policy plays: greedily, or by sampling (its logs then weigh other policies). */
  play?: PlayMode,
): Promise<Policy[]> {
  const policies: Policy[] = [];
  for (const name of list.split(',')) {
    if (name.trim() === LLM_POLICY && scenario.type !== 'task')
      throw new UsageError('--policies: llm orchestrates task scenarios, not graphs');
    try {
      // The subagents' provider plays `llm` too: with the simulated one, the whole path runs offline.
      policies.push(await resolvePolicy(name, profiles, play, { hashes, model: provider }));
    } catch (error) {
      throw new UsageError(`--policies: ${(error as Error).message}`);
    }
  }
  // Named twice, a policy's column held twice the runs its intervals were computed for.
  const twice = policies.map((p) => p.name).find((name, i, all) => all.indexOf(name) !== i);
  if (twice !== undefined) throw new UsageError(`--policies names ${twice} twice; name each policy once`);
  // A policy whose plan a scenario has not (peers on a graph or a search) fails before any run.
  const kinds =
    scenario.type === 'task'
      ? [scenario.spec.kind]
      : scenario.type === 'graph'
        ? ['graph']
        : Object.values(scenario.specs).map((s) => s.kind);
  for (const p of policies)
    for (const kind of new Set(kinds)) {
      const problem = formationProblem(kind, p.plan ?? 'swarm');
      if (problem) throw new UsageError(`--policies ${p.name}: ${problem}`);
    }
  return policies;
}
