import type { AreaTranslation } from '../area';
import type { analysisEn } from '../en/analysis';

export const analysisRu: AreaTranslation<typeof analysisEn> = {
  'analysis.heading': 'Спросить модель об этом запуске',
  'analysis.about':
    'Граф запуска (его реализованный критический путь красным){timeline, select, yes { и его временная шкала рисуются} other { рисуется}} в PNG и отправляются вместе со сводкой запуска и вашим вопросом. Больше ничего вашего не отправляется; ключ конечной точки остаётся в заголовке её запроса.',
  'analysis.question': 'Ваш вопрос',
  'analysis.suggested': 'Предлагаемые вопросы',
  'analysis.bottleneck': 'Где узкое место?',
  'analysis.notBeat': 'Почему рой не обогнал одного агента?',
  'analysis.path': 'Что лежит на критическом пути и почему?',
  'analysis.model': 'Модель',
  'analysis.simulated': 'Симулированная модель (отвечает офлайн, по числам запуска)',
  'analysis.endpoint': '{model} на {endpoint}',
  'analysis.endpointNoModel': 'OpenAI-совместимая конечная точка {endpoint} (модель не указана)',
  'analysis.webllm': 'WebLLM: {model}',
  'analysis.canSee': 'видит изображения',
  'analysis.cannotSee': 'не видит изображений',
  'analysis.chosenSees': 'Эта модель видит изображения: они отправляются вместе с вашим вопросом.',
  'analysis.chosenBlind': 'Эта модель не видит изображений: её не спрашивают и ничего ей не отправляют.',
  'analysis.sees': 'Эта модель видит изображения',
  'analysis.seesHelp':
    'Сервер нельзя спросить, видит ли его модель: скажите это сами, если видит. Хранится в этом браузере для этой конечной точки и модели.',
  'analysis.ask': 'Спросить',
  'analysis.cancel': 'Отмена',
  'analysis.drawing': 'Рисуем изображения запуска…',
  'analysis.asking': 'Ждём ответа {model}…',
  'analysis.keeping': 'Сохраняем ответ вместе с запуском…',
  'analysis.cancelled': 'Отменено: ничего не сохранено. Ваш вопрос остался здесь.',
  'analysis.failed': 'Модель не ответила: {error}. Ваш вопрос остался здесь; ничего не сохранено.',
  'analysis.needModel':
    'Сначала укажите модель конечной точки в настройках провайдера (Модель): ту, что посмотрит на изображения.',
  'analysis.blindEndpoint':
    'Не указано, что {model} на {endpoint} видит изображения, поэтому ничего не отправлено. Если видит, отметьте «Эта модель видит изображения»; или спросите симулированную модель.',
  'analysis.blindModel':
    '{model} не видит изображений, поэтому ничего не отправлено. Видят: симулированная модель, модель конечной точки, о которой вы сказали, что она видит, и визуальные сборки WebLLM.',
  'analysis.emptyQuestion': 'Сначала введите вопрос или выберите предлагаемый.',
  'analysis.answer': 'Ответ {model}',
  'analysis.picture': 'Что было показано {model}: {label}',
  'analysis.kept': 'Сохранено с этим запуском ({n})',
  'analysis.none': 'Анализов этого запуска пока нет.',
  'analysis.by': '{model} ({provider}), {when}',
  'analysis.asked': 'Вопрос',
  'analysis.shown': 'Показано: {images}',
  'analysis.noImages': 'без изображений',
  'analysis.download': 'Скачать анализы (JSON)',
  'analysis.downloadRedacted':
    'В загрузке был API-ключ, сохранённый в этом браузере{n, plural, one {; он заменён} few { (# раза); каждый заменён} many { (# раз); каждый заменён} other { (# раза); каждый заменён}} на [redacted].',
  'analysis.libraryCount': '{n, plural, one {# анализ} few {# анализа} many {# анализов} other {# анализа}}',
  'analysis.runGone': 'запуска {id} нет в библиотеке (не удалён ли он?)',
  'analysis.unreadable': 'Не удалось прочитать анализы: {error}',
};
