import type { AreaTranslation } from '../area';
import type { healingEn } from '../en/healing';

export const healingRu: AreaTranslation<typeof healingEn> = {
  'fault.about':
    '{fault, select, hang {его модель никогда не отвечает} loop {он повторяет один и тот же вызов инструмента} crash {вызов его модели падает с ошибкой} malformed {его вызовы несут испорченный JSON} inject {он перехвачен и вызывает инструменты, которых ему не давали} slow {каждый его ход идёт намного дольше} other {{fault}}}',
  'fault.option': '{fault}: {about}',
  'incident.fault': 'внесён сбой',
  'incident.anomaly': 'обнаружено',
  'incident.action': 'самолечение',
  'incident.faultDetail': 'намеренно: {about}',
  'incident.quarantined': 'изолирован: {kind}: {evidence}',
  'incident.mark': '{what}: {name} у {subagent} на шаге {t}: {detail}',
  'evidence.slow':
    'ход модели занял {ms} мс, {perToken} мс на токен; ходы роя укладываются в {level} мс на токен',
  'evidence.runawayTokens':
    '{tokens, plural, one {# токен} few {# токена} many {# токенов} other {# токена}} за одну попытку; попытки роя укладываются в {level}',
  'evidence.runawayTools':
    '{calls, plural, one {# вызов инструментов} few {# вызова инструментов} many {# вызовов инструментов} other {# вызова инструментов}} за одну попытку; попытки роя укладываются в {level}',
  'evidence.capabilityViolation':
    'вызван {tool}, инструмент, которого ему не давали ({rejection}); вызов отклонён',
  'evidence.errorBurst':
    '{errors, plural, one {# вызов отклонён} few {# вызова отклонены} many {# вызовов отклонены} other {# вызова отклонены}} из-за аргументов (последний: {tool}, {rejection})',
  'evidence.loop':
    '{tool} вызван {times, plural, one {# раз} few {# раза} many {# раз} other {# раза}} с одними и теми же аргументами {args}',
  'evidence.unresponsive': 'модель не ответила за {ms} мс{clock, select, model { своего времени} other {}}',
  'evidence.criticalSteps':
    'запуск дошёл до {now} критических шагов, больше чем {factor}× от базовых {baseline}',
};
