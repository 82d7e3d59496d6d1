/**
 * The lesson topics in Chinese (topics.ts): the same six topics, grades and exercises (the same
 * draws from the same seed), written as a Chinese teacher says them, with checkers that read the
 * Chinese questions.
 */

import type { Rng } from '../../util/rng';
import {
  checkFractionSum,
  checkProduct,
  drawFractions,
  drawPercent,
  drawRectangle,
  drawRounding,
  drawTimesTen,
  firstNumber,
  roundToTen,
} from './draws';
import type { Topic } from './topic-types';
import data from './topics-zh.json';

const int = (rng: Rng, lo: number, hi: number) => rng.int(lo, hi);

/** The water cycle's stages, in order: the clue a question gives and the word it asks for. */
export const WATER_ZH: readonly { readonly clue: string; readonly word: string }[] = data.water;

/** A topic's words from topics-zh.json, checked; JSON cannot say that the grade range is a pair. */
const words = (w: Omit<Topic, 'exercise' | 'check' | 'grades'> & { readonly grades: readonly number[] }) =>
  w as Omit<Topic, 'exercise' | 'check'>;

export const TOPICS_ZH: readonly Topic[] = [
  {
    ...words(data.topics.fractions),
    exercise(rng) {
      const { a, b, d } = drawFractions(rng);
      return { question: `${a}/${d} + ${b}/${d} 等于多少？`, answer: `${a + b}/${d}` };
    },
    check: checkFractionSum,
  },
  {
    ...words(data.topics.timesTen),
    exercise(rng) {
      const { n, by } = drawTimesTen(rng);
      return { question: `${n} × ${by} 等于多少？`, answer: String(n * by) };
    },
    check: checkProduct,
  },
  {
    ...words(data.topics.rectangle),
    exercise(rng) {
      const { l, w } = drawRectangle(rng);
      return { question: `一个长方形长${l}厘米，宽${w}厘米。它的面积是多少？`, answer: `${l * w}平方厘米` };
    },
    check(question, answer) {
      const q = /长\s*(\d+)\s*厘米，\s*宽\s*(\d+)\s*厘米/.exec(question);
      if (!q) return undefined;
      return firstNumber(answer) === Number(q[1]) * Number(q[2]);
    },
  },
  {
    ...words(data.topics.rounding),
    exercise(rng) {
      const n = drawRounding(rng);
      return { question: `把${n}四舍五入到十位。`, answer: String(Math.round(n / 10) * 10) };
    },
    check(question, answer) {
      const q = /把\s*(\d+)\s*四舍五入到十位/.exec(question);
      if (!q) return undefined;
      return firstNumber(answer) === roundToTen(Number(q[1]));
    },
  },
  {
    ...words(data.topics.percent),
    exercise(rng) {
      const { p, n } = drawPercent(rng);
      return { question: `${n}的${p}%是多少？`, answer: String((p * n) / 100) };
    },
    check(question, answer) {
      const q = /(\d+)\s*的\s*(\d+)\s*%/.exec(question);
      if (!q) return undefined;
      return firstNumber(answer) === (Number(q[1]) * Number(q[2])) / 100;
    },
  },
  {
    ...words(data.topics.waterCycle),
    exercise(rng) {
      const item = WATER_ZH[int(rng, 0, WATER_ZH.length - 1)] as (typeof WATER_ZH)[number];
      return { question: `${item.clue}这叫什么？`, answer: item.word };
    },
    check(question, answer) {
      const item = WATER_ZH.find((w) => question.includes(w.clue));
      if (!item) return undefined;
      return answer.includes(item.word);
    },
  },
];
