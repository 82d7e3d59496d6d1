/**
 * A run built for a policy, with its plan chosen by the policy (issue 41, item 2): single or swarm,
 * and a swarm's shard size and replicas. A policy that decides at once (`planFor`) is asked inside
 * prepareRun, which is synchronous. A policy that thinks first, as a model does (the `llm`
 * orchestrator's `deliberation.plan`), cannot be awaited there: its plan turn is taken here,
 * before the run is built, on the same plan view prepareRun would show, and the run is then built
 * with its decision. Every way into a run that can carry such a policy (the page, the API, bench,
 * runScenario, fork) comes through here, so none skips the plan turn.
 */

import type { Policy } from '../policy/types';
import { planChooser } from '../policy/types';
import type { PlanQuestion } from '../runtime/policy-port';
import { MAX_REPLICAS } from '../scenarios/cut';
import { scenarioKinds } from '../scenarios/registry';
import type { ScenarioInstance } from '../scenarios/types';
import { formationsOf } from './formations';
import { planView } from './instance-world';
import {
  type PreparedRun,
  type PreparedTaskRun,
  planProblem,
  prepareRun,
  type RunInput,
  type RunScenario,
  runSpec,
} from './prepare';

/** What to build a run from; its plan is the policy's. */
export type PolicyRunInput = Omit<RunInput, 'plan'>;

/**
 * prepareRun with `policy`'s plan. A policy without a plan turn goes through prepareRun exactly
 * as before (its `planFor` is asked there); one with a plan turn takes it first, on a task
 * scenario (a graph has no kind to cut and no task to read: its plan is the policy's `plan`).
 */
export function prepareRunFor(
  policy: Policy,
  input: PolicyRunInput & { readonly scenario: { readonly type: 'task' } },
  signal?: AbortSignal,
): Promise<PreparedTaskRun>;
export function prepareRunFor(
  policy: Policy,
  input: PolicyRunInput,
  signal?: AbortSignal,
): Promise<PreparedRun>;
export async function prepareRunFor(
  policy: Policy,
  input: PolicyRunInput,
  signal?: AbortSignal,
): Promise<PreparedRun> {
  const deliberation = policy.deliberation;
  const { scenario } = input;
  if (!deliberation?.plan || scenario.type !== 'task')
    return prepareRun({ ...input, plan: planChooser(policy) });
  const { question, instance } = planQuestionOf({ ...input, scenario });
  const decision = await deliberation.plan(question, signal);
  return prepareRun({ ...input, scenario: { ...scenario, instance }, plan: decision });
}

/**
 * What a deliberating policy plans a task run from — the plan view prepareRun would show, the
 * modes and cuts it would accept and its check of them — with the instance drawn for it (drawn
 * once: the run is built on the instance the policy planned for).
 */
export function planQuestionOf(
  input: PolicyRunInput & { readonly scenario: Extract<RunScenario, { type: 'task' }> },
): { readonly question: PlanQuestion; readonly instance: ScenarioInstance } {
  const { scenario } = input;
  const spec = runSpec(scenario.spec, input.overrides ?? {});
  const kind = scenarioKinds[spec.kind];
  const instance =
    scenario.instance ?? kind.generate(spec as never, input.seed, input.size ?? spec.size.default);
  const view = planView(spec, instance, kind.cuts);
  // An own request is planned from its roles and takes no cut: the model is not offered one.
  const { cuts: _, ...uncut } = view;
  const question: PlanQuestion = {
    view: spec.request ? uncut : view,
    modes: formationsOf(spec.kind),
    maxReplicas: MAX_REPLICAS,
    seed: instance.seed,
    problem: (decision) => planProblem(spec, decision),
  };
  return { question, instance };
}
