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

// Ties go to the rule listed first: the specific kinds come before code, whose words ("тест",
// "функция", "алгоритм") turn up in lessons, documents and comparisons too.
export const russianRules: readonly Rule[] = [
  // A choice among options.
  {
    id: 'ru-compare',
    pattern: ru(
      'сравн|что (лучше|выбрать|выгоднее|удобнее)|как(ой|ую|ое|их) [\\p{L} ]{0,20}(взять|купить|выбрать)|выбери|помоги выбрать|выбрать между|выбор между|где лучше|куда поехать|на что лучше|стоит ли (брать|выбрать)|расставь по местам|или[^.?!]{0,60}[—-]\\s*(что|какой|какую|где|на что)',
    ),
    choice: compare,
  },
  {
    id: 'ru-criteria',
    pattern: ru('критери|по (цене|надёжности|надежности|стоимости)'),
    choice: compare,
    weight: 0.5,
  },
  // Stories.
  {
    id: 'ru-story',
    pattern: ru(
      'рассказ|сказк|повест|басн|легенд|сюжет|персонаж|фэнтези|фантастическ|детектив|киберпанк|космическ\\p{L}* опер|страшилк|микрорассказ|продолжи мою истори|напиши[^.?!]{0,30}истори|первую главу|глава|сценк|любовн\\p{L}* истори|сочини|приключени',
    ),
    choice: story,
  },
  // The user's own documents.
  {
    id: 'ru-my-documents',
    pattern: ru(
      '(мо(и|их|им|ём|ем|ей|ю|ему|ими)|наш(и|их|ем|ей|ему|ими)?|сво(их|ей|ём|ем)|загруж\\p{L}*|прикрепл\\p{L}*|эт(от|ом|ой|их|и))\\s+(\\p{L}+\\s+){0,2}(заметк|документ|файл|pdf|баз|конспект|отч[её]т|договор|письм|протокол|записи|записях|вики|wiki|резюме|регламент|положени|руководств|справочник|услови|стать|тендерн|рецепт)',
    ),
    choice: rag,
  },
  {
    id: 'ru-according-to',
    pattern: ru(
      'по (базе знаний|руководству|регламенту|положению|договору|протоколу)|загруж\\p{L}*|прикрепл[её]нн\\p{L}*',
    ),
    choice: rag,
  },
  {
    id: 'ru-cite',
    pattern: ru('процитируй|цитат|со ссылк|укажи источник|сошлись на|укажи страниц'),
    choice: rag,
  },
  // Lessons.
  {
    id: 'ru-teach',
    pattern: ru(
      'научи|обучи|урок|конспект урока|план урока|занятие|учебн|простыми словами|на пальцах|классный час|лекци|для начинающих|без опыта|разобраться|подготовк\\p{L}* к (егэ|огэ|экзамен)',
    ),
    choice: teach,
  },
  { id: 'ru-explain', pattern: ru('объясн|растолкуй'), choice: teach, weight: 0.5 },
  {
    id: 'ru-audience',
    pattern: ru(
      '\\d+[- ]?(лет|летн)|\\d+[- ]?(м|го|й)? класс|(школьник|старшеклассник|студент|первокурсник|новичк|начинающ|ребён|ребен|дет(ей|ям|и)|учени)',
    ),
    choice: teach,
  },
  {
    id: 'ru-exercises',
    pattern: ru(
      'упражнени|задани[яй] с ответ|задач[аи]? для практики|с ответами|контрольн|тест с ответ|с тестом|мини-тест|вопрос\\p{L}* для самопроверки',
    ),
    choice: teach,
  },
  // Open questions for several voices.
  {
    id: 'ru-debate',
    pattern: ru(
      'дебат|мозгов\\p{L}* штурм|брейншторм|за и против|плюсы и минусы|точк\\p{L}* зрения|адвокат\\p{L}* дьявола|поспорь|с позиции|с разных сторон|разных идей|лозунг|чем больше, тем лучше|подкинь|придумай[^.?!]{0,20}назван',
    ),
    choice: debate,
  },
  // Code.
  {
    id: 'ru-code',
    pattern: ru(
      'код|программ|функци|скрипт|тест|юнит|отлад|баг|рефактор|компил|алгоритм|регулярк|питон|python|java|typescript|javascript|sql|api|docker|git|бэкенд|фронтенд|парсер|бот[а-я]*|макрос|утилит|утечк\\p{L}* памяти|canvas|react|kotlin|rust|php',
    ),
    choice: coding,
  },
  // Many items, one row each.
  {
    id: 'ru-table',
    pattern: ru(
      'таблиц|табличк|состав(ь|ьте) (список|перечень)|перечисл|выпиши|список всех|по каждому|для каждого|для каждой|для всех|каждого из|собери (в список|данные|цены|информацию)',
    ),
    choice: wide,
  },
  { id: 'ru-top-n', pattern: ru('топ[- ]?\\d+|\\d+ (крупнейш|самых|лучших|ведущих)'), choice: wide },
  // One chain of look-ups: an entity named by its relation to another.
  {
    id: 'ru-chain',
    pattern: ru(
      '(основател|создател|изобретател|автор|режисс[её]р|архитектор|руководител|отец|отца|мать|матер|жена|муж|тренер|продюсер|художник|композитор|разработчик|командовал|учител)\\p{L}*[^.?!]{0,40}(где|когда|в каком|как(ой|ая|ие|ую)|кто|куда|у кого|чем|откуда)',
    ),
    choice: deep,
  },
  { id: 'ru-steps', pattern: ru('сначала (найди|узнай)[^.?!]{0,40}потом|по цепочке'), choice: deep },
  // An entity named by a clause about another ("основатель компании, которая делает…"), or two
  // questions about what a first look-up finds ("— кто был его инструктором и где тот похоронен").
  {
    id: 'ru-relative',
    pattern: ru(
      '(кто|где|когда|в каком|как(ой|ая|ое)|куда)[^.?!]{0,60},\\s*(котор\\p{L}+|купивш|открывш|производящ|написавш|руководивш)|(родн\\p{L}* город|мест\\p{L}* рождения)|[—–-]\\s*(кто|где|в каком|куда|как(ой|ая))[^.?!]{0,40}(\\sи\\s|,)\\s*(где|когда|кто|что|куда|в каком|чем)',
    ),
    choice: deep,
  },
];
