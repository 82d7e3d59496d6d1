/**
 * Every file a command reads goes through here: it must be a regular file (`--graph /dev/zero`
 * used to read forever; a FIFO blocks) and no larger than the limit, which is named when it is
 * passed. Each problem is a UsageError naming the file and what it was read as.
 */
import { readFileSync, statSync } from 'node:fs';
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

/** The text of a checked input file, which must be UTF-8: invalid bytes are refused with their line. */
export function readInputFile(file: string, what: string, maxBytes = MAX_INPUT_BYTES): string {
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
  const deep = /^\s*[[{]/.test(text.text) ? tooDeep(text.text) : undefined;
  if (deep !== undefined)
    throw new UsageError(
      `${file}: the ${what} nests arrays and objects more than ${MAX_JSON_DEPTH} deep (line ${deep}); no file of SwarmFlight's nests past ${MAX_JSON_DEPTH}`,
    );
  return text.text;
}

/** Deeper than any file SwarmFlight writes or reads (a trace event nests about 5). */
export const MAX_JSON_DEPTH = 100;

/**
 * The line where JSON (or JSON lines) first nests past MAX_JSON_DEPTH, or undefined. Checked before
 * anything parses or walks it: JSON.parse takes 200,000 levels, but the validators and
 * JSON.stringify after it recurse, and overflowed the stack with a RangeError and a stack trace.
 */
export function tooDeep(text: string): number | undefined {
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > MAX_JSON_DEPTH) return line;
    } else if (c === 93 || c === 125) depth--;
  }
  return undefined;
}
