import type { AreaTranslation } from '../area';
import type { knowledgeEn } from '../en/knowledge';

export const knowledgeRu: AreaTranslation<typeof knowledgeEn> = {
  'kb.openFailed': 'Не удалось открыть базу знаний: {error}',
  'kb.reading': 'Чтение {n, plural, one {# файла} few {# файлов} many {# файлов} other {# файла}}…',
  'kb.embedding':
    'Нарезка и эмбеддинг {n, plural, one {# документа} few {# документов} many {# документов} other {# документа}}…',
  'kb.added': 'Добавлено документов: {n}.',
  'kb.skipped': '{added} Пропущено: {skipped}.',
  'kb.addFailed': 'Ничего не добавлено: {error}',
  'kb.deleted': 'Удалён {source}.',
  'kb.deleteFailed': '{source} не удалён: {error}',
  'kb.empty': 'База знаний пуста: сначала импортируйте документы.',
  'kb.searchFailed': 'Поиск не удался: {error}',
  'kb.heading': 'База знаний',
  'kb.about':
    'Ваши собственные документы, хранящиеся только в этом браузере (IndexedDB): простой текст, Markdown, reStructuredText, HTML и PDF. Они режутся на фрагменты примерно по 512 токенов (с перекрытием 64), получают эмбеддинги и ищутся сразу по смыслу и по словам. <em>Вопрос</em> к рою отвечает по ним со ссылками.',
  'kb.drop': 'Добавить документы: выберите файлы или папку либо перетащите их сюда',
  'kb.addFiles': 'Добавить файлы',
  'kb.folder': 'или папку',
  'kb.dropHere': 'или перетащите их сюда.',
  'kb.stats': 'документов: {documents} · фрагментов: {passages} · токенов: {tokens} · занято {stored}',
  'kb.usage': '(сайт занимает {used} из {quota}, разрешённых браузером)',
  'kb.document': 'Документ',
  'kb.passages': 'Фрагменты',
  'kb.tokens': 'Токены',
  'kb.delete': 'Удалить',
  'kb.deleteOne': 'Удалить {source}',
  'kb.search': 'Поиск',
  'kb.searchPlaceholder': 'Что вы ищете?',
  'kb.nothing': 'В базе знаний ничего не нашлось.',
  'kb.passage': '{source} · фрагмент {chunk}',
  'kb.score': 'оценка {score}',
  'kb.askLabel': 'Спросить рой',
  'kb.askPlaceholder': 'Вопрос, на который отвечают ваши документы',
  'kb.ask': 'Спросить (rag-qa)',
  'kb.askNote':
    'У вашего вопроса нет эталонного ответа, поэтому запуск не проверяет, верен ли ответ: качество учитывает ссылки (есть ли они и содержат ли ответ), долю слов вашего вопроса, которую покрывает ответ, а для вопросов «почему» и «сколько» — есть ли в ответе причина или число.',
  'dataset.none': 'Из этих запусков не собрать набор {format}: {reason}.',
  'dataset.done':
    'Скачан {base}.zip: {train} (строк: {trainRows}), {validation} (строк: {validationRows}) и {card}, из запусков: {runs}.',
  'dataset.failed': 'Не удалось собрать набор данных: {error}',
  'dataset.sftTitle':
    'Планы, решения о следующем говорящем и траектории агентов из успешных запусков (формат TRL SFT)',
  'dataset.building': 'Сборка…',
  'dataset.sft': 'Набор SFT',
  'dataset.dpoTitle': 'Пары предпочтений из планов, опробованных на одном запросе (формат TRL DPO)',
  'dataset.dpo': 'Набор DPO',
};
