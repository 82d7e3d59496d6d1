/**
 * rag-qa's Russian texts (texts.ts). Names are written in Cyrillic, as Russian writes foreign
 * names (names.ts), and stand after a common noun in apposition ("в городе Каломи", "в компании
 * «Кало Групп»"), so an invented name never needs a case ending; numbers agree with their nouns
 * (1 сотрудник, 2 сотрудника, 5 сотрудников).
 */

import type { Entity } from '../../world/types';
import { localizeNames, type NameScript } from './names';
import type { Asking } from './questions';
import type { RagTexts } from './rag-texts';
// The vocabulary: the rendering of every syllable and suffix of the world's names (the order of the
// syllables is the order a name is cut in), and the words the notes put for continents, currencies,
// occupations and industries.
import data from './texts-ru.json';

const VOWELS = /[аеёиоуыэюя]$/;

const SCRIPT: NameScript = {
  syllables: data.syllables,
  // "э" opens a word or follows a vowel (Элка, Каэл); after a consonant Russian writes "е" (Венел).
  word: (parts) => {
    let w = '';
    for (const p of parts) w += p === 'эл' && w !== '' && !VOWELS.test(w) ? 'ел' : p;
    return w.charAt(0).toUpperCase() + w.slice(1);
  },
  countrySuffixes: data.countrySuffixes,
  // Каломи + ия is written Каломия.
  country: (base, suffix) => (base.endsWith('и') && suffix === 'ия' ? base.slice(0, -1) : base) + suffix,
  companySuffixes: data.companySuffixes,
  person: (first, last) => `${first} ${last}`,
  company: (base, suffix) => `${base} ${suffix}`,
};

// The continents say where a country lies, with their prepositions and cases ("в Арвении"); the
// industries follow "в сфере", so they are in the genitive.
const CONTINENTS: Readonly<Record<string, string>> = data.continents;
const CURRENCIES: Readonly<Record<string, string>> = data.currencies;
const OCCUPATIONS: Readonly<Record<string, string>> = data.occupations;
const INDUSTRIES: Readonly<Record<string, string>> = data.industries;
const word = (table: Readonly<Record<string, string>>, v: string | number | undefined) =>
  table[String(v)] ?? String(v);

/** The noun's form after the number n: one (1, 21), few (2–4, 22–24), many (5–20, 25…). */
export function plural(n: number | string, one: string, few: string, many: string): string {
  const k = Math.abs(Math.trunc(Number(n)));
  if (k % 10 === 1 && k % 100 !== 11) return one;
  if (k % 10 >= 2 && k % 10 <= 4 && (k % 100 < 12 || k % 100 > 14)) return few;
  return many;
}
const people = (n: number | string) => `${n} ${plural(n, 'человек', 'человека', 'человек')}`;
const staff = (n: number | string) => `${n} ${plural(n, 'сотрудник', 'сотрудника', 'сотрудников')}`;

function describe(e: Entity, nameOf: (id: string | undefined) => string): string {
  const a = e.attrs;
  const l = e.links;
  switch (e.kind) {
    case 'country':
      return `${e.name} (официально — Республика ${e.name}) — государство ${word(CONTINENTS, a.continent)}. Столица — город ${nameOf(l.capital)}. Население — ${people(a.population as number)}. Валюта — ${word(CURRENCIES, a.currency)}.`;
    case 'city':
      return `${e.name} — город в стране ${nameOf(l.country)}. Основан в ${a.founded} году. Население — ${people(a.population as number)}. Расположен на высоте ${a.elevation} м над уровнем моря.`;
    case 'person':
      return `${e.name} (год рождения — ${a.born}) — ${word(OCCUPATIONS, a.occupation)} родом из города ${nameOf(l.birthplace)}. Работает в компании «${nameOf(l.employer)}».`;
    case 'company':
      return `«${e.name}» (${e.aliases[0]}) — компания в сфере ${word(INDUSTRIES, a.industry)}. Основана в ${a.founded} году, основатель — ${nameOf(l.founder)}. Штаб-квартира находится в городе ${nameOf(l.headquarters)}. В компании ${staff(a.employees as number)}. Сайт: ${a.website}.`;
  }
}

const ASKINGS: readonly Asking[] = [
  {
    kind: 'city',
    id: 'city-founded',
    ask: (n) => `Когда был основан город ${n}?`,
    reference: (n, v) => `Город ${n} основан в ${v} году.`,
    pattern: /Основан в (\d+) году/,
    value: (e) => String(e.attrs.founded),
  },
  {
    kind: 'city',
    id: 'city-population',
    ask: (n) => `Сколько человек живёт в городе ${n}?`,
    reference: (n, v) => `Население города ${n} — ${people(v)}.`,
    pattern: /Население — (\d+)/,
    value: (e) => String(e.attrs.population),
  },
  {
    kind: 'company',
    id: 'company-employees',
    ask: (n) => `Сколько сотрудников в компании «${n}»?`,
    reference: (n, v) => `В компании «${n}» ${staff(v)}.`,
    pattern: /В компании (\d+) сотрудник/,
    value: (e) => String(e.attrs.employees),
  },
  {
    kind: 'company',
    id: 'company-founder',
    ask: (n) => `Кто основал компанию «${n}»?`,
    reference: (n, v) => `Основатель компании «${n}» — ${v}.`,
    pattern: /основатель — ([^.]+)\./,
    value: (e, nameOf) => nameOf(e.links.founder),
  },
  {
    kind: 'person',
    id: 'person-born',
    ask: (n) => `Какого года рождения ${n}?`,
    reference: (n, v) => `${n} — ${v} года рождения.`,
    pattern: /\(год рождения — (\d+)\)/,
    value: (e) => String(e.attrs.born),
  },
  {
    kind: 'person',
    id: 'person-from',
    ask: (n) => `Откуда родом ${n}?`,
    reference: (n, v) => `${n} родом из города ${v}.`,
    pattern: /родом из города ([^.]+)\./,
    value: (e, nameOf) => nameOf(e.links.birthplace),
  },
  {
    kind: 'country',
    id: 'country-currency',
    ask: (n) => `Какая валюта в стране ${n}?`,
    reference: (n, v) => `Валюта страны ${n} — ${v}.`,
    pattern: /Валюта — ([^.]+)\./,
    value: (e) => word(CURRENCIES, e.attrs.currency),
  },
  {
    kind: 'country',
    id: 'country-capital',
    ask: (n) => `Какой город — столица страны ${n}?`,
    reference: (n, v) => `Столица страны ${n} — город ${v}.`,
    pattern: /Столица — город ([^.]+)\./,
    value: (e, nameOf) => nameOf(e.links.capital),
  },
];

const CITE = 'указывая использованные фрагменты в виде [file#chunk]';

export const TEXTS_RU: RagTexts = {
  language: 'ru',
  localize: (entities) => localizeNames(entities, SCRIPT),
  title: (kind) => ({ country: 'Страны', city: 'Города', person: 'Люди', company: 'Компании' })[kind],
  archiveTitle: 'Архив (устаревшие данные, с тех пор не проверялись)',
  oldNotes: (name) => `${name} (старые заметки)`,
  describe,
  askings: ASKINGS,
  prompt: (questions) =>
    questions.length === 1
      ? `${questions[0]} Ответь по моим заметкам, ${CITE}.`
      : `Ответь по моим заметкам на ${questions.length} ${plural(questions.length, 'вопрос', 'вопроса', 'вопросов')}, ${CITE}: ${questions.join(' ')} На каждый вопрос — отдельная строка с его номером.`,
  ownPrompt: (question) => `${question} Ответь по моей базе знаний, ${CITE}.`,
  splitQuestion: (question) => question.split(/(?<=\?)\s+/),
  searchEach: ' По каждому вопросу сначала поищи в базе знаний через kb_search.',
  subPrompt: (question) =>
    `${question} Поищи ответ в базе знаний пользователя через kb_search и ответь одним предложением по найденным фрагментам, указав использованный фрагмент в виде [file#chunk]. Если ответа там нет, так и скажи.`,
  mergePrompt: (prompt, answers) =>
    `${prompt}\n\nДругие агенты ответили на вопросы так:\n${answers
      .map((a, i) => `${i + 1}. ${a ?? '(нет ответа)'}`)
      .join('\n')}\n\nОтветь по одной строке с номером на каждый вопрос, сохранив их ссылки.`,
  notFound: 'В заметках об этом ничего нет.',
};
