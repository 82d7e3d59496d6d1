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

export const TOPICS: readonly Topic[] = [
  {
    name: 'adding fractions with the same denominator',
    grades: [3, 5],
    intro: [
      'Have you ever shared a pizza with friends?',
      'Each slice is a part of the whole pizza.',
      'Today we will learn to add parts like these.',
    ],
    concept: {
      plain: [
        'A fraction shows a part of a whole.',
        'The bottom number is the denominator. It tells how many equal parts there are.',
        'The top number is the numerator. It tells how many parts we have.',
        'When the bottom numbers are the same, add the top numbers. Keep the bottom number.',
      ],
      hard: [
        'A fraction represents a rational quantity expressed as the quotient of two integers, the numerator and the denominator.',
        'Consequently, the summation of fractions possessing identical denominators necessitates adding the numerators while preserving the common denominator unaltered.',
      ],
    },
    summary: [
      'To add fractions with the same bottom number, add the top numbers.',
      'The bottom number stays the same.',
    ],
    exercise(rng) {
      const { a, b, d } = drawFractions(rng);
      return { question: `What is ${a}/${d} + ${b}/${d}?`, answer: `${a + b}/${d}` };
    },
    check: checkFractionSum,
  },
  {
    name: 'multiplying by 10 and 100',
    grades: [3, 5],
    intro: [
      'Some sums look big but are quick to do.',
      'Today we learn a trick for times ten and times one hundred.',
    ],
    concept: {
      plain: [
        'To times a number by 10, move each digit one place to the left.',
        'A zero fills the empty ones place.',
        'To times by 100, move each digit two places. Two zeros fill the gaps.',
      ],
      hard: [
        'Multiplication by powers of ten corresponds to shifting every digit leftward by a number of positional places equal to the exponent.',
        'Accordingly, the vacated lower-order positions are occupied by zeros, irrespective of the magnitude of the original multiplicand.',
      ],
    },
    summary: ['Times 10 adds one zero.', 'Times 100 adds two zeros.'],
    exercise(rng) {
      const { n, by } = drawTimesTen(rng);
      return { question: `What is ${n} × ${by}?`, answer: String(n * by) };
    },
    check: checkProduct,
  },
  {
    name: 'the area of a rectangle',
    grades: [3, 6],
    intro: ['How much carpet do you need for a room?', 'To find out, we measure the area.'],
    concept: {
      plain: [
        'Area is how much flat space a shape covers.',
        'We count it in squares.',
        'For a rectangle, times the length by the width.',
        'If the sides are in cm, the area is in square cm.',
      ],
      hard: [
        'The area of a quadrilateral with orthogonal adjacent sides is determined by the product of its two perpendicular dimensions.',
        'Dimensional consistency requires that the resulting quantity be expressed in squared units of the original measurement.',
      ],
    },
    summary: ['Area is length times width.', 'We write it in square units.'],
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
    name: 'rounding to the nearest ten',
    grades: [2, 4],
    intro: ['Sometimes we do not need an exact number.', 'A close number is easier to use.'],
    concept: {
      plain: [
        'To round to the nearest ten, look at the ones digit.',
        'If it is 5 or more, round up.',
        'If it is 4 or less, round down.',
      ],
      hard: [
        'Rounding to the nearest multiple of ten approximates an integer by the closest element of the lattice of decimal tens.',
        'Conventionally, values equidistant between consecutive multiples are resolved upward.',
      ],
    },
    summary: ['Look at the ones digit.', 'Five or more goes up. Four or less goes down.'],
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
    name: 'finding a percentage of a number',
    grades: [5, 7],
    intro: ['Shops often say that prices are 20 percent off.', 'What does that mean for what you pay?'],
    concept: {
      plain: [
        'Percent means out of one hundred.',
        'So 25 percent is 25 out of every 100.',
        'To find a percentage of a number, divide the number by 100. Then times it by the percentage.',
      ],
      hard: [
        'A percentage denotes a proportion expressed as a fraction of one hundred, facilitating comparison between quantities of differing magnitudes.',
        'Determining a percentage of a quantity therefore involves multiplication of that quantity by the corresponding decimal representation.',
      ],
    },
    summary: ['Percent means out of one hundred.', 'Divide by 100, then times by the percentage.'],
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
    name: 'the water cycle',
    grades: [2, 5],
    intro: [
      'Where does rain come from?',
      'Where does it go after a storm?',
      'Water moves round and round in a cycle.',
    ],
    concept: {
      plain: [
        'The sun heats water in seas and lakes. The water turns into vapour and rises. This is evaporation.',
        'High up, the vapour cools and makes clouds. This is condensation.',
        'When the drops get heavy, they fall as rain or snow. This is precipitation.',
        'The water runs into rivers and seas again. This is collection.',
      ],
      hard: [
        'Solar radiation supplies the latent heat required for the phase transition of surface water into atmospheric vapour.',
        'Subsequent adiabatic cooling precipitates condensation into cloud droplets, whose coalescence ultimately produces precipitation.',
      ],
    },
    summary: ['Water evaporates, condenses, falls and collects.', 'Then the cycle starts again.'],
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

const WATER = [
  { clue: 'The sun heats water and it turns into vapour.', word: 'evaporation' },
  { clue: 'Vapour cools high up and turns into tiny drops in clouds.', word: 'condensation' },
  { clue: 'Water falls from clouds as rain, snow or hail.', word: 'precipitation' },
  { clue: 'Water gathers in rivers, lakes and seas.', word: 'collection' },
] as const;

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
