import type { AreaTranslation } from '../area';
import type { runErrorsEn } from '../en/run-errors';

export const runErrorsRu: AreaTranslation<typeof runErrorsEn> = {
  'runError.emptyKnowledge': 'База знаний пуста: сначала импортируйте документы во вкладке «Знания».',
  'runError.endpointFailed': 'Эндпоинт модели дал сбой ({kind}): {message}',
  'runError.noSavedPolicy':
    'policy: нет чекпойнта «{ref}» (нужно имя политики, сохранённой в этом браузере, как его показывает вкладка «Обучение»)',
};
