import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsTooDeep, tooDeep } from '../../../src/core/util/json-depth';

/**
 * The one nesting check the CLI's input files and the page's trace import share: past 100 levels
 * is refused, naming the line, before anything parses or stores the text.
 */
const nest = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

describe('tooDeep', () => {
  it('refuses past MAX_JSON_DEPTH, not at it', () => {
    expect(MAX_JSON_DEPTH).toBe(100);
    expect(tooDeep(nest(MAX_JSON_DEPTH))).toBeUndefined();
    expect(tooDeep(nest(MAX_JSON_DEPTH + 1))).toBe(1);
    expect(tooDeep(`{"a": ${nest(MAX_JSON_DEPTH - 1)}}`)).toBeUndefined();
    expect(tooDeep(`{"a": ${nest(MAX_JSON_DEPTH)}}`)).toBe(1);
  });

  it('counts brackets outside strings only, escaped quotes included', () => {
    expect(tooDeep(`{"a": "${'['.repeat(500)}\\" ${'{'.repeat(500)}"}`)).toBeUndefined();
    expect(tooDeep(`["\\\\", ${nest(MAX_JSON_DEPTH)}]`)).toBe(1);
  });

  it('names the line, in JSON across lines and in JSON lines', () => {
    expect(tooDeep(`{"a": 1}\n{"b": ${nest(MAX_JSON_DEPTH)}}`)).toBe(2);
    expect(tooDeep(`{"a": 1}\n{"b": ${nest(MAX_JSON_DEPTH)}}`, true)).toBe(2);
    // Pretty-printed JSON: the depth carries from line to line.
    expect(tooDeep(`${'[\n'.repeat(MAX_JSON_DEPTH)}[\n1]`)).toBe(MAX_JSON_DEPTH + 1);
    expect(tooDeep(nest(5_000).replace(/\[/g, '[\n'))).toBe(MAX_JSON_DEPTH + 1);
  });

  it('lets no broken line hide or lend depth to the lines after it', () => {
    const deep = `{"x": ${nest(5_000)}}`;
    // A stray closer does not buy depth.
    expect(tooDeep(`${']'.repeat(5_000)}\n${deep}`)).toBe(2);
    // A string left open at the end of a line does not swallow the next line's brackets.
    expect(tooDeep(`{"a": "open\n${deep}`)).toBe(2);
    expect(tooDeep(`{"a": "open\\\n${deep}`)).toBe(2);
    // In JSON lines, brackets left open by one line are not counted against the next.
    const open = `{"a": ${'['.repeat(60)}`;
    expect(tooDeep(`${open}\n${open}`, true)).toBeUndefined();
    expect(tooDeep(`${open}\n${open}`)).toBe(2);
  });

  it('scans 200,000 levels without recursing', () => {
    expect(tooDeep(nest(200_000))).toBe(1);
  });

  it('words the refusal as the CLI and the page both say it', () => {
    expect(nestsTooDeep(7)).toBe(
      "nests arrays and objects more than 100 deep (line 7); no file of SwarmFlight's nests past 100",
    );
  });
});
