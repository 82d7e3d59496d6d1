import type { AreaTranslation } from '../area';
import type { shellEn } from '../en/shell';

export const shellRu: AreaTranslation<typeof shellEn> = {
  'nav.label': 'Разделы',
  'nav.gallery': 'Сценарии',
  'nav.run': 'Запуск',
  'nav.compare': 'Сравнение',
  'nav.train': 'Обучение',
  'nav.library': 'Библиотека',
  'nav.knowledge': 'Знания',
  'nav.router': 'Маршрутизатор',
  'lang.label': 'Язык',
  'problems.heading': 'Некоторые настройки из этой ссылки не удалось применить.',
  'common.dismiss': 'Закрыть',
  'bridge.label': 'Страница просит доступ к управлению роями',
  'bridge.framed':
    '<strong>{origin}</strong> хочет создавать и запускать здесь рои агентов, но эта страница открыта во фрейме другой страницы, где нажатие может попасть не туда, куда вы видите. Поэтому разрешение здесь не запрашивается и ничего не разрешено. Если вы доверяете этому сайту, пусть он откроет SwarmFlight в отдельном окне — разрешите доступ там.',
  'bridge.ask':
    '<strong>{origin}</strong> хочет создавать и запускать здесь рои агентов. Разрешайте, только если доверяете этому сайту.',
  'bridge.allow': 'Разрешить',
  'bridge.deny': 'Запретить',
};
