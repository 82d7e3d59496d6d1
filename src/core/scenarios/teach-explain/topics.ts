/**
 * What the lessons are about: topics with a grade range, the text a simulated teacher writes for
 * each part in a plain register (short sentences, short words) and a hard one (what a model
 * writes when it forgets its audience), exercises drawn with their answers, and a checker that
 * works the answer to an exercise out from its question, so the grader can mark a real model's
 * exercises too.
 */

import type { Rng } from '../../util/rng';
import type { RequestLanguage } from '../spec-types';
import {
  checkFractionSum,
  checkProduct,
  drawFractions,
  drawPercent,
  drawRectangle,
  drawRounding,
  drawTimesTen,
  roundToTen,
} from './draws';
import type { Exercise, Topic } from './topic-types';
import data from './topics.json';
import { TOPICS_RU, WATER_RU } from './topics-ru';
import { TOPICS_ZH, WATER_ZH } from './topics-zh';

export type { Exercise, Topic } from './topic-types';

/** The right answer to a question a topic can work out (the first topic that can), else undefined. */
export function solve(topic: Topic, question: string): string | undefined {
  // Every topic's answers are among a few candidates its checker accepts; the checker is the one
  // definition of right, so solving tries what the question itself suggests.
  for (const candidate of candidates(question))
    if (topic.check(question, candidate) === true) return candidate;
  return undefined;
}

function candidates(question: string): string[] {
  const ns = numbers(question);
  const out: string[] = WATER_WORDS.flat();
  const fraction = /(\d+)\s*\/\s*(\d+)\s*\+\s*(\d+)\s*\/\s*(\d+)/.exec(question);
  if (fraction) out.push(`${Number(fraction[1]) + Number(fraction[3])}/${fraction[2]}`);
  const [a = 0, b = 0] = ns;
  out.push(String(a * b), String((a * b) / 100), String(Math.floor(a / 10 + 0.5) * 10));
  return out;
}

const int = (rng: Rng, lo: number, hi: number) => rng.int(lo, hi);
const numbers = (text: string): number[] => (text.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
const firstNumber = (text: string): number | undefined => numbers(text)[0];

/** A topic's words from topics.json, checked; JSON cannot say that the grade range is a pair. */
const words = (w: Omit<Topic, 'exercise' | 'check' | 'grades'> & { readonly grades: readonly number[] }) =>
  w as Omit<Topic, 'exercise' | 'check'>;

export const TOPICS: readonly Topic[] = [
  {
    ...words(data.topics.fractions),
    exercise(rng) {
      const { a, b, d } = drawFractions(rng);
      return { question: `What is ${a}/${d} + ${b}/${d}?`, answer: `${a + b}/${d}` };
    },
    check: checkFractionSum,
  },
  {
    ...words(data.topics.timesTen),
    exercise(rng) {
      const { n, by } = drawTimesTen(rng);
      return { question: `What is ${n} × ${by}?`, answer: String(n * by) };
    },
    check: checkProduct,
  },
  {
    ...words(data.topics.rectangle),
    exercise(rng) {
      const { l, w } = drawRectangle(rng);
      return {
        question: `A rectangle is ${l} cm long and ${w} cm wide. What is its area?`,
        answer: `${l * w} square cm`,
      };
    },
    check(question, answer) {
      const q = /(\d+)\s*cm long and (\d+)\s*cm wide/.exec(question);
      if (!q) return undefined;
      return firstNumber(answer) === Number(q[1]) * Number(q[2]);
    },
  },
  {
    ...words(data.topics.rounding),
    exercise(rng) {
      const n = drawRounding(rng);
      return { question: `Round ${n} to the nearest ten.`, answer: String(Math.round(n / 10) * 10) };
    },
    check(question, answer) {
      const q = /Round (\d+) to the nearest ten/i.exec(question);
      if (!q) return undefined;
      // Half up, as the lesson teaches: 65 → 70.
      return firstNumber(answer) === roundToTen(Number(q[1]));
    },
  },
  {
    ...words(data.topics.percent),
    exercise(rng) {
      const { p, n } = drawPercent(rng);
      return { question: `What is ${p}% of ${n}?`, answer: String((p * n) / 100) };
    },
    check(question, answer) {
      const q = /(\d+)\s*%\s*of\s*(\d+)/.exec(question);
      if (!q) return undefined;
      return firstNumber(answer) === (Number(q[1]) * Number(q[2])) / 100;
    },
  },
  {
    ...words(data.topics.waterCycle),
    exercise(rng) {
      const item = WATER[int(rng, 0, WATER.length - 1)] as (typeof WATER)[number];
      return { question: `${item.clue} What is this called?`, answer: item.word };
    },
    check(question, answer) {
      const item = WATER.find((w) => question.includes(w.clue));
      if (!item) return undefined;
      return answer.toLowerCase().includes(item.word);
    },
  },
];

/** The water cycle's stages, in order: the clue a question gives and the word it asks for. */
const WATER: readonly { readonly clue: string; readonly word: string }[] = data.water;

/** The water cycle's words in each language, in the same order. */
const WATER_WORDS: readonly (readonly string[])[] = [
  WATER.map((w) => w.word),
  WATER_ZH.map((w) => w.word),
  WATER_RU.map((w) => w.word),
];

/** The topics in a lesson's language (the same topics in the same order in each). */
export const topicsOf = (language: RequestLanguage | undefined): readonly Topic[] =>
  language === 'zh' ? TOPICS_ZH : language === 'ru' ? TOPICS_RU : TOPICS;

/**
 * A wrong answer a careless writer might give: the right one off by a little, or for a word
 * another stage of the cycle (the second for the first, the first for any other).
 */
export function wrongAnswer(exercise: Exercise): string {
  const n = firstNumber(exercise.answer);
  if (n === undefined) {
    const words =
      WATER_WORDS.find((ws) => ws.includes(exercise.answer)) ?? (WATER_WORDS[0] as readonly string[]);
    return (exercise.answer === words[1] ? words[0] : words[1]) as string;
  }
  const fraction = /^(\d+)\/(\d+)$/.exec(exercise.answer);
  if (fraction) return `${Number(fraction[1]) + 1}/${fraction[2]}`;
  return exercise.answer.replace(String(n), String(n + (n >= 10 ? 10 : 1)));
}
