/**
 * Trained policies for the API in Node: `policy: 'parl:FILE'` names a checkpoint file written by
 * `swarm train`, read as JSON when the task is checked (and refused, naming the file, when it
 * cannot be read or is no policy).
 */
import { readFile } from 'node:fs/promises';
import type { CheckpointSource } from './validate';

/** Checkpoints are JSON; a megabyte is far past any trained policy and bounds a wrong path. */
const MAX_BYTES = 1 << 20;

export const fileCheckpoints: CheckpointSource = {
  describe: 'a path to a checkpoint file written by swarm train',
  async load(ref) {
    let text: string;
    try {
      text = await readFile(ref, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new Error(`cannot read checkpoint "${ref}": ${(error as Error).message}`);
    }
    if (text.length > MAX_BYTES) throw new Error(`"${ref}" is over 1 MB, not a checkpoint`);
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`"${ref}" is not JSON, so not a checkpoint`);
    }
  },
};
