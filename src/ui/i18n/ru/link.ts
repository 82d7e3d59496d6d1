import type { AreaTranslation } from '../area';
import type { linkEn } from '../en/link';

export const linkRu: AreaTranslation<typeof linkEn> = {
  'link.repeated': 'Настройка {key} встречается в ссылке несколько раз: взята первая.',
  'link.unknown': 'Неизвестная настройка {key} в ссылке пропущена.',
  'link.ignored': 'Настройка {key} в ссылке пропущена: {error}.',
  'link.badRequest': 'Запрос запуска в ссылке пропущен: {reason}.',
  'link.noScenario': 'Сценария «{scenario}» нет; вместо него показан {fallback}.',
  'link.sizeOutOfRange':
    'Размер {size} вне диапазона для {scenario} ({min}–{max}); взят размер по умолчанию, {fallback}.',
  'link.fixedSize': 'У {scenario} размер постоянный; размер {size} из ссылки пропущен.',
  'link.notOneOf': '{value} — не одно из значений {options}',
  'link.notWhole': '{value} — не целое число',
  'link.outOfRange': '{value} вне диапазона ({min}–{max})',
  'link.notModel': '{value} — не имя модели',
  'link.notJson': 'это не JSON',
  'link.notScenario': '{value} — не идентификатор сценария',
  'link.notUrl': '{value} — не адрес http(s)',
  'link.notField': '{value} — не поле провайдера длиной до {max, number} символов',
  'link.notOneOrZero': '{value} — не 1 и не 0',
  'link.atMostRuns':
    'не более {n, plural, one {# запуска} few {# запусков} many {# запусков} other {# запуска}}',
  'link.notRunId': '{value} — не идентификатор запуска',
  'link.notPolicies': '{value} — не список политик',
  'link.atMostPolicies':
    'не более {n, plural, one {# политики} few {# политик} many {# политик} other {# политики}}, каждая по одному разу',
  'link.notFault': '{value} — не сбой ({faults})',
  'link.longQuestion': 'вопрос длиной не более {max, number} символов',
  'link.longRequest': 'запрос длиной не более {max, number} символов',
  'link.notRole': '{value} — не имя роли (буквы, цифры, пробелы, - и _)',
  'link.bigTeam':
    'команда не более чем из {n, plural, one {# роли} few {# ролей} many {# ролей} other {# роли}}',
};
