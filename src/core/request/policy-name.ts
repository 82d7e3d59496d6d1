/**
 * Which policy names a run accepts, said once for every way into a run: read by
 * learning/policy-name.ts, which resolving a name reads them by too.
 */

export { LLM_POLICY, policyForms, policyProblem } from '../learning/policy-name';
