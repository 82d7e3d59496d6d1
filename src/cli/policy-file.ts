import { existsSync } from 'node:fs';
import { resolvePolicy as resolveNamedPolicy } from '../core/learning/resolve-policy';
import { policyNames } from '../core/policy/registry';
import type { Policy } from '../core/policy/types';
import { profileHashes } from '../core/scenarios/profiles';
import { UsageError } from './errors';
import { readInputFile } from './input-file';

export { profileHashes };

export const policyForms = `${policyNames().join(' | ')} | llm | fixed:WIDTH/PROFILE | parl:FILE | bandit:FILE`;

/** A built-in policy by name, or a trained one from its checkpoint (`parl:FILE`, `bandit:FILE`). */
export function resolvePolicy(spec: string, hashes: Readonly<Record<string, string>>): Promise<Policy> {
  return resolveNamedPolicy(spec.trim(), {
    load: readCheckpoint,
    hashes: () => hashes,
    messages: {
      unknownBuiltIn: (name) => `unknown policy "${name}"; known: ${policyForms}`,
      unknownKind: (name) => `policy "${name}": expected parl:FILE or bandit:FILE`,
      // readCheckpoint throws rather than finding nothing.
      missing: (file) => `${file}: no such file`,
      unloadable: (file, reason) => `${file}: ${reason}`,
      wrongKind: (file, actual, asked) =>
        `${file}: it is a ${actual} policy, not ${asked} (use ${actual}:${file})`,
    },
    fail: (message) => new UsageError(message),
  });
}

function readCheckpoint(file: string): unknown {
  if (!existsSync(file)) throw new UsageError(`${file}: no such file`);
  const text = readInputFile(file, 'policy checkpoint');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file}: not JSON (${(error as Error).message})`);
  }
}

/** A policy name as a file-name part (`parl:runs/p.json` → `parl_runs_p.json`). */
export const fileSafe = (name: string): string => name.replace(/[^\w.-]+/g, '_');
