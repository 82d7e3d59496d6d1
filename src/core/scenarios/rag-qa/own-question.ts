/**
 * A question the user asks of their own knowledge base has no reference answer, so whether the
 * answer is right cannot be measured. What can be measured from the question and the answer alone
 * (docs/metrics.md, "Answers from notes"), and what the simulated reader uses to choose its
 * sentence (player.ts), so that both read a question the same way:
 *
 * - the question's terms the answer covers, matched with a light stemming (a common beginning),
 *   so that "causes" meets "caused" and "tides" meets "tide";
 * - the answer's form, for the two kinds of question whose answer has a form that words show: a
 *   cause (why…, what causes…, почему…, 为什么…) and a quantity (how many…, сколько…, 多少…), in
 *   English, Russian and Chinese. Other questions have no form checked, rather than a guess.
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

/** Words that ask for a cause or a quantity, and words that give one, per language. */
interface FormWords {
  readonly asksCause: RegExp;
  readonly asksQuantity: RegExp;
  readonly givesCause: RegExp;
  readonly givesQuantity: RegExp;
}

// \b is ASCII-only in JavaScript, so Cyrillic words are bounded by "not a letter" instead.
const ru = (words: string) => new RegExp(`(?<![\\p{L}])(${words})`, 'iu');

const FORMS: Readonly<Partial<Record<Language, FormWords>>> = {
  en: {
    asksCause: /^\s*why\b|\bwhat\s+(causes?|caused|makes?|made|leads?\s+to)\b|\bhow\s+come\b/i,
    asksQuantity:
      /\bhow\s+(many|much|long|old|far|big|large|tall|high|deep|often|fast)\b|\bwhat\s+(percentage|proportion|number)\b/i,
    givesCause:
      /\b(because|caus(e|es|ed|ing)|due\s+to|owing\s+to|thanks\s+to|result(s|ed)?\s+(from|of)|as\s+a\s+result|driven\s+by|produced\s+by|comes?\s+from|so\s+that|therefore)\b/i,
    givesQuantity:
      /\p{N}|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen|half|once|twice|none|several|few)\b/iu,
  },
  // почему / отчего / из-за чего / что вызывает…; answered by потому что, из-за, вследствие, вызван…
  ru: {
    asksCause: ru(
      'почему|отчего|из-за чего|по какой причине|что\\s+(вызывает|вызвало|приводит)|какова причина',
    ),
    asksQuantity: ru('сколько|какое количество|какой процент|какая доля|как (долго|часто|далеко)'),
    givesCause: ru(
      'потому что|так как|из-за|вследствие|благодаря|поэтому|по причине|причин|вызыва|вызван|приводит к|привело к|в результате',
    ),
    givesQuantity:
      /\p{N}|(?<![\p{L}])(один|одна|одно|одного|два|две|двух|три|трёх|трех|четыре|четырёх|пять|пяти|шесть|шести|семь|семи|восемь|восьми|девять|девяти|десять|десяти|двадцать|тридцать|сорок|пятьдесят|сто|ста|сотни|сотен|тысяч\p{L}*|миллион\p{L}*|миллиард\p{L}*|дюжин\p{L}*|половин\p{L}*|дважды|трижды|несколько|много|мало)(?![\p{L}])/iu,
  },
  // 为什么 / 为何 / 什么原因 / 怎么会…; answered by 因为, 由于, 所以, 导致, 造成, 引起…
  zh: {
    asksCause: /为什么|为何|什么原因|何故|怎么会|是什么导致|是什么造成|是什么引起/u,
    asksQuantity: /多少|几[个次年天岁种位人倍]|多长|多久|多远|多大|多高|多深|百分之几/u,
    givesCause: /因为|由于|所以|因此|因而|导致|造成|引起|源于|来自|缘于|是因/u,
    givesQuantity: /\p{N}|[一二两三四五六七八九十百千万亿半]/u,
  },
};

/** The form the question's answer must have, when its words say so (English, Russian, Chinese). */
export function expectedForm(question: string, language: Language): AnswerForm | undefined {
  const words = FORMS[language];
  if (!words) return undefined;
  if (words.asksCause.test(question)) return 'cause';
  if (words.asksQuantity.test(question)) return 'quantity';
  return undefined;
}

/** The answer has the form: a cause stated as one, a quantity as a number. */
export const hasForm = (answer: string, form: AnswerForm, language: Language = 'en'): boolean => {
  const words = FORMS[language] ?? (FORMS.en as FormWords);
  return (form === 'cause' ? words.givesCause : words.givesQuantity).test(answer);
};

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
    ...(form ? { [FORM]: grounded && hasForm(answer, form, language) ? 1 : 0 } : {}),
  };
}

const QUESTION_LABEL: Readonly<Record<'en' | 'ru' | 'zh', string>> = {
  en: 'Question:',
  ru: 'Вопрос:',
  zh: '问题：',
};

/**
 * The answer handed to the user, with the question it answers above it: the Run page and `swarm
 * route --run` show this text as is. What its grade does not measure is the grade's to say (the
 * Run page's score line, ui/model/quality.ts), not part of the answer. The question is the user's
 * own text, shown as text; a citation-like tag in it is broken so that it is not drawn as one.
 */
export function answerWithQuestion(question: string, answer: string, language: Language): string {
  const label = QUESTION_LABEL[language === 'ru' || language === 'zh' ? language : 'en'];
  const asked = question
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/#(?=\d+\])/g, '# ');
  return `${label} ${asked}\n\n${answer}`;
}
