/**
 * Contracts derived from their schemas (issue 60 item 3): a run request is the type its schema
 * gives, never one asserted over a parse (`as RunRequest`), and a command reads its flags with the
 * types its table declares (src/cli/flags.ts `defineCommand`), never through a cast that could
 * name the wrong type. Each scan fails on one such cast; the last case shows each scan catching one.
 */

import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/source-scan';

/** `flags.seed as number`, `values['max-attempts'] as number | undefined`, `(flags.x as string)`. */
const FLAG_CAST = /\b(?:flags|values)(?:\.[A-Za-z_$][\w$]*|\['[\w-]+'\])\s+as\s+(?!const\b)/;
const REQUEST_CAST = /\bas\s+RunRequest\b/;

const castsIn = (code: string, pattern: RegExp): string[] =>
  code.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${i + 1}: ${line.trim()}`] : []));

describe('contracts from their schemas', () => {
  const files = sourceFiles();

  it('no command casts a flag value: parseFlags types each by its table', () => {
    const found = files
      .filter(({ file }) => file.startsWith('src/cli/'))
      .flatMap(({ file, code }) => castsIn(code, FLAG_CAST).map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
  });

  it('no code asserts a run request over a parse', () => {
    const found = files.flatMap(({ file, code }) =>
      castsIn(code, REQUEST_CAST).map((line) => `${file}:${line}`),
    );
    expect(found).toEqual([]);
  });

  it('catches each cast it looks for', () => {
    expect(castsIn('const seed = flags.seed as number;', FLAG_CAST)).toHaveLength(1);
    expect(castsIn("const n = values['max-attempts'] as number | undefined;", FLAG_CAST)).toHaveLength(1);
    expect(castsIn('const seed = flags.seed;', FLAG_CAST)).toEqual([]);
    expect(castsIn('return parsed.output as RunRequest;', REQUEST_CAST)).toHaveLength(1);
  });
});
