/**
 * Trained policies' checkpoint files, read one way by every Node host: the CLI (`parl:FILE` in
 * run, bench, evaluate, replay) and the API in Node (`policy: 'parl:FILE'`). A file that is not
 * there is "no checkpoint" (the caller says which names it knows); one that cannot be read, is too
 * large, is not UTF-8 or is not JSON is refused with the file named.
 */
import { existsSync } from 'node:fs';
import type { CheckpointSource } from '../../core/request/policy-of';
import { InputFileError, readInputText } from './input-file';

/** Checkpoints are JSON of tens of kilobytes; 4 MiB is far past any trained policy and bounds a wrong path. */
export const MAX_CHECKPOINT_BYTES = 4 * 1024 * 1024;
const limit = { maxBytes: MAX_CHECKPOINT_BYTES, documented: 'docs/learning.md, Checkpoints' };

/** The checkpoint in `file` as parsed JSON; an InputFileError naming the file when it is not one. */
export function readCheckpointFile(file: string): unknown {
  const text = readInputText(file, 'policy checkpoint', limit);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputFileError(`${file}: the policy checkpoint is not JSON (${(error as Error).message})`);
  }
}

export const fileCheckpoints: CheckpointSource = {
  describe: 'a path to a checkpoint file written by swarm train',
  load: (file) => (existsSync(file) ? readCheckpointFile(file) : undefined),
};
