import { readFileSync } from 'node:fs';
import { banditPolicy } from '../core/learning/bandit-policy';
import { loadPolicy } from '../core/learning/checkpoint';
import { parlPolicy } from '../core/learning/parl';
import { policyByName, policyNames } from '../core/policy/registry';
import type { Policy } from '../core/policy/types';
import { profileHashes } from '../core/scenarios/profiles';
import { UsageError } from './errors';

export { profileHashes };

export const policyForms = `${policyNames().join(' | ')} | llm | parl:FILE | bandit:FILE`;

/** A built-in policy by name, or a trained one from its checkpoint (`parl:FILE`, `bandit:FILE`). */
export function resolvePolicy(spec: string, hashes: Readonly<Record<string, string>>): Policy {
  const name = spec.trim();
  const colon = name.indexOf(':');
  if (colon < 0) {
    if (!policyNames().includes(name))
      throw new UsageError(`unknown policy "${name}"; known: ${policyForms}`);
    return policyByName(name);
  }
  const kind = name.slice(0, colon);
  const file = name.slice(colon + 1);
  if (kind !== 'parl' && kind !== 'bandit') {
    throw new UsageError(`policy "${name}": expected parl:FILE or bandit:FILE`);
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    throw new UsageError(
      `${file}: ${e.code === 'ENOENT' ? 'no such file' : e.code ? `cannot read it (${e.code})` : `not JSON (${e.message})`}`,
    );
  }
  let loaded: ReturnType<typeof loadPolicy>;
  try {
    loaded = loadPolicy(json, hashes);
  } catch (error) {
    throw new UsageError(`${file}: ${(error as Error).message}`);
  }
  if (loaded.kind !== kind)
    throw new UsageError(`${file}: it is a ${loaded.kind} policy, not ${kind} (use ${loaded.kind}:${file})`);
  return loaded.kind === 'parl'
    ? parlPolicy({ params: loaded.params, mode: 'greedy', profiles: loaded.checkpoint.allowedProfiles, name })
    : banditPolicy(loaded.bandit, loaded.checkpoint.arms, undefined, name);
}

/** A policy name as a file-name part (`parl:runs/p.json` → `parl_runs_p.json`). */
export const fileSafe = (name: string): string => name.replace(/[^\w.-]+/g, '_');
