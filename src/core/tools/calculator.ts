/**
 * The `calculator` tool: arithmetic by a recursive-descent parser, never `eval`.
 * Grammar: expr = term (('+'|'-') term)* ; term = unary (('*'|'/'|'%') unary)* ;
 * unary = ('-'|'+') unary | power ; power = atom ('^' unary)? (right-associative, and binds
 * tighter than a leading minus, as in mathematics: -2^2 = -4, 2^-1 = 0.5) ;
 * atom = number | '(' expr ')' | name '(' expr (',' expr)* ')' | 'pi' | 'e'.
 */
import { exp, log, log10, pow } from '../util/math';

export type CalcResult = { ok: true; value: number } | { ok: false; error: string };

const functions: Record<string, (...xs: number[]) => number> = {
  sqrt: Math.sqrt,
  abs: Math.abs,
  round: Math.round,
  floor: Math.floor,
  ceil: Math.ceil,
  // The core's own: the same result in every engine (util/math.ts).
  log,
  log10,
  exp,
  min: Math.min,
  max: Math.max,
};
const constants: Record<string, number> = { pi: Math.PI, e: Math.E };
const MAX_LENGTH = 1000;

export function calculate(expression: string): CalcResult {
  if (typeof expression !== 'string') return { ok: false, error: 'expression must be a string' };
  if (expression.length > MAX_LENGTH)
    return { ok: false, error: `expression longer than ${MAX_LENGTH} characters` };
  let at = 0;
  const src = expression;
  const fail = (message: string): never => {
    throw new SyntaxError(`${message} at position ${at + 1}`);
  };
  const space = () => {
    while (at < src.length && /\s/.test(src.charAt(at))) at++;
  };
  const eat = (ch: string): boolean => {
    space();
    if (src.charAt(at) === ch) {
      at++;
      return true;
    }
    return false;
  };

  const expr = (): number => {
    let value = term();
    for (;;) {
      if (eat('+')) value += term();
      else if (eat('-')) value -= term();
      else return value;
    }
  };
  const term = (): number => {
    let value = unary();
    for (;;) {
      if (eat('*')) value *= unary();
      else if (eat('/')) {
        const d = unary();
        if (d === 0) fail('division by zero');
        value /= d;
      } else if (eat('%')) value %= unary();
      else return value;
    }
  };
  const unary = (): number => {
    if (eat('-')) return -unary();
    if (eat('+')) return unary();
    return power();
  };
  const power = (): number => {
    const base = atom();
    // pow, not **: the same result in every engine (util/math.ts).
    return eat('^') ? pow(base, unary()) : base;
  };
  const atom = (): number => {
    space();
    if (eat('(')) {
      const value = expr();
      if (!eat(')')) fail('expected ")"');
      return value;
    }
    const number = /^(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?/.exec(src.slice(at));
    if (number) {
      at += number[0].length;
      return Number(number[0]);
    }
    const name = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(src.slice(at));
    if (name) {
      const id = name[0].toLowerCase();
      at += name[0].length;
      if (id in constants) return constants[id] as number;
      const fn = functions[id];
      if (!fn) return fail(`unknown name "${name[0]}"`);
      if (!eat('(')) fail(`expected "(" after ${id}`);
      const args = [expr()];
      while (eat(',')) args.push(expr());
      if (!eat(')')) fail('expected ")"');
      return fn(...args);
    }
    return at >= src.length ? fail('unexpected end of expression') : fail(`unexpected "${src.charAt(at)}"`);
  };

  try {
    const value = expr();
    space();
    if (at < src.length) fail(`unexpected "${src.charAt(at)}"`);
    if (!Number.isFinite(value)) return { ok: false, error: 'the result is not a finite number' };
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
