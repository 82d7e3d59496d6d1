import type { AreaTranslation } from '../area';
import type { commonEn } from '../en/common';

export const commonRu: AreaTranslation<typeof commonEn> = {
  'unit.ms': '{n} мс',
  'unit.s': '{n} с',
  'unit.bytes': '{n} Б',
  'unit.size': '{n} {unit, select, kb {КБ} mb {МБ} other {ГБ}}',
  'count.attempts': '{n, plural, one {# попытка} few {# попытки} many {# попыток} other {# попытки}}',
  'count.events': '{n, plural, one {# событие} few {# события} many {# событий} other {# события}}',
  'status.idle': 'ожидание',
  'status.starting': 'запуск',
  'status.running': 'выполняется',
  'status.done': 'готово',
  'status.cancelled': 'отменён',
  'status.failed': 'ошибка',
  'status.interrupted': 'прерван',
  'status.loading': 'загрузка',
  'status.notFound': 'не найден',
  'status.unreadable': 'не читается',
};
