import { existsSync } from 'node:fs';
import { resolvePolicy as resolveNamedPolicy } from '../core/learning/resolve-policy';
import type { Policy } from '../core/policy/types';
import { policyForms as forms, policyProblem } from '../core/request/policy-name';
import { profileHashes } from '../core/scenarios/profiles';
import type { PlayMode } from '../core/trace/events';
import { UsageError } from './errors';
import { readInputFile } from './input-file';

export { profileHashes };

/** The forms a policy name takes, for help: one list with the page and the API (core/request). */
export const policyForms = forms().replaceAll(', ', ' | ').replaceAll(':CHECKPOINT', ':FILE');

/** A built-in policy by name, or a trained one from its checkpoint (`KIND:FILE`). */
export function resolvePolicy(
  spec: string,
  hashes: Readonly<Record<string, string>>,
  play: PlayMode = 'greedy',
): Promise<Policy> {
  // A name's form is refused in the words the page and the API use (core/request/policy-name.ts).
  const problem = policyProblem(spec.trim());
  if (problem) return Promise.reject(new UsageError(problem));
  return resolveNamedPolicy(
    spec.trim(),
    {
      load: readCheckpoint,
      hashes: () => hashes,
      messages: {
        // readCheckpoint throws rather than finding nothing.
        missing: (file) => `${file}: no such file`,
        unloadable: (file, reason) => `${file}: ${reason}`,
        wrongKind: (file, actual, asked) =>
          `${file}: it is a ${actual} policy, not ${asked} (use ${actual}:${file})`,
      },
      fail: (message) => new UsageError(message),
    },
    play,
  );
}

export function readCheckpoint(file: string): unknown {
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
