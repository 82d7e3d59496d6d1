import type { AreaTranslation } from '../area';
import type { pictureEn } from '../en/picture';

export const pictureRu: AreaTranslation<typeof pictureEn> = {
  'node.waiting': 'ожидает',
  'node.ready': 'готова к запуску',
  'node.running': 'выполняется',
  'node.done': 'выполнена',
  'node.degraded': 'с потерями',
  'node.failed': 'ошибка',
  'node.skipped': 'пропущена',
  'node.cancelled': 'отменена',
  'dag.label':
    '{peers, select, yes {Граф ходов участников: {n}} other {Граф задач: {n}}}{main, plural, =0 {} other {, шагов оркестратора: {main}}}; фактический критический путь обведён красным, плановый — пунктиром',
  'dag.attempt':
    '{task}, попытка {attempt}: выполнялась на {subagent} с шагового времени {start} до {end} и {outcome, select, cancelled {была отменена} other {не удалась}}; задача запущена снова (узел показывает последнюю попытку)',
  'dag.end': '{label}: конец запуска — все ответы получены',
  'dag.decision':
    'решение оркестратора {step} из {steps} в шаговое время {t}: S_main {main}, {n, plural, one {запущена # попытка} few {запущено # попытки} many {запущено # попыток} other {запущено # попытки}}, самая медленная заняла шагов: {slowest}',
  'dag.asRun': 'по факту',
  'dag.asPlanned': 'по плану',
  'dag.lowerBound': 'нижняя граница',
  'dag.plannedEstimate': 'плановая оценка',
  'dag.longestChain': 'самая длинная цепочка',
  'dag.task': '{task}: шагов {steps}, {where} — в {k}× быстрее: {bound} {before} → {after} ({delta})',
  'dag.onPath': 'на критическом пути',
  'dag.slack': 'резерв {slack}',
  'dag.with': '{text} ({how})',
  'dag.forkFrom': 'Ответвить от решения {decision}',
  'dag.whatIf': 'ускорение «что если»',
  'dag.fit': 'Вписать',
  'dag.pictureName': 'граф запуска',
  'dag.pictureTitle': 'Граф запуска {id}: фактический критический путь — красным, плановый — пунктиром',
  'dag.layoutFailed': 'Не удалось расположить граф: {error}',
  'dag.layingOut': 'Расположение узлов: {n}…',
  'dag.hint':
    'Наведите на узел или перейдите к нему клавишей Tab (стрелки — по рёбрам), чтобы увидеть его резерв и что изменил бы более быстрый субагент.',
  'stages.sum':
    '{n, plural, one {# этап} few {# этапа} many {# этапов} other {# этапа}}: Σ S_main = {main}, Σ max S_sub = {sub}{lanes, select, one { — этапы идут друг за другом, поэтому вместе они и есть критические шаги} other { — этапы перекрываются (асинхронное слияние): критические шаги — это путь выше, а не эта сумма}}',
  'stages.rounds':
    '{n, plural, one {# раунд} few {# раунда} many {# раундов} other {# раунда}}, каждый длится столько, сколько его самый долгий ход: {parts} = {total} шагов; без оркестратора',
  'stages.label': 'Этапы: S_main — тёмным, самый медленный субагент этапа — светлым',
  'stages.title': 'решение {step} в шаговое время {t}: S_main {main} + max S_sub {sub}',
  'agents.label':
    '{n, plural, one {# агент} few {# агента} many {# агентов} other {# агента}}{peers, select, yes {, {messages, plural, one {# сообщение} few {# сообщения} many {# сообщений} other {# сообщения}}} other {}}',
  'agents.made': '{from} создал {to}',
  'agents.replaced': '{from} заменён на {to} ({why})',
  'agents.message': 'раунд {round}, {from} → {to}: {text}',
  'agents.orch': 'орк.',
  'agents.orchestrator': 'оркестратор',
  'agents.node': '{label} ({profile}): {n, plural, one {# ход} few {# хода} many {# ходов} other {# хода}}',
  'agents.running': ', выполняется: {n}',
  'agents.failed': ', с ошибкой: {n}',
  'agents.stopped': ', остановлено до завершения: {n}',
  'agents.quarantined': ', в карантине {n}×',
  'agents.refused': ', отклонено вызовов вне его возможностей: {n}',
  'agents.replacedMark': ', заменён',
  'agents.after': '; новый агент на дорожке {after}',
  'agents.notePeers':
    'Без оркестратора: участники ходят по очереди раундами и общаются через общую доску. Сообщения перечислены под рисунком; число в узле — количество его ходов.',
  'agents.note': 'Каждого субагента создал оркестратор (серые рёбра); число в узле — количество его попыток.',
  'agents.healed':
    ' Самовосстановление заменило {n, plural, one {# агента} few {# агентов} many {# агентов} other {# агента}}: каждый бледный узел указывает (пунктиром) на агента, который взял его задачу; имя со штрихом — новый агент на дорожке заменённого.',
  'agents.messages': 'Сообщения между агентами',
  'agents.round': 'раунд {round} · {from} → {to}',
  'agents.pictureName': 'граф агентов',
  'agents.pictureTitle': 'Агенты и их сообщения',
  'timeline.labelPeers':
    'Хронология: полоса на каждый раунд, затем дорожка на каждого участника, в шаговом времени; ходы на фактическом критическом пути обведены красным',
  'timeline.label':
    'Хронология: шаги оркестратора, затем дорожка на каждого субагента, в шаговом времени; шаги и попытки на фактическом критическом пути обведены красным',
  'timeline.hintPeers':
    'Наведите на полосу или перейдите к ней клавишей Tab (← → по дорожке, ↑ ↓ между дорожками), чтобы увидеть ход или раунд.',
  'timeline.hint':
    'Наведите на полосу или перейдите к ней клавишей Tab (← → по дорожке, ↑ ↓ между дорожками), чтобы увидеть попытку или решение оркестратора.',
  'timeline.pictureName': 'хронологию',
  'timeline.titlePeers': 'Хронология: раунды и дорожка на каждого участника, в шаговом времени',
  'timeline.title': 'Хронология: шаги оркестратора и дорожка на каждого субагента, в шаговом времени',
  'bar.attemptName': '{task}, попытка {attempt}, на {agent}',
  'bar.roundName': 'раунд {round}',
  'bar.decisionName': 'решение оркестратора {step}',
  'bar.attempt': '{task} (попытка {attempt}) на {agent}: шаги {start}–{end}, {outcome}',
  'bar.round':
    'раунд {round}: шаги {start}–{end}, {turns, plural, one {# ход} few {# хода} many {# ходов} other {# хода}}, самый долгий — {longest} шагов{state, select, running { на данный момент} settled { (сошлись: каждый ход повторил позицию)} other {}}',
  'bar.launched':
    '{n, plural, one {запущена # попытка} few {запущено # попытки} many {запущено # попыток} other {запущено # попытки}}',
  'bar.launchedNothing': 'ничего не запущено',
  'bar.decision': 'решение оркестратора {step}{of}: шаговое время {start}–{end} (S_main {main}), {what}',
  'bar.of': ' из {n}',
  'download.svg': 'Скачать {what} в SVG',
  'download.png': 'Скачать {what} в PNG',
  'download.failed': 'Не удалось сохранить рисунок: {error}',
  'answer.heading': 'Результат — итоговый ответ запуска',
  'answer.citations': '(нажмите на ссылку, чтобы прочитать фрагмент)',
  'answer.score': 'Оценка {score}',
  'answer.criteria': 'Как оценщик выставил оценку',
  'answer.pieces': 'Что ответил каждый субагент (частей, из которых собран ответ: {n})',
  'answer.final': 'Итоговый ответ',
  'answer.raw': 'Исходный ответ (текст в том виде, в каком его вернул запуск)',
  'answer.table': 'Таблица ответа',
};
