import type { AreaTranslation } from '../area';
import type { cardsEn } from '../en/cards';

export const cardsRu: AreaTranslation<typeof cardsEn> = {
  'card.critical': 'Критические шаги',
  'card.criticalEarly': 'запуск {how} здесь, до завершения задач · нижняя граница {bound}',
  'card.criticalRatio': 'нижняя граница {bound} ({ratio}×)',
  'card.slow': 'Больше {ratio}× нижней границы: расписание не использует параллелизм полностью.',
  'card.slowOrchestrator':
    'Больше {ratio}× нижней границы, и бо́льшая часть критических шагов ({orchestrator} из {critical}) — собственные шаги оркестратора: он больше пишет и читает, чем работают его субагенты.',
  'card.bound': 'Нижняя граница',
  'card.boundDetail':
    'короче эту работу не выполнить: её самая длинная цепочка или объём работы, делённый на P',
  'card.wall': 'Реальное время',
  'card.wallMissing': '{missing}: запуск измеряется в шаговом времени',
  'card.wallGraph': 'реальное время в темпе, заданном для шагов графа (его задачи не вызывают модель)',
  'card.wallSimulated': 'реальное время в темпе, заданном для симулированных моделей',
  'card.wallModel': 'реальное время: настолько быстро отвечала модель ({provider})',
  'card.startup': 'ещё {duration} до него на запуск воркеров субагентов',
  'card.tokens': 'Токены',
  'card.tokensInOut': '{tokensIn} на входе · {tokensOut} на выходе',
  'card.tokensIn': '{tokensIn} на входе',
  'card.ofBudget': ' из {budget}',
  'card.running':
    '{tokens} из них — от {n, plural, one {# ещё идущей попытки} few {# ещё идущих попыток} many {# ещё идущих попыток} other {# ещё идущей попытки}}',
  'card.cost': '{cost} ед. стоимости',
  'card.relativeCost': '{ratio}× эталонной стоимости экземпляра',
  'card.tools': 'Вызовы инструментов',
  'card.toolsNone': 'нет: задачи этого графа не вызывают инструменты',
  'card.toolsNoBudget': 'без лимита',
  'card.toolsBudget': 'из лимита {budget}',
  'card.toolsSpent': 'Лимит вызовов инструментов исчерпан.',
  'card.parallelism': 'Параллелизм',
  'card.parallelismDetail':
    'в среднем · сейчас выполняется {running} · {n, plural, one {создан # субагент} few {создано # субагента} many {создано # субагентов} other {создано # субагента}}',
  'card.retries': 'Повторы',
  'card.retriesDetail': 'задачи, завершившиеся ошибкой: {failed}% · пропущено: {skipped}%',
  'card.quality': 'Качество',
  'card.qualityEarly': 'без оценки: запуск {how} до завершения задач',
  'card.qualityLater': 'оценка — после завершения запуска',
  'card.reward': 'награда {reward}',
  'card.missingOrchestration': '{what}: не моделируется в симулированной среде оркестрации',
  'card.missingTrace': '{what}: нет в этой трассе',
  'card.whatRealTime': 'реальное время',
  'card.whatOutput': 'выходные токены',
  'card.whatTools': 'вызовы инструментов',
  'planned.head': 'плановая оценка {planned}',
  'planned.same': 'плановая оценка {planned} — та же',
  'planned.wholeEarly':
    'плановая оценка {planned} — для всего запуска; здесь учтена работа до его завершения',
  'planned.wholeSoFar':
    'плановая оценка {planned} — для всего запуска; здесь учтена только уже сделанная работа',
  'planned.why': 'плановая оценка {planned} — по оценкам шагов в плане: {why}',
  'planned.retries':
    '{n, plural, one {# повтор добавил} few {# повтора добавили} many {# повторов добавили} other {# повтора добавили}} работы',
  'planned.more': 'попытки заняли больше шагов',
  'planned.notAll': 'выполнены не все задачи',
  'planned.fewer': 'попытки заняли меньше шагов',
  'path.steps': '{n, plural, one {# шаг} few {# шага} many {# шагов} other {# шага}}',
  'path.earlyEnd': 'запуск {how}',
  'path.plannedChain': 'плановая оценка (пунктир): {steps}, самая длинная цепочка плана',
  'path.plannedWork':
    'план (пунктир): самая длинная цепочка плана — {steps} · плановая оценка {estimate}: объём работы на {workers, plural, one {# субагента} few {# субагента} many {# субагентов} other {# субагента}} больше',
  'path.noRealized': '{planned} · фактического пути нет: {why}',
  'path.inMain':
    '{steps} — в {n, plural, one {# шаге оркестратора} few {# шагах оркестратора} many {# шагах оркестратора} other {# шага оркестратора}}',
  'path.inSub': '{steps} — у субагентов',
  'path.inBackoff': '{steps} — в паузах перед повтором',
  'path.notInTrace': '{steps} — вне трассы',
  'path.early': '{early} на шаге {at}, до завершения задач · красным — то, что выполнялось до этого',
  'path.critical': 'критический путь (красный)',
  'path.criticalSoFar': 'критический путь (красный) на данный момент',
  'path.line': '{head}: {steps} = {parts} · {planned}',
  'path.round': 'раунд {round}: {steps}',
  'path.betweenTurns': '{steps} — между ходами',
  'path.peers': '{head}: {steps} = {parts}, в каждом раунде — самый долгий ход',
  'end.words':
    '{reason, select, completed {завершён} completedWithFailures {завершён с проваленными задачами} aborted {был остановлен} taskFailed {остановлен после ошибки задачи (fail-fast)} stalled {остановлен: политика больше ничего не запускала} contextOverflow {остановлен: переполнился контекст оркестратора} finished {досрочно сдан оркестратором} failed {завершился ошибкой} interrupted {прерван (вкладку закрыли или перезагрузили)} maxCriticalSteps {остановлен: исчерпан лимит критических шагов} maxToolCalls {остановлен: исчерпан лимит вызовов инструментов} maxTokens {остановлен: исчерпан лимит токенов} maxCost {остановлен: исчерпан лимит стоимости} maxWallMs {остановлен: исчерпан лимит реального времени} maxOrchestratorSteps {остановлен: исчерпан лимит шагов оркестратора} other {{words}}}',
};
