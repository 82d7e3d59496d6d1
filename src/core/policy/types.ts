/**
 * The port a policy implements. The runtime declares it (runtime/policy-port.ts), since the
 * runtime calls it and must not import any policy; the policies read it from here.
 */
export type {
  Action,
  Deliberation,
  PlanDecision,
  PlanQuestion,
  PlanView,
  Policy,
  PolicyContext,
  RunView,
  SubagentBrief,
  TaskBrief,
} from '../runtime/policy-port';
export { planChooser, planDecisionOf } from '../runtime/policy-port';
