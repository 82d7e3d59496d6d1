/**
 * Which plan modes (formations) a scenario can be run in, and, for one it cannot, the sentence
 * that says so and what to pick instead. `prepareRun` throws it; the CLI checks every policy
 * against every scenario of a command before its first run, so a wrong pair is a usage error
 * (exit 2, nothing written) rather than a crash after some runs have written their files.
 */

import { scenarioKinds } from '../scenarios/registry';
import { type PlanMode, TOPOLOGIES } from '../trace/events';

/** Every kind has a single and a swarm plan; a peers plan only where its `formations` lists one. */
const DEFAULT: readonly PlanMode[] = TOPOLOGIES.filter((m) => m !== 'peers');

/** The formations of a task scenario's kind; a graph's tasks are scheduled one at a time or many. */
export function formationsOf(kind: string): readonly PlanMode[] {
  if (kind === 'graph') return DEFAULT;
  return scenarioKinds[kind as keyof typeof scenarioKinds]?.formations ?? DEFAULT;
}

const named = (mode: PlanMode) => (mode === 'peers' ? 'decentralized (peers)' : mode);

/** Why `kind` cannot run in `mode`, or undefined when it can. */
export function formationProblem(kind: string, mode: PlanMode): string | undefined {
  const formations = formationsOf(kind);
  if (formations.includes(mode)) return undefined;
  const withMode = Object.values(scenarioKinds)
    .filter((k) => (k.formations ?? DEFAULT).includes(mode))
    .map((k) => k.kind);
  const runs = kind === 'graph' ? 'an orchestrator runs its tasks' : `it runs as ${formations.join(' or ')}`;
  return (
    `the ${kind} scenario has no ${named(mode)} plan: ${runs}. ` +
    `Pick another policy, or a scenario that has one (${withMode.join(', ')}).`
  );
}
