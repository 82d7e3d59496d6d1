/**
 * What the lesson topics have in common across languages (topics.ts, topics-zh.ts, topics-ru.ts):
 * the numbers an exercise is drawn with — the same draws from the same seed in every language —
 * and the checks that read only numbers, so they do not depend on the question's words.
 */

import type { Rng } from '../../util/rng';

const int = (rng: Rng, lo: number, hi: number) => rng.int(lo, hi);

/** The first number in a text; a decimal comma is read as a point ("2,5"). */
export function firstNumber(text: string): number | undefined {
  const m = /-?\d+(?:[.,]\d+)?/.exec(text);
  return m ? Number(m[0].replace(',', '.')) : undefined;
}

/** a/d + b/d with a sum below 1. */
export function drawFractions(rng: Rng): { a: number; b: number; d: number } {
  const d = int(rng, 5, 12);
  const a = int(rng, 1, d - 2);
  const b = int(rng, 1, d - 1 - a);
  return { a, b, d };
}

/** Whether `answer` is the sum of the two fractions in `question`; undefined when it has none. */
export function checkFractionSum(question: string, answer: string): boolean | undefined {
  const q = /(\d+)\s*\/\s*(\d+)\s*\+\s*(\d+)\s*\/\s*(\d+)/.exec(question);
  const a = /(-?\d+)\s*\/\s*(\d+)/.exec(answer);
  if (!q) return undefined;
  const [n1, d1, n2, d2] = q.slice(1).map(Number) as [number, number, number, number];
  if (!a) return false;
  const [na, da] = a.slice(1).map(Number) as [number, number];
  // Equal as numbers: 4/8 is as right as 1/2.
  return da !== 0 && na * d1 * d2 === (n1 * d2 + n2 * d1) * da;
}

/** n × 10 or n × 100. */
export function drawTimesTen(rng: Rng): { n: number; by: number } {
  const n = int(rng, 3, 99);
  return { n, by: rng.next() < 0.5 ? 10 : 100 };
}

/** Whether `answer` is the product in `question`; thousands written 3,200 or 3 200 are read. */
export function checkProduct(question: string, answer: string): boolean | undefined {
  const q = /(\d+)\s*[×x*]\s*(\d+)/.exec(question);
  if (!q) return undefined;
  return firstNumber(answer.replace(/[,\s\u00a0]/g, '')) === Number(q[1]) * Number(q[2]);
}

export const drawRectangle = (rng: Rng): { l: number; w: number } => ({
  l: int(rng, 3, 12),
  w: int(rng, 2, 9),
});

export const drawRounding = (rng: Rng): number => int(rng, 11, 99);

/** Half up, as the lesson teaches: 65 → 70. */
export const roundToTen = (n: number): number => Math.floor(n / 10 + 0.5) * 10;

export function drawPercent(rng: Rng): { p: number; n: number } {
  const p = [10, 20, 25, 50, 75][int(rng, 0, 4)] as number;
  return { p, n: int(rng, 1, 20) * 20 };
}
