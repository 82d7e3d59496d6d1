/**
 * The lesson topics in Russian (topics.ts): the same six topics, grades and exercises (the same
 * draws from the same seed), written as a Russian teacher says them, with checkers that read the
 * Russian questions.
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
import data from './topics-ru.json';

const int = (rng: Rng, lo: number, hi: number) => rng.int(lo, hi);

/** The water cycle's stages: the clue, the word, and its stem (answers decline: "испарением"). */
export const WATER_RU: readonly { readonly clue: string; readonly word: string; readonly stem: string }[] =
  data.water;

/** A topic's words from topics-ru.json, checked; JSON cannot say that the grade range is a pair. */
const words = (w: Omit<Topic, 'exercise' | 'check' | 'grades'> & { readonly grades: readonly number[] }) =>
  w as Omit<Topic, 'exercise' | 'check'>;

export const TOPICS_RU: readonly Topic[] = [
  {
    ...words(data.topics.fractions),
    exercise(rng) {
      const { a, b, d } = drawFractions(rng);
      return { question: `Сколько будет ${a}/${d} + ${b}/${d}?`, answer: `${a + b}/${d}` };
    },
    check: checkFractionSum,
  },
  {
    ...words(data.topics.timesTen),
    exercise(rng) {
      const { n, by } = drawTimesTen(rng);
      return { question: `Сколько будет ${n} × ${by}?`, answer: String(n * by) };
    },
    check: checkProduct,
  },
  {
    ...words(data.topics.rectangle),
    exercise(rng) {
      const { l, w } = drawRectangle(rng);
      return {
        question: `Длина прямоугольника ${l} см, ширина ${w} см. Чему равна его площадь?`,
        answer: `${l * w} кв. см`,
      };
    },
    check(question, answer) {
      const q = /Длина прямоугольника (\d+)\s*см, ширина (\d+)\s*см/i.exec(question);
      if (!q) return undefined;
      return firstNumber(answer) === Number(q[1]) * Number(q[2]);
    },
  },
  {
    ...words(data.topics.rounding),
    exercise(rng) {
      const n = drawRounding(rng);
      return { question: `Округли ${n} до десятков.`, answer: String(Math.round(n / 10) * 10) };
    },
    check(question, answer) {
      const q = /Округли (\d+) до десятков/i.exec(question);
      if (!q) return undefined;
      return firstNumber(answer) === roundToTen(Number(q[1]));
    },
  },
  {
    ...words(data.topics.percent),
    exercise(rng) {
      const { p, n } = drawPercent(rng);
      return { question: `Сколько составляет ${p}% от ${n}?`, answer: String((p * n) / 100) };
    },
    check(question, answer) {
      const q = /(\d+)\s*%\s*от\s*(\d+)/.exec(question);
      if (!q) return undefined;
      return firstNumber(answer) === (Number(q[1]) * Number(q[2])) / 100;
    },
  },
  {
    ...words(data.topics.waterCycle),
    exercise(rng) {
      const item = WATER_RU[int(rng, 0, WATER_RU.length - 1)] as (typeof WATER_RU)[number];
      return { question: `${item.clue} Как это называется?`, answer: item.word };
    },
    check(question, answer) {
      const item = WATER_RU.find((w) => question.includes(w.clue));
      if (!item) return undefined;
      return answer.toLowerCase().replace(/ё/g, 'е').includes(item.stem);
    },
  },
];
