/**
 * What a lesson request and the simulated teacher say, per language: the parts' headings, the
 * request, the plan, the worked examples, the hard register a model slips into, the label of an
 * answer line and the title. The parts keep their English names inside the code (`Part`); only
 * what is written changes. The grader accepts a part's heading in the lesson's language or in
 * English, and an answer line labelled in any of the three.
 */

import type { RequestLanguage } from '../spec-types';
import type { Part } from './parts';

export interface LessonTexts {
  readonly parts: Readonly<Record<Part, string>>;
  /** The label of an answer line ("Answer"). */
  readonly answer: string;
  /** Between the label and the answer. */
  readonly colon: string;
  prompt(topic: string, grade: number, exercises: number): string;
  plan(topic: string, grade: number, exercises: number): readonly string[];
  /** Closes the plain introduction. */
  readonly introEnd: string;
  /** Closes the plain summary. */
  readonly summaryEnd: string;
  example(k: number, question: string, answer: string, hard: boolean): string;
  hardIntro(topic: string): string;
  hardSummary(topic: string): string;
  title(topic: string, grade: number): string;
  /** Appended to the parts' prompts: which language to write in ('' for English). */
  readonly answerIn: string;
}

const EN: LessonTexts = {
  parts: {
    Introduction: 'Introduction',
    Concept: 'Concept',
    Examples: 'Examples',
    Exercises: 'Exercises',
    Summary: 'Summary',
  },
  answer: 'Answer',
  colon: ': ',
  prompt: (topic, grade, n) =>
    [
      `Teach ${topic} to a class in grade ${grade} (about ${grade + 5} years old).`,
      `Write a lesson in five parts, in this order, each under a heading line starting with "## ": Introduction, Concept, Examples, Exercises, Summary.`,
      `The Exercises part has ${n} numbered exercises ("1. …"), each followed by a line "Answer: …".`,
      `Use words and sentences a grade-${grade} pupil can read.`,
    ].join(' '),
  plan: (topic, grade, n) => [
    `Introduction: a question from everyday life that leads to ${topic}.`,
    `Concept: what ${topic} means, in plain words for grade ${grade}.`,
    'Examples: two worked examples.',
    `Exercises: ${n} exercises with answers.`,
    'Summary: the rule in two sentences.',
  ],
  introEnd: 'By the end of this lesson you will know how to do it yourself.',
  summaryEnd: 'Well done for working hard today!',
  example: (k, q, a, hard) =>
    `Example ${k}: ${q} ${hard ? 'Applying the rule systematically yields' : 'We use the rule. The answer is'} ${a}.`,
  hardIntro: (t) =>
    `This instructional unit systematically introduces the conceptual foundations of ${t}, contextualising its applicability within quotidian circumstances and establishing prerequisite terminology.`,
  hardSummary: (t) =>
    `Consequently, comprehensive understanding of ${t} necessitates internalising the aforementioned procedural generalisations together with their underlying mathematical justification.`,
  title: (t, grade) => `${t.charAt(0).toUpperCase()}${t.slice(1)} (grade ${grade})`,
  answerIn: '',
};

const ZH: LessonTexts = {
  parts: { Introduction: '引言', Concept: '概念', Examples: '例题', Exercises: '练习', Summary: '小结' },
  answer: '答案',
  colon: '：',
  prompt: (topic, grade, n) =>
    [
      `给${grade}年级（大约${grade + 5}岁）的学生上一节关于“${topic}”的课。`,
      '课分五个部分，按这个顺序，每部分放在以“## ”开头的标题行下面：引言、概念、例题、练习、小结。',
      `练习部分有${n}道编号的练习题（“1. …”），每道题下面一行写“答案：…”。`,
      `用${grade}年级学生读得懂的词语和句子。`,
    ].join(''),
  plan: (topic, grade, n) => [
    `引言：从日常生活中的一个问题引出${topic}。`,
    `概念：用${grade}年级学生听得懂的话讲清楚${topic}是什么。`,
    '例题：两道讲解过程的例题。',
    `练习：${n}道带答案的练习题。`,
    '小结：用两句话说出规则。',
  ],
  introEnd: '学完这节课，你自己就会做了。',
  summaryEnd: '今天大家都很努力，真棒！',
  example: (k, q, a, hard) =>
    `例${k}：${q}${hard ? '系统地运用上述规则可得' : '我们用这个规则来算。答案是'}${a}。`,
  hardIntro: (t) => `本教学单元系统阐述${t}的概念基础，并在日常情境中论证其适用性，同时界定必要的先修术语。`,
  hardSummary: (t) => `综上所述，全面理解${t}须内化前述程序性概括及其内在的数学论证。`,
  title: (t, grade) => `${t}（${grade}年级）`,
  answerIn: '请用中文写作。',
};

const RU: LessonTexts = {
  parts: {
    Introduction: 'Введение',
    Concept: 'Объяснение',
    Examples: 'Примеры',
    Exercises: 'Упражнения',
    Summary: 'Итог',
  },
  answer: 'Ответ',
  colon: ': ',
  prompt: (topic, grade, n) =>
    [
      `Объясни тему «${topic}» ученикам ${grade} класса (им около ${grade + 6} лет).`,
      'Напиши урок из пяти частей в таком порядке, каждую под строкой заголовка, которая начинается с «## »: Введение, Объяснение, Примеры, Упражнения, Итог.',
      `В части «Упражнения» — ${n} пронумерованных упражнений («1. …»), под каждым строка «Ответ: …».`,
      `Пиши словами и предложениями, понятными ученику ${grade} класса.`,
    ].join(' '),
  plan: (topic, grade, n) => [
    `Введение: вопрос из жизни, который подводит к теме «${topic}».`,
    `Объяснение: что такое «${topic}», простыми словами для ${grade} класса.`,
    'Примеры: два разобранных примера.',
    `Упражнения: ${n} упражнений с ответами.`,
    'Итог: правило в двух предложениях.',
  ],
  introEnd: 'К концу урока ты сможешь делать это сам.',
  summaryEnd: 'Молодцы, сегодня все хорошо поработали!',
  example: (k, q, a, hard) =>
    `Пример ${k}: ${q} ${hard ? 'Систематическое применение правила даёт' : 'Применяем правило. Ответ:'} ${a}.`,
  hardIntro: (t) =>
    `Настоящий учебный модуль систематически излагает концептуальные основания темы «${t}», обосновывая её применимость в повседневных обстоятельствах и вводя необходимую терминологию.`,
  hardSummary: (t) =>
    `Следовательно, всестороннее понимание темы «${t}» предполагает усвоение вышеизложенных процедурных обобщений вместе с их математическим обоснованием.`,
  title: (t, grade) => `${t.charAt(0).toUpperCase()}${t.slice(1)} (${grade} класс)`,
  answerIn: 'Пиши по-русски.',
};

const TEXTS: Readonly<Record<RequestLanguage, LessonTexts>> = { en: EN, zh: ZH, ru: RU };

export const lessonTexts = (language: RequestLanguage | undefined): LessonTexts => TEXTS[language ?? 'en'];

/** An answer line in any of the languages: "Answer: …", "答案：…", "Ответ: …" (bold allowed). */
export const ANSWER_LINE = /^\s*\**(?:answer|答案|ответ)\**\s*[:：]\s*(.+)$/iu;
