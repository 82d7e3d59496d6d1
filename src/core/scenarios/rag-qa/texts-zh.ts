/**
 * rag-qa's Chinese texts (texts.ts). Names are transliterated as Chinese writes foreign names
 * (names.ts), one character a syllable, none of them a character the reader's patterns look for
 * (于, 由, 的, 年 …), so a name never cuts a pattern short.
 */

import type { Entity } from '../../world/types';
import { localizeNames, type NameScript } from './names';
import type { Asking } from './questions';
import type { RagTexts } from './rag-texts';
// The vocabulary: the rendering of every syllable and suffix of the world's names (the order of the
// syllables is the order a name is cut in), and the words the notes put for continents, currencies,
// occupations and industries.
import data from './texts-zh.json';

const SCRIPT: NameScript = {
  syllables: data.syllables,
  word: (parts) => parts.join(''),
  countrySuffixes: data.countrySuffixes,
  country: (base, suffix) => base + suffix,
  companySuffixes: data.companySuffixes,
  person: (first, last) => `${first}·${last}`,
  company: (base, suffix) => base + suffix,
};

const CONTINENTS: Readonly<Record<string, string>> = data.continents;
const CURRENCIES: Readonly<Record<string, string>> = data.currencies;
const OCCUPATIONS: Readonly<Record<string, string>> = data.occupations;
const INDUSTRIES: Readonly<Record<string, string>> = data.industries;
const word = (table: Readonly<Record<string, string>>, v: string | number | undefined) =>
  table[String(v)] ?? String(v);

function describe(e: Entity, nameOf: (id: string | undefined) => string): string {
  const a = e.attrs;
  const l = e.links;
  switch (e.kind) {
    case 'country':
      return `${e.name}，全称${e.name}共和国，是${word(CONTINENTS, a.continent)}的一个国家。首都是${nameOf(l.capital)}。人口为${a.population}。货币为${word(CURRENCIES, a.currency)}。`;
    case 'city':
      return `${e.name}是${nameOf(l.country)}的一座城市，建于${a.founded}年，人口为${a.population}，海拔${a.elevation}米。`;
    case 'person':
      return `${e.name}（生于${a.born}年）是一位来自${nameOf(l.birthplace)}的${word(OCCUPATIONS, a.occupation)}，现就职于${nameOf(l.employer)}。`;
    case 'company':
      return `${e.name}（${e.aliases[0]}）是一家${word(INDUSTRIES, a.industry)}公司，由${nameOf(l.founder)}于${a.founded}年创立，总部位于${nameOf(l.headquarters)}，拥有${a.employees}名员工。网址：${a.website}。`;
  }
}

const ASKINGS: readonly Asking[] = [
  {
    kind: 'city',
    id: 'city-founded',
    ask: (n) => `${n}建于哪一年？`,
    reference: (n, v) => `${n}建于${v}年。`,
    pattern: /建于(\d+)年/,
    value: (e) => String(e.attrs.founded),
  },
  {
    kind: 'city',
    id: 'city-population',
    ask: (n) => `${n}有多少人口？`,
    reference: (n, v) => `${n}的人口为${v}。`,
    pattern: /人口为(\d+)/,
    value: (e) => String(e.attrs.population),
  },
  {
    kind: 'company',
    id: 'company-employees',
    ask: (n) => `${n}有多少名员工？`,
    reference: (n, v) => `${n}有${v}名员工。`,
    pattern: /拥有(\d+)名员工/,
    value: (e) => String(e.attrs.employees),
  },
  {
    kind: 'company',
    id: 'company-founder',
    ask: (n) => `${n}是谁创立的？`,
    reference: (n, v) => `${n}由${v}创立。`,
    pattern: /由([^，。]+?)于\d+年创立/,
    value: (e, nameOf) => nameOf(e.links.founder),
  },
  {
    kind: 'person',
    id: 'person-born',
    ask: (n) => `${n}是哪一年出生的？`,
    reference: (n, v) => `${n}生于${v}年。`,
    pattern: /生于(\d+)年/,
    value: (e) => String(e.attrs.born),
  },
  {
    kind: 'person',
    id: 'person-from',
    ask: (n) => `${n}来自哪里？`,
    reference: (n, v) => `${n}来自${v}。`,
    pattern: /来自([^，。]+?)的/,
    value: (e, nameOf) => nameOf(e.links.birthplace),
  },
  {
    kind: 'country',
    id: 'country-currency',
    ask: (n) => `${n}使用什么货币？`,
    reference: (n, v) => `${n}的货币是${v}。`,
    pattern: /货币为([^，。]+)。/,
    value: (e) => word(CURRENCIES, e.attrs.currency),
  },
  {
    kind: 'country',
    id: 'country-capital',
    ask: (n) => `${n}的首都是哪座城市？`,
    reference: (n, v) => `${n}的首都是${v}。`,
    pattern: /首都是([^，。]+)。/,
    value: (e, nameOf) => nameOf(e.links.capital),
  },
];

const CITE = '并用 [file#chunk] 注明引用的段落';

export const TEXTS_ZH: RagTexts = {
  language: 'zh',
  localize: (entities) => localizeNames(entities, SCRIPT),
  title: (kind) => ({ country: '国家', city: '城市', person: '人物', company: '公司' })[kind],
  archiveTitle: '归档（内容已过时，此后未再核对）',
  oldNotes: (name) => `${name}（旧笔记）`,
  describe,
  askings: ASKINGS,
  prompt: (questions) =>
    questions.length === 1
      ? `${questions[0]}请根据我的笔记回答，${CITE}。`
      : `请根据我的笔记回答下面${questions.length}个问题，${CITE}：${questions.join('')}每题的答案单独一行，按题号作答。`,
  ownPrompt: (question) => `${question}请根据我的知识库回答，${CITE}。`,
  splitQuestion: (question) => question.split(/(?<=[?？])\s*/),
  searchEach: '每个问题都先用 kb_search 检索知识库。',
  subPrompt: (question) =>
    `${question}请用 kb_search 检索用户的知识库，根据找到的段落用一句话回答，${CITE}。如果没有段落能回答，请直接说明。`,
  mergePrompt: (prompt, answers) =>
    `${prompt}\n\n其他智能体对各个问题的回答如下：\n${answers
      .map((a, i) => `${i + 1}. ${a ?? '（没有回答）'}`)
      .join('\n')}\n\n请按题号每题一行作答，保留他们的引用。`,
  notFound: '笔记里没有提到这一点。',
};
