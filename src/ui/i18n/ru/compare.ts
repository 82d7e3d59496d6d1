import type { AreaTranslation } from '../area';
import type { compareEn } from '../en/compare';

export const compareRu: AreaTranslation<typeof compareEn> = {
  'compare.empty':
    'Выберите выше сценарий, зерно и две или больше политик и нажмите «Запустить сравнение»; или отметьте два и больше запусков в «Библиотеке» (затем «Сравнить выбранные»), или нажмите «Сравнить с одним агентом» в разделе «Запуск».',
  'compare.missingRuns':
    'Некоторых запусков из ссылки нет в библиотеке этого браузера: «Запустить сравнение» выполнит их снова (то же зерно даёт те же запуски).',
  'compare.heading': 'Сравнение запусков: {n}, первый — базовый',
  'compare.metric': 'Метрика',
  'compare.baseline': '{title} (базовый)',
  'compare.better': '(лучше {better, select, lower {меньше} higher {больше} other {{better}}})',
  'compare.neither': '(ни одно направление не лучше)',
  'compare.notRun': '{policy} · не запускался',
  'picker.heading': 'Сравнить политики на одном зерне',
  'picker.scenario': 'Сценарий',
  'picker.seed': 'Зерно',
  'picker.policies': 'Политики; первая отмеченная — базовая',
  'picker.fixed': 'Фиксированная настройка',
  'picker.add': 'Добавить',
  'picker.stop': 'Остановить сравнение',
  'picker.run': 'Запустить сравнение',
  'picker.tooFew': 'Отметьте две или больше политик.',
  'picker.blocked': 'В разделе «Запуск» идёт запуск: сравнение начнётся, когда он закончится.',
  'picker.queued': 'в очереди',
  'picker.running': 'выполняется…',
  'picker.done': 'готово, в «Библиотеке»',
  'picker.failed': 'не удалось запустить: {message}',
};
