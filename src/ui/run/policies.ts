import type { PlayMode } from '../../core/trace/events';
/**
 * A policy by the name the URL holds: a built-in one, or one trained in this browser and saved in
 * the library (`KIND:NAME`, a learned kind of core/learning/kinds), checked against the profiles it
 * was trained with.
 */

import { isLearnedKind } from '../../core/learning/kinds/registry';
import { resolvePolicy as resolveNamedPolicy } from '../../core/learning/resolve-policy';
import type { Policy } from '../../core/policy/types';
import { profileHashes } from '../../core/scenarios/profiles';
import { profiles } from '../catalog';
import { services } from '../services';
import { savedPolicyList } from './saved-policies';

/** Saved policies a run can use (the scenario mix's), with their kind, for the policy picker. */
export async function savedPolicies(): Promise<{ name: string; kind: string }[]> {
  return (await savedPolicyList())
    .filter((p) => isLearnedKind(p.kind))
    .map(({ name, kind }) => ({ name, kind }));
}

let hashes: Promise<Record<string, string>> | undefined;

/** Profile name → sha256 of its definition, as checkpoints record them; computed once. */
export function bundledProfileHashes(): Promise<Record<string, string>> {
  hashes ??= profileHashes(profiles);
  return hashes;
}

/** Resolves a policy name; a missing or unusable saved policy is an Error that says why. */
export async function resolvePolicy(name: string, play: PlayMode = 'greedy'): Promise<Policy> {
  return resolveNamedPolicy(
    name,
    {
      load: async (saved) => (await (await services.policies()).get(saved))?.checkpoint,
      hashes: bundledProfileHashes,
      messages: {
        missing: (saved) =>
          `No policy named "${saved}" is saved in this browser. Train one, or load a policy file.`,
        unloadable: (_saved, reason) => reason,
        wrongKind: (saved, actual, asked) => `"${saved}" is a ${actual} policy, not ${asked}.`,
      },
    },
    play,
  );
}
