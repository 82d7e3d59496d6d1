import type { AreaTranslation } from '../area';
import type { providersEn } from '../en/providers';

export const providersRu: AreaTranslation<typeof providersEn> = {
  'providerName.simulated': 'Симуляция (с сидом, офлайн)',
  'providerName.openai': 'Эндпоинт с API OpenAI',
  'providerName.webllm': 'WebLLM (браузер, WebGPU)',
  'openai.baseUrl': 'Базовый URL',
  'openai.urlError': '«{value}» — не адрес http(s): укажите базовый URL сервера, например {example}.',
  'openai.model': 'Модель (пусто: своя у каждого профиля)',
  'openai.modelExample': 'например, {example}',
  'openai.key':
    'API-ключ (хранится только в этом браузере, никогда не попадает в ссылку, трассу или экспорт)',
  'openai.keyNotNeeded': 'большинству локальных серверов не нужен',
  'openai.keyAfterUrl': 'сначала укажите базовый URL',
  'openai.test': 'Проверить соединение',
  'openai.forget': 'Забыть ключ',
  'openai.enterUrl':
    'Укажите базовый URL сервера, совместимого с OpenAI (llama.cpp, Ollama, vLLM или облачный API).',
  'openai.ready':
    'Готово к запуску на {endpoint} (модель: {model}; {key, select, saved {ключ сохранён в этом браузере} other {без ключа}}).',
  'openai.eachProfile': 'своя у каждого профиля',
  'openai.connected':
    'Подключено: {n, plural, one {# модель} few {# модели} many {# моделей} other {# модели}} ({shown}).',
  'openai.andMore': '{shown} и ещё {n}',
  'openai.retrying': '{message} Повтор через {seconds} с (повтор {attempt}).',
  'openai.noUrl':
    'Укажите базовый URL сервера, совместимого с OpenAI (например, {example}), в настройках провайдера.',
  'webllm.checking': 'Проверяем WebGPU этого браузера, пока ничего не скачано…',
  'webllm.cannotRun': 'WebLLM не может работать в этом браузере: {message} Что делать: {fix}',
  'webllm.unnamedAdapter': 'безымянный адаптер',
  'webllm.slow':
    ' Это программный (CPU) адаптер: модель загрузится, но будет отвечать слишком медленно, чтобы быть полезной.',
  'webllm.loading': 'Загрузка {model} (движок {at} из {engines}): {percent}%.',
  'webllm.ready':
    'Готово: {model} на {engines, plural, =1 {одном общем движке} one {# движке} few {# движках} many {# движках} other {# движка}}.{slow}',
  'webllm.failed': 'Загрузка не удалась.',
  'webllm.listing': 'WebGPU готов ({gpu}); читаем список моделей WebLLM…',
  'webllm.listed':
    'WebGPU готов ({gpu}, shader-f16 {f16, select, yes {да} other {нет}}). Этой GPU подходит моделей: {fit} из {all}; выберите одну и нажмите «Загрузить».{slow}',
};
