/**
 * Cold-start rules for requests in Russian (rules.ts has the English ones and how rules vote).
 * A regular expression's \b sees only ASCII letters, so a word starts here after anything that is
 * not a letter or digit (`S`), and most patterns are stems: Russian inflects ("сравни",
 * "сравнение", "сравнить").
 */
import type { Choice } from './choice';
import type { Rule } from './rule';

const wide: Choice = { topology: 'swarm', workflow: 'wide-search' };
const deep: Choice = { topology: 'swarm', workflow: 'deep-search' };
const coding: Choice = { topology: 'swarm', workflow: 'mixed-coding' };
const story: Choice = { topology: 'swarm', workflow: 'write-story' };
const teach: Choice = { topology: 'swarm', workflow: 'teach-explain' };
const rag: Choice = { topology: 'swarm', workflow: 'rag-qa' };
const debate: Choice = { topology: 'peers', workflow: 'general' };
const compare: Choice = { topology: 'peers', workflow: 'compare-options' };

const S = '(?<![\\p{L}\\p{N}])';
const ru = (source: string) => new RegExp(`${S}(?:${source})`, 'iu');

export const russianRules: readonly Rule[] = [
  // Many items, one row each.
  {
    id: 'ru-table',
    pattern: ru(
      'таблиц|состав(ь|ьте) (список|перечень)|перечисл|список всех|по каждому|для каждого|для каждой|каждого из',
    ),
    choice: wide,
  },
  { id: 'ru-top-n', pattern: ru('топ[- ]?\\d+|\\d+ (крупнейш|самых|лучших|ведущих)'), choice: wide },
  // One chain of look-ups: an entity named by its relation to another.
  {
    id: 'ru-chain',
    pattern: ru(
      '(основател|создател|изобретател|автор|режисс[её]р|архитектор|научн\\p{L}* руководител|отец|мать|жена|муж)\\p{L}*[^.?!]{0,40}(где|когда|в каком|какой|какая|кто)',
    ),
    choice: deep,
  },
  // Code.
  {
    id: 'ru-code',
    pattern: ru(
      'код|программ|функци|скрипт|тест|юнит|отлад|баг|рефактор|компил|алгоритм|регулярк|питон|python|java|typescript|javascript|sql|api|docker|git|бэкенд|фронтенд|парсер|бот[а-я]*',
    ),
    choice: coding,
  },
  // Stories.
  {
    id: 'ru-story',
    pattern: ru(
      'рассказ|сказк|повест|басн|легенд|сюжет|персонаж|фэнтези|фантастическ|детектив|напиши[^.?!]{0,30}истори',
    ),
    choice: story,
  },
  // Lessons.
  {
    id: 'ru-teach',
    pattern: ru('научи|обучи|урок|конспект урока|план урока|занятие|учебн|простыми словами|на пальцах'),
    choice: teach,
  },
  { id: 'ru-explain', pattern: ru('объясн|растолкуй'), choice: teach, weight: 0.5 },
  {
    id: 'ru-audience',
    pattern: ru(
      '\\d+[- ]?(лет|летн)|\\d+[- ]?(м|го|й)? класс|(школьник|студент|новичк|начинающ|ребён|ребен|дет(ей|ям|и))',
    ),
    choice: teach,
  },
  {
    id: 'ru-exercises',
    pattern: ru('упражнени|задани[яй] с ответ|задач[аи]? для практики|с ответами|контрольн|тест с ответ'),
    choice: teach,
  },
  // The user's own documents.
  {
    id: 'ru-my-documents',
    pattern: ru(
      '(мо(и|их|им|ём|ем|ей|ю)|наш(и|их|ем|ей)?|загруженн\\p{L}*|прикрепл[её]нн\\p{L}*)\\s+(\\p{L}+\\s+){0,2}(заметк|документ|файл|pdf|баз\\p{L}* знаний|конспект|отч[её]т|договор|письм|протокол|записи)',
    ),
    choice: rag,
  },
  { id: 'ru-cite', pattern: ru('процитируй|цитат|со ссылк|укажи источник|сошлись на'), choice: rag },
  // A choice among options.
  {
    id: 'ru-compare',
    pattern: ru(
      'сравн|что (лучше|выбрать)|как(ой|ую|ое) (из|лучше|выбрать)|выбрать между|выбор между|стоит ли (брать|выбрать)',
    ),
    choice: compare,
  },
  {
    id: 'ru-criteria',
    pattern: ru('критери|по (цене|надёжности|надежности|стоимости)'),
    choice: compare,
    weight: 0.5,
  },
  // Open questions for several voices.
  {
    id: 'ru-debate',
    pattern: ru(
      'дебат|мозгов\\p{L}* штурм|брейншторм|за и против|плюсы и минусы|точк\\p{L}* зрения|адвокат\\p{L}* дьявола|поспорь|придумай[^.?!]{0,20}назван',
    ),
    choice: debate,
  },
];
