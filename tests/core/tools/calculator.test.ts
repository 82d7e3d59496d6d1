import { describe, expect, it } from 'vitest';
import { calculate } from '../../../src/core/tools/calculator';

describe('calculator', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['2 ^ 3 ^ 2', 512], // right-associative: 2^(3^2)
    ['-2 ^ 2', -4], // as in mathematics: −(2²)
    ['2 ^ -1', 0.5],
    ['10 / 4', 2.5],
    ['7 % 3', 1],
    ['sqrt(16) + max(1, 5, 3)', 9],
    ['1.5e3 - .5', 1499.5],
    ['round(pi * 100)', 314],
    ['  3  ', 3],
  ])('%s = %d', (expression, value) => {
    expect(calculate(expression)).toEqual({ ok: true, value });
  });

  it.each([
    ['1 +', /unexpected end of expression at position 4/],
    ['2 * (3 + 4', /expected "\)"/],
    ['1 / 0', /division by zero/],
    ['foo(2)', /unknown name "foo"/],
    ['process.exit()', /unknown name "process"/],
    ['1 2', /unexpected "2" at position 3/],
    ['', /unexpected end/],
    ['10 ^ 400', /not a finite number/],
  ])('refuses %j with a message', (expression, message) => {
    const r = calculate(expression);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });

  it('refuses what is not a string and what is too long', () => {
    expect(calculate(42 as unknown as string).ok).toBe(false);
    expect(calculate('1+'.repeat(600)).ok).toBe(false);
  });
});
