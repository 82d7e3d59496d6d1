/**
 * A policy name read once, for every way into a run (the page's URL and forms, the CLI, the API)
 * and for resolving it (resolve-policy.ts): a built-in policy (policy/registry.ts), the `llm`
 * orchestrator, a fixed setting (`fixed:WIDTH/PROFILE`), or a learned policy of a registered kind
 * (`KIND:REF`, kinds/registry.ts). A name that is none of these is refused here, in the same
 * words everywhere. Whether a learned policy's checkpoint exists is the host's to say (a file in
 * Node, a saved policy in the page); the name's form is not.
 */

import { policyNames } from '../policy/registry';
import { parseFixed } from './fixed-policy';
import { isLearnedKind, LEARNED_KINDS, type LearnedKindId } from './kinds/registry';

/** The orchestrator that is a model (docs/models.md): it plays offline on the simulated model. */
export const LLM_POLICY = 'llm';

/** A policy name's form, as read. */
export type PolicyName =
  | { readonly form: 'built-in'; readonly name: string }
  | { readonly form: 'llm' }
  | { readonly form: 'fixed'; readonly setting: string }
  | { readonly form: 'learned'; readonly kind: LearnedKindId; readonly ref: string };

/** Every form a policy name takes, as messages list them. */
export const policyForms = (): string =>
  [...policyNames(), LLM_POLICY, 'fixed:WIDTH/PROFILE', ...LEARNED_KINDS.map((k) => `${k}:CHECKPOINT`)].join(
    ', ',
  );

/** A trained policy's reference: a file path in Node, a saved policy's name in the page. */
const REF = /^[^\p{Cc}]{1,500}$/u;

/** `name` read, or why it is no policy name any host accepts. */
export function parsePolicyName(name: string): PolicyName | { readonly problem: string } {
  if (name === LLM_POLICY) return { form: 'llm' };
  if (policyNames().includes(name)) return { form: 'built-in', name };
  const colon = name.indexOf(':');
  const kind = colon < 0 ? '' : name.slice(0, colon);
  const ref = name.slice(colon + 1);
  if (kind === 'fixed') {
    try {
      parseFixed(ref);
      return { form: 'fixed', setting: ref };
    } catch (error) {
      return { problem: `"${name}" is not a fixed setting: ${(error as Error).message}` };
    }
  }
  if (isLearnedKind(kind)) {
    return REF.test(ref)
      ? { form: 'learned', kind, ref }
      : { problem: `"${name}" names no checkpoint (${kind}:CHECKPOINT)` };
  }
  return { problem: `"${name}" is not a policy (one of: ${policyForms()})` };
}

/** Why `name` is not a policy name any host accepts, or undefined when it is one. */
export function policyProblem(name: string): string | undefined {
  const read = parsePolicyName(name);
  return 'problem' in read ? read.problem : undefined;
}
