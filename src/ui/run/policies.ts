/**
 * A policy by the name the URL holds: a built-in one, or one trained in this browser and saved in
 * the library (`parl:NAME`, `bandit:NAME`), checked against the profiles it was trained with.
 */

import { banditPolicy } from '../../core/learning/bandit-policy';
import { loadPolicy } from '../../core/learning/checkpoint';
import { parlPolicy } from '../../core/learning/parl';
import { policyByName, policyNames } from '../../core/policy/registry';
import type { Policy } from '../../core/policy/types';
import { profileHashes } from '../../core/scenarios/profiles';
import { profiles } from '../catalog';
import { services } from '../services';

/** Saved policies with their kind, for the policy picker. */
export async function savedPolicies(): Promise<{ name: string; kind: string }[]> {
  const store = await services.policies();
  const out: { name: string; kind: string }[] = [];
  for (const p of await store.list()) {
    const kind = ((await store.get(p.name))?.checkpoint as { kind?: unknown } | undefined)?.kind;
    if (kind === 'parl' || kind === 'bandit') out.push({ name: p.name, kind });
  }
  return out;
}

let hashes: Promise<Record<string, string>> | undefined;

/** Profile name → sha256 of its definition, as checkpoints record them; computed once. */
export function bundledProfileHashes(): Promise<Record<string, string>> {
  hashes ??= profileHashes(profiles);
  return hashes;
}

/** Resolves a policy name; a missing or unusable saved policy is an Error that says why. */
export async function resolvePolicy(name: string): Promise<Policy> {
  const colon = name.indexOf(':');
  if (colon < 0) {
    if (!policyNames().includes(name)) throw new Error(`There is no built-in policy "${name}".`);
    return policyByName(name);
  }
  const kind = name.slice(0, colon);
  const saved = name.slice(colon + 1);
  const store = await services.policies();
  const json = (await store.get(saved))?.checkpoint;
  if (json === undefined) {
    throw new Error(`No policy named "${saved}" is saved in this browser. Train one, or load a policy file.`);
  }
  const loaded = loadPolicy(json, await bundledProfileHashes());
  if (loaded.kind !== kind) {
    throw new Error(`"${saved}" is a ${loaded.kind} policy, not ${kind}.`);
  }
  return loaded.kind === 'parl'
    ? parlPolicy({ params: loaded.params, mode: 'greedy', profiles: loaded.checkpoint.allowedProfiles, name })
    : banditPolicy(loaded.bandit, loaded.checkpoint.arms, undefined, name);
}
