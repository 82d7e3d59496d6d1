/**
 * A question the user asks of their own knowledge base has no reference answer, so whether the
 * answer is right cannot be measured. What can be measured from the question and the answer alone
 * (docs/metrics.md, "Answers from notes"), and what the simulated reader uses to choose its
 * sentence (player.ts), so that both read a question the same way:
 *
 * - the question's terms the answer covers, matched with a light stemming (a common beginning),
 *   so that "causes" meets "caused" and "tides" meets "tide";
 * - the answer's form, for the two kinds of English question whose answer has a form that words
 *   show: a cause (why…, what causes…) and a quantity (how many…, how much…). Other questions have
 *   no form checked, rather than a guess.
 *
 * Both texts are untrusted (the user's question, a model's answer); they are only tokenised.
 */

import { contentTokens } from '../../util/tokens';
import type { Language } from '../../util/words';

/** The criteria of a question without a reference, as the Run page lists them. */
export const TERMS = 'question terms';
export const FORM = 'answer form';

/**
 * Two tokens are one word: equal, or both words of four letters or more sharing a beginning of at
 * least four letters and all but two of the shorter one ("causes"/"caused", "tides"/"tide",
 * "приливы"/"приливов"). Shorter words and Han characters must be equal: "moon" is not "mood".
 */
export function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 4 || !/^\p{L}+$/u.test(a) || !/^\p{L}+$/u.test(b)) return false;
  let common = 0;
  while (common < shorter && a[common] === b[common]) common++;
  return common >= Math.max(4, shorter - 2);
}

/**
 * Question words, which ask rather than name what is asked about: no answer repeats them, so
 * they are not terms an answer should cover ("why" is not a stop word of util/tokens.ts, and in
 * Chinese 怎么 would count as two characters to find).
 */
const QUESTION_WORDS: Readonly<Record<Language, RegExp>> = {
  en: /\b(why|how|what|who|whom|whose|which|where|when)\b/giu,
  ru: /(?<![\p{L}])(почему|отчего|зачем|как|каким|какой|какая|какое|какие|что|чем|где|когда|кто|сколько|ли)(?![\p{L}])/giu,
  zh: /为什么|什么|怎么样|怎么|怎样|哪里|哪儿|哪些|哪个|多少|谁|吗|呢/gu,
  und: /(?!)/gu,
};

/** The question's content tokens, question words left out, each once, in order. */
export function questionTerms(question: string, language: Language): string[] {
  return [...new Set(contentTokens(question.replace(QUESTION_WORDS[language], ' '), language))];
}

/** How many of the terms a text covers. */
export function termsCovered(terms: readonly string[], text: string, language: Language): number {
  const have = contentTokens(text, language);
  return terms.filter((t) => have.some((w) => sameStem(t, w))).length;
}

export type AnswerForm = 'cause' | 'quantity';

const ASKS_CAUSE = /^\s*why\b|\bwhat\s+(causes?|caused|makes?|made|leads?\s+to)\b|\bhow\s+come\b/i;
const ASKS_QUANTITY =
  /\bhow\s+(many|much|long|old|far|big|large|tall|high|deep|often|fast)\b|\bwhat\s+(percentage|proportion|number)\b/i;
const GIVES_CAUSE =
  /\b(because|caus(e|es|ed|ing)|due\s+to|owing\s+to|thanks\s+to|result(s|ed)?\s+(from|of)|as\s+a\s+result|driven\s+by|produced\s+by|comes?\s+from|so\s+that|therefore)\b/i;
const GIVES_QUANTITY =
  /\p{N}|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen|half|once|twice|none|several|few)\b/iu;

/** The form the question's answer must have, when its words say so (English only). */
export function expectedForm(question: string, language: Language): AnswerForm | undefined {
  if (language !== 'en') return undefined;
  if (ASKS_CAUSE.test(question)) return 'cause';
  if (ASKS_QUANTITY.test(question)) return 'quantity';
  return undefined;
}

/** The answer has the form: a cause stated as one, a quantity as a number. */
export const hasForm = (answer: string, form: AnswerForm): boolean =>
  (form === 'cause' ? GIVES_CAUSE : GIVES_QUANTITY).test(answer);

/**
 * The measurable criteria of an answer to a question without a reference: the share of the
 * question's terms it covers, and its form when the question asks for one. An answer no cited
 * passage holds (`grounded` false: "The notes do not say.", an invented citation) scores 0 on
 * both: words that are not from the documents answer nothing from them.
 */
export function ownCriteria(
  question: string,
  answer: string,
  language: Language,
  grounded: boolean,
): Record<string, number> {
  const terms = questionTerms(question, language);
  const form = expectedForm(question, language);
  return {
    ...(terms.length > 0
      ? { [TERMS]: grounded ? termsCovered(terms, answer, language) / terms.length : 0 }
      : {}),
    ...(form ? { [FORM]: grounded && hasForm(answer, form) ? 1 : 0 } : {}),
  };
}

const LABELS: Readonly<Record<'en' | 'ru' | 'zh', { question: string; graded: string }>> = {
  en: {
    question: 'Question:',
    graded:
      'Your question has no reference answer, so whether this answer is right is not graded: the quality counts only that the cited passages exist and hold the answer, the share of your question’s words it covers, and, for a why or how-many question, whether it gives a cause or a number.',
  },
  ru: {
    question: 'Вопрос:',
    graded:
      'У вашего вопроса нет эталонного ответа, поэтому верность ответа не оценивается: качество учитывает только, что процитированные отрывки существуют и содержат ответ, и какую долю слов вопроса он покрывает.',
  },
  zh: {
    question: '问题：',
    graded:
      '你的问题没有参考答案，所以不评判这个回答是否正确：质量只计算所引段落是否存在并包含回答，以及回答覆盖了问题中多少词。',
  },
};

/**
 * The answer handed to the user, with the question it answers above it and what its grade does
 * and does not measure below it: the Run page shows this text as is. The question is the user's
 * own text, shown as text; a citation-like tag in it is broken so that it is not drawn as one.
 */
export function answerWithQuestion(question: string, answer: string, language: Language): string {
  const labels = LABELS[language === 'ru' || language === 'zh' ? language : 'en'];
  const asked = question
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/#(?=\d+\])/g, '# ');
  return `${labels.question} ${asked}\n\n${answer}\n\n${labels.graded}`;
}
