/**
 * Every file a command reads goes through here: it must be a regular file (`--graph /dev/zero`
 * used to read forever; a FIFO blocks) and no larger than the limit, which is named when it is
 * passed. Each problem is a UsageError naming the file and what it was read as.
 */
import { readFileSync, statSync } from 'node:fs';
import { nestsTooDeep, tooDeep } from '../core/util/json-depth';
import { decodeUtf8, notUtf8 } from '../core/util/utf8';
import { UsageError } from './errors';
import { MAX_INPUT_BYTES } from './limits';

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`;

/** Checks that `file` can be read as `what`; its size in bytes. */
export function checkInputFile(file: string, what: string, maxBytes = MAX_INPUT_BYTES): number {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${file}: cannot read the ${what} (${code === 'ENOENT' ? 'no such file' : code})`);
  }
  if (stats.isDirectory()) throw new UsageError(`${file}: the ${what} is a directory, not a file`);
  if (!stats.isFile()) {
    throw new UsageError(`${file}: the ${what} is not a regular file (a device, pipe or socket is not read)`);
  }
  if (stats.size > maxBytes) {
    throw new UsageError(
      `${file}: the ${what} is ${mib(stats.size)}; files of up to ${mib(maxBytes)} are read (docs/cli.md, Limits)`,
    );
  }
  return stats.size;
}

/**
 * The text of a checked input file, which must be UTF-8: invalid bytes are refused with their line.
 * `jsonLines`: a JSONL file (a trace), whose depth is counted afresh on each line, as the page's
 * import counts it: a broken line's open brackets do not carry into the next.
 */
export function readInputFile(
  file: string,
  what: string,
  maxBytes = MAX_INPUT_BYTES,
  jsonLines = false,
): string {
  checkInputFile(file, what, maxBytes);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${file}: cannot read the ${what} (${code})`);
  }
  const text = decodeUtf8(bytes);
  if (!text.ok) throw new UsageError(`${file}: the ${what}'s ${notUtf8(text.line)}`);
  const deep = /^\s*[[{]/.test(text.text) ? tooDeep(text.text, jsonLines) : undefined;
  if (deep !== undefined) throw new UsageError(`${file}: the ${what} ${nestsTooDeep(deep)}`);
  return text.text;
}
