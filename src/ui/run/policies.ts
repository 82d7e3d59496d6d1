import { isLearnedKind } from '../../core/learning/kinds/registry';
import { parsePolicyName } from '../../core/learning/policy-name';
import type { Policy } from '../../core/policy/types';
import { type CheckpointSource, policyOf } from '../../core/request/policy-of';
import { profileHashes } from '../../core/scenarios/profiles';
import type { PlayMode } from '../../core/trace/events';
/**
 * A policy by the name the URL holds: a built-in one, or one trained in this browser and saved in
 * the library (`KIND:NAME`, a learned kind of core/learning/kinds), checked against the profiles it
 * was trained with. Refused in the words every host uses (core/request/compose-run.ts).
 */
import { profiles } from '../catalog';
import { type Words, words } from '../i18n/words';
import { services } from '../services';
import { savedPolicyList } from './saved-policies';

/** Saved policies a run can use (the scenario mix's), with their kind, for the policy picker. */
export async function savedPolicies(): Promise<{ name: string; kind: string }[]> {
  return (await savedPolicyList())
    .filter((p) => isLearnedKind(p.kind))
    .map(({ name, kind }) => ({ name, kind }));
}

/** The page's checkpoints (`KIND:NAME`): policies saved in this browser, for its runs and its API. */
export const savedCheckpoints: CheckpointSource = {
  describe: 'the name of a policy saved in this browser, as the Train view lists it',
  load: async (ref) => (await (await services.policies()).get(ref))?.checkpoint,
};

let hashes: Promise<Record<string, string>> | undefined;

/** Profile name → sha256 of its definition, as checkpoints record them; computed once. */
export function bundledProfileHashes(): Promise<Record<string, string>> {
  hashes ??= profileHashes(profiles);
  return hashes;
}

/**
 * The page's own refusal of a saved policy this browser does not have, in the page's language (its
 * English is the core's refusal, which the API still gives as it is); undefined for any other name.
 */
export async function missingSavedPolicy(name: string): Promise<Words | undefined> {
  const read = parsePolicyName(name);
  if ('problem' in read || read.form !== 'learned') return undefined;
  const saved = await savedCheckpoints.load(read.ref);
  return saved === undefined ? words('runError.noSavedPolicy', { ref: read.ref }) : undefined;
}

/** Resolves a policy name other than `llm`; a missing or unusable saved policy is an Error that says why. */
export function resolvePolicy(name: string, play: PlayMode = 'greedy'): Promise<Policy> {
  return policyOf(name, play, {
    profiles,
    checkpoints: savedCheckpoints,
    simulated: () => {
      throw new Error('the llm orchestrator is resolved by the run (session.ts)');
    },
  });
}
