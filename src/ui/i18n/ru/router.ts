import type { AreaTranslation } from '../area';
import type { routerEn } from '../en/router';

export const routerRu: AreaTranslation<typeof routerEn> = {
  'router.single': 'Один агент',
  'router.swarm': 'Рой: оркестратор и субагенты',
  'router.peers': 'Равные: децентрализованная команда',
  'router.noScenario': 'На этой странице нет сценария {workflow}.',
  'router.noPeers': 'У сценария {workflow} в симуляторе пока нет формации равных участников.',
  'router.writeFirst': 'Сначала напишите запрос.',
  'router.labelled': 'Запросу «{query}» присвоена метка {label}; маршрутизатор её усвоил.',
  'router.noDataset': 'Набор данных не собран: {reason}.',
  'router.lede':
    '<strong>Мета-маршрутизатор</strong> читает запрос и планирует для него команду: один агент, руководитель с исполнителями или равные участники, которые сравнивают и голосуют. Если он не уверен (уверенность ниже {threshold}), запрос ждёт ниже вашей метки, и маршрутизатор учится на ней.',
  'router.queryLabel': 'Запрос, для которого нужно спланировать команду',
  'router.queryPlaceholder': 'например: сравни эти три ноутбука по цене, автономности и весу',
  'router.plan': 'Спланировать команду',
  'router.failed': 'Сбой маршрутизатора: {error}',
  'router.training': 'Обучение…',
  'router.trainedOn':
    'Обучен здесь на {shipped} размеченных запросах и {arbitrated} запросах, которые разметили вы.',
  'router.confidence': 'Уверенность',
  'router.fromSource':
    '— по {source, select, classifier {классификатору} rules {правилам} other {{source}}}.',
  'router.unsureAdded': 'Нет уверенности: запрос добавлен в очередь разметки ниже.',
  'router.unsureQueued': 'Нет уверенности: запрос уже в очереди ниже.',
  'router.candidates': 'Все правдоподобные варианты с вероятностями',
  'router.json': 'План в формате JSON',
  'router.own':
    '{model} работает над самим вашим запросом: {team}. Ответ — ответ команды, он оценивается {grading}.',
  'router.runOwn': 'Выполнить запрос с {model} (политика {policy})',
  'router.queue': 'Очередь разметки',
  'router.unreadable': 'Не удалось прочитать сохранённые запросы ({n}), они пропущены.',
  'router.counts': 'ждут метки: {pending}, размечено: {labelled}.',
  'router.sftTitle':
    'Размеченные запросы как строки планов мета-маршрутизатора (формат TRL SFT) с карточкой набора данных',
  'router.sft': 'Скачать метки как набор данных SFT',
  'router.webllmModel': 'WebLLM ({model})',
  'router.endpointModel': 'модель эндпоинта {model}',
  'router.endpointAny': 'модель эндпоинта',
  'router.teamSingle': 'отвечает один агент — {role}',
  'router.teamPeers': 'каждый из участников ({roles}) отвечает, затем {first} пишет ответ команды',
  'router.teamSwarm':
    'оркестратор ({manager}) делит работу между {roles}, а последний из них объединяет части',
  'router.kb':
    '«Запустить» ответит на запрос по документам, импортированным в разделе «Знания», со ссылками на использованные фрагменты.',
  'router.openScenario': 'Открыть сценарий {scenario} с этой формацией ({policy})',
  'router.whyClassifier':
    'Почему у {chosen} полоса {bar}: уверенность ({confidence}) учитывает только слова, известные классификатору; остальную долю полосы отдают правилам.',
  'router.whyRules':
    'Почему у {chosen} полоса {bar}: полосы делят всю уверенность, в сумме 1; уверенность ({confidence}) — это степень уверенности правил в своём выборе.',
  'arbitration.request': 'Запрос',
  'arbitration.chose': 'Выбор маршрутизатора',
  'arbitration.yours': 'Ваша метка',
  'arbitration.actions': 'Действия',
  'arbitration.empty': 'Размечать нечего: пока маршрутизатор уверен в каждом запросе.',
  'arbitration.by': 'автор: {who}',
  'arbitration.choiceFor': 'Правильный вариант для «{query}»',
  'arbitration.label': 'Разметить',
  'arbitration.forget': 'Удалить',
  'team.picture':
    '{topology, select, single {Команда из одного агента} swarm {Рой} peers {Команда равных} other {Команда {topology}}}: {members}',
};
