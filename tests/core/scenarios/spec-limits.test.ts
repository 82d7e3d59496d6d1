import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMix } from '../../../src/core/learning/mix';
import { parseScenario } from '../../../src/core/scenarios/spec';

const scenario = (name: string) =>
  JSON.parse(readFileSync(`scenarios/${name}.json`, 'utf8')) as Record<string, unknown>;
const parse = (value: unknown) => parseScenario(JSON.stringify(value), 'f.json');

describe('scenario numbers and ids in range, checked when the file is read', () => {
  it.each([
    [{ timeoutMs: 1e308 }, 'f.json: timeoutMs: expected a whole number from 1 to 600000, got 1e+308'],
    [
      { timeoutMs: 2147483648 },
      'f.json: timeoutMs: expected a whole number from 1 to 600000, got 2147483648',
    ],
    [
      { mainStepCost: 4294967295 },
      'f.json: mainStepCost: expected at most 1000000 (a whole number from 0 to 1000000), got 4294967295',
    ],
  ])('mixed-coding with %j', (change, error) => {
    expect(parse({ ...scenario('mixed-coding'), ...change })).toEqual({ ok: false, error });
  });

  it('refuses a whole number past the general bound in any field', () => {
    const r = parse({ ...scenario('deep-search'), questions: 1e308 });
    expect(r).toEqual({
      ok: false,
      error:
        'f.json: questions: expected at most 1000000000 (a whole number from 1 to 1000000000), got 1e+308',
    });
  });

  it('accepts the shipped scenarios unchanged', () => {
    for (const name of ['mixed-coding', 'deep-search', 'wide-search'])
      expect(parse(scenario(name)).ok).toBe(true);
  });

  it.each(['../../tmp/evil', 'a/b', 'a\\b'])('refuses the scenario id %j, naming the field', (id) => {
    const r = parse({ ...scenario('deep-search'), id });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^f\.json: id: expected an id without path separators/);
  });

  it('refuses a mix id with a path in it', () => {
    const mix = JSON.parse(readFileSync('scenarios/mix.json', 'utf8')) as Record<string, unknown>;
    const r = parseMix(JSON.stringify({ ...mix, id: '../mix' }), 'm.json');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/m\.json: id: expected an id without path separators/);
  });
});
