import { describe, expect, it } from 'vitest';
import { jsonProblem } from '../../../src/core/agents/tools';

describe('what is wrong with arguments that are not JSON, in the same words in every engine', () => {
  it.each([
    ['{"id": "doc-1"', 'it ends before an object or array is closed'],
    ['{"a": [1, {"b": 2', 'it ends before 3 objects or arrays are closed'],
    ['{"id": "doc-1', 'a string is not closed'],
    ['{"q": "a \\" quote"', 'it ends before an object or array is closed'],
    ['{"a": 1}}', 'it closes an object or array it never opened'],
    ["{'a': 1}", 'it is not one JSON value'],
  ])('%s', (raw, words) => {
    expect(() => JSON.parse(raw)).toThrow();
    expect(jsonProblem(raw)).toBe(words);
  });
});
