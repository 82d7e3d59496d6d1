/**
 * Every file a Node host reads for the user (the CLI's inputs, the API's checkpoint files) goes
 * through here: it must be a regular file (`--graph /dev/zero` used to read forever; a FIFO
 * blocks), no larger than the limit, which is named when it is passed, UTF-8, and not nested past
 * the JSON depth limit. Each problem is an InputFileError naming the file and what it was read as;
 * the CLI shows it as a usage error (exit 2), the API as a refusal of the field that named it.
 */
import { readFileSync, statSync } from 'node:fs';
import { nestsTooDeep, tooDeep } from '../../core/util/json-depth';
import { decodeUtf8, notUtf8 } from '../../core/util/utf8';

export class InputFileError extends Error {
  override readonly name = 'InputFileError';
}

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`;

/** How a host reads files: the largest it takes, and where that limit is written down. */
export interface ReadLimit {
  readonly maxBytes: number;
  readonly documented: string;
}

/** Checks that `file` can be read as `what`; its size in bytes. */
export function checkInputFile(file: string, what: string, limit: ReadLimit): number {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputFileError(
      `${file}: cannot read the ${what} (${code === 'ENOENT' ? 'no such file' : code})`,
    );
  }
  if (stats.isDirectory()) throw new InputFileError(`${file}: the ${what} is a directory, not a file`);
  if (!stats.isFile()) {
    throw new InputFileError(
      `${file}: the ${what} is not a regular file (a device, pipe or socket is not read)`,
    );
  }
  if (stats.size > limit.maxBytes) {
    throw new InputFileError(
      `${file}: the ${what} is ${mib(stats.size)}; files of up to ${mib(limit.maxBytes)} are read (${limit.documented})`,
    );
  }
  return stats.size;
}

/**
 * The text of a checked input file, which must be UTF-8: invalid bytes are refused with their line.
 * `jsonLines`: a JSONL file (a trace), whose depth is counted afresh on each line, as the page's
 * import counts it: a broken line's open brackets do not carry into the next.
 */
export function readInputText(file: string, what: string, limit: ReadLimit, jsonLines = false): string {
  checkInputFile(file, what, limit);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputFileError(`${file}: cannot read the ${what} (${code})`);
  }
  const text = decodeUtf8(bytes);
  if (!text.ok) throw new InputFileError(`${file}: the ${what}'s ${notUtf8(text.line)}`);
  const deep = /^\s*[[{]/.test(text.text) ? tooDeep(text.text, jsonLines) : undefined;
  if (deep !== undefined) throw new InputFileError(`${file}: the ${what} ${nestsTooDeep(deep)}`);
  return text.text;
}
