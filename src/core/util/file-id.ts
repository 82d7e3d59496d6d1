/**
 * Ids that end up in file names (a scenario's or graph's id names its trace files,
 * `bench --trace-dir`). An id that could climb out of the folder it is written to, or that a file
 * system reads as something else, is refused where the file is read, not discovered at write time.
 */

// Control characters: NUL cuts a path short in C APIs, and the rest are invisible in a listing.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why this id cannot name a file, in words; undefined when it can. */
export function fileIdProblem(id: string): string | undefined {
  if (id.includes('/') || id.includes('\\')) return 'must not contain a path separator (/ or \\)';
  if (id.includes('..')) return 'must not contain ".."';
  if (CONTROL.test(id)) return 'must not contain control characters';
  return undefined;
}

/** The expectation, as messages state it. */
export const FILE_ID_EXPECTED = 'an id without path separators (/ or \\), ".." or control characters';
