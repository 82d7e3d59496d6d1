/**
 * Every file a command reads goes through the Node hosts' one reader (adapters/node/input-file.ts):
 * a regular file, within the limit (docs/cli.md, Limits), UTF-8, not nested too deep. Here each
 * problem becomes a UsageError naming the file and what it was read as (exit 2).
 */
import { checkInputFile as checkFile, InputFileError, readInputText } from '../adapters/node/input-file';
import { UsageError } from './errors';
import { MAX_INPUT_BYTES } from './limits';

const limit = (maxBytes: number) => ({ maxBytes, documented: 'docs/cli.md, Limits' });

function asUsage<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof InputFileError) throw new UsageError(error.message);
    throw error;
  }
}

/** Checks that `file` can be read as `what`; its size in bytes. */
export function checkInputFile(file: string, what: string, maxBytes = MAX_INPUT_BYTES): number {
  return asUsage(() => checkFile(file, what, limit(maxBytes)));
}

/** The text of a checked input file (adapters/node/input-file.ts, readInputText). */
export function readInputFile(
  file: string,
  what: string,
  maxBytes = MAX_INPUT_BYTES,
  jsonLines = false,
): string {
  return asUsage(() => readInputText(file, what, limit(maxBytes), jsonLines));
}
