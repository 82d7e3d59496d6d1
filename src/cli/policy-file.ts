import { existsSync } from 'node:fs';
import { fileCheckpoints, readCheckpointFile } from '../adapters/node/checkpoint-file';
import { InputFileError } from '../adapters/node/input-file';
import type { Policy } from '../core/policy/types';
import type { Provider } from '../core/providers/types';
import { policyForms as forms } from '../core/request/policy-name';
import { type CheckpointSource, policyOf } from '../core/request/policy-of';
import { RequestError } from '../core/request/run-input';
import { simulatedProviderFor } from '../core/scenarios/players';
import { profileHashes } from '../core/scenarios/profiles';
import type { ProfileSpec } from '../core/scenarios/spec-types';
import type { PlayMode } from '../core/trace/events';
import { UsageError } from './errors';

export { profileHashes };

/** The forms a policy name takes, for help: one list with the page and the API (core/request). */
export const policyForms = forms().replaceAll(', ', ' | ').replaceAll(':CHECKPOINT', ':FILE');

/** The CLI's checkpoints (`KIND:FILE`): read as the API in Node reads them (adapters/node). */
export const cliCheckpoints: CheckpointSource = fileCheckpoints;

/**
 * A policy by name (core/request/policy-of.ts, the page's and the API's too): a built-in one, a
 * trained one from its checkpoint file (`KIND:FILE`), or `llm` on `model` (the agents' own, or a
 * recorded run's replies). A refusal is a UsageError in the words every host gives.
 */
export async function resolvePolicy(
  spec: string,
  profiles: Readonly<Record<string, ProfileSpec>>,
  play: PlayMode = 'greedy',
  options: {
    /** The hashes a checkpoint must match when not `profiles`' own (a recorded run's). */
    readonly hashes?: Readonly<Record<string, string>>;
    /** The model `llm` plays on; the simulated one without it. */
    readonly model?: Provider;
  } = {},
): Promise<Policy> {
  try {
    return await policyOf(
      spec.trim(),
      play,
      {
        profiles,
        checkpoints: cliCheckpoints,
        ...(options.hashes ? { hashes: options.hashes } : {}),
        simulated: (p) => simulatedProviderFor(p),
      },
      options.model ? { provider: options.model, profiles } : undefined,
    );
  } catch (error) {
    if (error instanceof RequestError) throw new UsageError(error.message);
    throw error;
  }
}

/** A checkpoint file that must be there (bench's and evaluate's), refused as a usage error. */
export function readCheckpoint(file: string): unknown {
  if (!existsSync(file)) throw new UsageError(`${file}: no such file`);
  try {
    return readCheckpointFile(file);
  } catch (error) {
    if (error instanceof InputFileError) throw new UsageError(error.message);
    throw error;
  }
}

/** A policy name as a file-name part (`parl:runs/p.json` → `parl_runs_p.json`). */
export const fileSafe = (name: string): string => name.replace(/[^\w.-]+/g, '_');
