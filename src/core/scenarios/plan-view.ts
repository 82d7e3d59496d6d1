/** What a policy sees of a task instance before it plans it (policy-port.ts, PlanView). */
import type { PlanView } from '../policy/types';
import { instanceEngines } from './prepare';
import type { TaskScenarioSpec } from './spec-types';
import type { ScenarioInstance } from './types';

export function planView(spec: TaskScenarioSpec, instance: ScenarioInstance): PlanView {
  return {
    kind: spec.kind,
    size: instance.size,
    engines: spec.engines !== undefined ? instanceEngines(spec.engines, instance.seed) : Number.POSITIVE_INFINITY,
    maxCriticalSteps: spec.budgets?.maxCriticalSteps ?? Number.POSITIVE_INFINITY,
  };
}
