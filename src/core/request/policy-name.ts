/**
 * Which policy names a run accepts, said once for every way into a run (the page's URL and forms,
 * the CLI, the API): a name is refused here, before anything starts, in the same words everywhere.
 * Whether a trained policy's checkpoint exists is the host's to say (a file in Node, a saved policy
 * in the page); the name's form is not.
 */

import { POLICY_KINDS } from '../learning/checkpoint';
import { parseFixed } from '../learning/fixed-policy';
import { policyNames } from '../policy/registry';

/** The orchestrator that is a model (docs/models.md): it plays offline on the simulated model. */
export const LLM_POLICY = 'llm';

/** Every form a policy name takes, as messages list them. */
export const policyForms = (): string =>
  [...policyNames(), LLM_POLICY, 'fixed:WIDTH/PROFILE', ...POLICY_KINDS.map((k) => `${k}:CHECKPOINT`)].join(
    ', ',
  );

/** A trained policy's reference: a file path in Node, a saved policy's name in the page. */
const REF = /^[^\p{Cc}]{1,500}$/u;

/** Why `name` is not a policy name any host accepts, or undefined when it is one. */
export function policyProblem(name: string): string | undefined {
  if (name === LLM_POLICY || policyNames().includes(name)) return undefined;
  const colon = name.indexOf(':');
  const kind = colon < 0 ? '' : name.slice(0, colon);
  const ref = name.slice(colon + 1);
  if (kind === 'fixed') {
    try {
      parseFixed(ref);
      return undefined;
    } catch (error) {
      return `"${name}" is not a fixed setting: ${(error as Error).message}`;
    }
  }
  if ((POLICY_KINDS as readonly string[]).includes(kind)) {
    return REF.test(ref) ? undefined : `"${name}" names no checkpoint (${kind}:CHECKPOINT)`;
  }
  return `"${name}" is not a policy (one of: ${policyForms()})`;
}
