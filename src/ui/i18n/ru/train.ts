import type { AreaTranslation } from '../area';
import type { trainEn } from '../en/train';

export const trainRu: AreaTranslation<typeof trainEn> = {
  'train.heading': 'Обучение оркестратора',
  'train.about':
    'Политика, которая ведёт ваши сценарии: обучается на настоящих запусках широкого и глубокого поиска, программирования, рассказов и вопросов по заметкам (scenarios/mix.json), у каждого экземпляра свои движки и сложность, с наградой PARL; работает в Web Worker, поэтому страница не подвисает. В CLI по умолчанию 20 000 эпизодов; 300 здесь — для беглого взгляда. Сохраните её и выберите в разделе «Запуск».',
  'train.policy': 'Политика',
  'train.parl': 'PARL (решает на каждом шаге)',
  'train.bandit': 'Контекстный бандит (LinUCB)',
  'train.episodes': 'Эпизоды',
  'train.seed': 'Зерно',
  'train.train': 'Обучить',
  'train.stop': 'Остановить',
  'train.resume': 'Продолжить',
  'train.load': 'Загрузить файл политики',
  'train.status':
    '{phase, select, idle {ожидание} training {обучение} stopped {остановлено} done {готово} failed {ошибка} other {{phase}}} · эпизодов: {done} из {total}',
  'train.curves':
    'Кривые обучения по эпизодам: награда и её слагаемые (r_perf, λ1·r_parallel, λ2·r_finish), качество, критические шаги, параллелизм, порождения и доля завершений',
  'train.name': 'Название',
  'train.save': 'Сохранить в этом браузере',
  'train.download': 'Скачать JSON',
  'train.saved': 'Сохранённые политики',
  'train.runOn': 'Запустить сохранённую политику на',
  'train.none': 'Пока нет.',
  'train.runWith': 'Запустить с этой политикой',
  'train.delete': 'Удалить',
};
