import type { AreaTranslation } from '../area';
import type { webllmEn } from '../en/webllm';

export const webllmRu: AreaTranslation<typeof webllmEn> = {
  'webllmPanel.model': 'Модель WebLLM (только те, что поддерживает этот GPU)',
  'webllmPanel.cached': 'в кэше',
  'webllmPanel.sees': 'видит изображения',
  'webllmPanel.rejected':
    '{n, plural, one {# модель не запустится на этом GPU} few {# модели не запустятся на этом GPU} many {# моделей не запустятся на этом GPU} other {# модели не запустятся на этом GPU}}',
  'webllmPanel.engines': 'Движки',
  'webllmPanel.oneEngine': 'Один движок на всех субагентов (по очереди)',
  'webllmPanel.manyEngines':
    '{n, plural, one {# движок} few {# движка} many {# движков} other {# движка}}, по одному на поток субагента (одновременно отвечают до {n})',
  'webllmPanel.needs':
    'Нужно {memory}. Один движок генерирует ответ на один запрос за раз: если движков меньше, чем занятых субагентов, остальные ждут (вид запуска показывает фактический параллелизм рядом с номинальным).',
  'webllmPanel.memory':
    'около {total} видеопамяти ({engines, plural, one {# движок} few {# движка × {each}} many {# движков × {each}} other {# движка × {each}}})',
  'webllmPanel.memoryUnknown': 'Сколько нужно видеопамяти, неизвестно (в записи модели нет оценки)',
  'webllmPanel.busy': 'Загруженные движки заняты запуском: сначала остановите его.',
  'webllmPanel.load': 'Загрузить',
  'webllmPanel.reload': 'Перезагрузить',
  'webllmPanel.cancel': 'Отмена',
  'webllmPanel.loadedOf': '{loaded} из {total} МБ',
  'webllmPanel.loaded': '{loaded} МБ',
  'webllmPanel.percent': '{percent} %',
  'webllmPanel.eta': 'осталось около {seconds} с',
  'webllmPanel.elapsed': 'прошло {seconds} с',
  'webllmPanel.keepIn': 'Где хранить веса',
  'webllmPanel.cacheApi': 'Cache API (лучше всего проверен в WebLLM)',
  'webllmPanel.indexeddb': 'IndexedDB',
  'webllmPanel.opfs': 'приватная файловая система источника (OPFS)',
  'webllmPanel.storage':
    'Сайт хранит {usage} из {quota}, разрешённых браузером: модель, которая не помещается, не загрузится, и об этом будет сказано.',
  'webllmPanel.cachedHere': 'В кэше этого браузера:',
  'webllmPanel.delete': 'Удалить',
  'webllmPanel.deleteOne': 'Удалить {model} из кэша',
  'webllmPanel.selfHosted': 'Свои веса',
  'webllmPanel.url': 'URL модели (абсолютный: папка с mlc-chat-config.json)',
  'webllmPanel.lib': 'URL библиотеки модели (файл .wasm)',
  'webllmPanel.add': 'Добавить в список',
  'webllmPanel.recheck': 'Проверить WebGPU снова',
  'webllmError.codeNotLoaded':
    'Не удалось загрузить код WebLLM ({message}): проверьте соединение и нажмите «Проверить WebGPU снова».',
  'webllmError.notOnGpu': '{model} не запустится на этом GPU: {why}.',
  'webllmError.notSupported': 'не поддерживается',
  'webllmError.notReady': 'WebLLM не готов: сначала выберите провайдера WebLLM.',
  'webllmError.deleteFailed': 'Не удалось удалить {model} из кэша: {message}',
  'webllmError.cannotRun': 'WebLLM не может работать здесь: {message} {fix}',
  'webllmError.stillLoading': 'Модель WebLLM ещё загружается: дождитесь конца загрузки и запустите.',
  'webllmError.loadFirst': 'Сначала загрузите модель WebLLM (настройки провайдера, «Загрузить»).',
};
