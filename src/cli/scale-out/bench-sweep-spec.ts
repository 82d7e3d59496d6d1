/**
 * A bench sweep as it is kept in Redis: everything a worker needs to make the same runs the
 * launcher's `swarm bench` would make locally: the scenario as read (a mix with its component
 * files), the profiles, the policies by name with the checkpoints they load, the seeds and the
 * run options. Workers read no file of the launcher's machine, so they need not share its disk.
 */

import { nodeSandbox } from '../../adapters/node/node-sandbox';
import type { ContextStrategyName } from '../../core/agents/context/registry';
import { benchInstance, runBenchOne } from '../../core/bench/bench-run';
import type { BenchOptions, BenchScenario } from '../../core/bench/bench-types';
import type { GraphScenario } from '../../core/graph/types';
import { buildGraph } from '../../core/graph/validate';
import { hashesToPlay } from '../../core/learning/price-features';
import type { Policy } from '../../core/policy/types';
import { policyOf } from '../../core/request/policy-of';
import type { ProfileSpec } from '../../core/scenarios/spec-types';
import type { Split } from '../../core/scenarios/splits';
import type { Preference } from '../../core/trace/preference';
import { simulatedCliProvider } from '../cli-provider';
import { type HealingFlag, healingFor } from '../reply-watch';

/**
 * The scenario as it crosses Redis: a task scenario or a mix as read (plain JSON), a graph as
 * its file's JSON, which the worker checks and builds again (a built graph holds a Map and typed
 * arrays, which JSON does not carry).
 */
export type SweepScenario =
  | Exclude<BenchScenario, { type: 'graph' }>
  | { readonly type: 'graph'; readonly graph: GraphScenario; readonly workers?: number };

/** A bench scenario as a sweep carries it. */
export function sweepScenarioOf(scenario: BenchScenario): SweepScenario {
  if (scenario.type !== 'graph') return scenario;
  const { id, tasks } = scenario.graph;
  return {
    type: 'graph',
    graph: { kind: 'graph', id, tasks },
    ...(scenario.workers !== undefined ? { workers: scenario.workers } : {}),
  };
}

/** The bench scenario a sweep carries; a graph that fails its checks throws, naming the problems. */
export function benchScenarioOf(scenario: SweepScenario): BenchScenario {
  if (scenario.type !== 'graph') return scenario;
  const built = buildGraph(scenario.graph);
  if (!built.ok) throw new Error(built.issues.map((i) => i.message).join('; '));
  return {
    type: 'graph',
    graph: built.graph,
    ...(scenario.workers !== undefined ? { workers: scenario.workers } : {}),
  };
}

export interface BenchSweepSpec {
  readonly kind: 'bench';
  /** The launcher's SWEEP_VERSION. */
  readonly version: string;
  readonly scenario: SweepScenario;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  /** Policy names as `--policies` gave them, in order. */
  readonly policies: readonly string[];
  /** Each `parl:FILE` / `bandit:FILE`'s FILE → the checkpoint JSON the launcher read from it. */
  readonly checkpoints: Readonly<Record<string, unknown>>;
  readonly seeds: readonly number[];
  readonly split?: Split;
  readonly baseline?: string;
  readonly size?: number;
  readonly context?: ContextStrategyName;
  readonly profile?: string;
  /** The cost and time preference of every run (`--preference`). */
  readonly preference?: Preference;
  readonly healing: HealingFlag;
  readonly deadlineMs?: number;
}

/**
 * The bench's options and policies from a sweep, made as `swarm bench` makes them from its flags
 * (simulated provider, Node sandbox, the healing mode asked for): the worker's side of a sweep.
 */
export async function benchSetup(
  spec: BenchSweepSpec,
): Promise<{ options: BenchOptions; policies: readonly Policy[] }> {
  const { provider, profiles } = simulatedCliProvider({ ...spec.profiles }, spec.deadlineMs);
  const hooks = healingFor(spec.healing, { realModel: false, deadlineMs: spec.deadlineMs, profiles });
  // As `swarm bench` checks them: each repriced profile's hash at the reference prices beside it
  // (price-features.ts), so a policy trained across prices plays a repriced sweep as it plays locally.
  const hashes = hashesToPlay({ ...spec.profiles });
  const policies: Policy[] = [];
  // Resolved as every host resolves a policy (core/request/policy-of.ts), from the checkpoints the
  // sweep carries; `llm` plays on the agents' simulated model.
  const checkpoints = {
    describe: 'a checkpoint the sweep carries',
    load: (ref: string) => (Object.hasOwn(spec.checkpoints, ref) ? spec.checkpoints[ref] : undefined),
  };
  for (const name of spec.policies) {
    policies.push(
      await policyOf(
        name,
        undefined,
        { profiles, hashes, checkpoints, simulated: () => provider },
        { provider, profiles },
      ),
    );
  }
  const options: BenchOptions = {
    scenario: benchScenarioOf(spec.scenario),
    policies,
    seeds: spec.seeds,
    ...(spec.split ? { split: spec.split } : {}),
    ...(spec.baseline !== undefined ? { baseline: spec.baseline } : {}),
    ...(spec.size !== undefined ? { size: spec.size } : {}),
    profiles,
    provider,
    ports: { sandbox: nodeSandbox },
    ...(spec.context ? { context: spec.context } : {}),
    ...(spec.profile ? { profile: spec.profile } : {}),
    ...(spec.preference ? { preference: spec.preference } : {}),
    clock: { now: () => performance.now() },
    ...(hooks ? { hooks } : {}),
  };
  return { options, policies };
}

/**
 * A worker's runs of a bench sweep: policy `policy` (its index) on seed `seed`, as its record.
 * Each run gets policies of its own: a policy keeps its run's state (the `llm` orchestrator its
 * conversation), and a worker with `--concurrency 2` plays two runs at once, which shared one
 * `llm` and gave another report than the local loop's (CI at c79bbdb).
 */
export async function benchRunner(
  spec: BenchSweepSpec,
): Promise<(policy: number, seed: number) => Promise<unknown>> {
  // Made once first, so a sweep a worker cannot set up fails before its first run.
  let spare: Awaited<ReturnType<typeof benchSetup>> | undefined = await benchSetup(spec);
  return async (index, seed) => {
    const setup = spare ?? (await benchSetup(spec));
    spare = undefined;
    const policy = setup.policies[index];
    if (!policy) throw new Error(`the sweep has no policy #${index}`);
    return (await runBenchOne(setup.options, policy, seed, benchInstance(setup.options, seed))).record;
  };
}
