import type { AreaTranslation } from '../area';
import type { healingEn } from '../en/healing';

export const healingZh: AreaTranslation<typeof healingEn> = {
  'fault.about':
    '{fault, select, hang {它的模型永不回答} loop {它反复发出同一个工具调用} crash {它的模型调用抛出错误} malformed {它的调用带有损坏的 JSON} inject {它被劫持，调用未授予它的工具} slow {它的每一轮都慢得多} other {{fault}}}',
  'fault.option': '{fault}：{about}',
  'incident.fault': '注入故障',
  'incident.anomaly': '检测到',
  'incident.action': '自愈',
  'incident.faultDetail': '有意注入：{about}',
  'incident.quarantined': '已隔离：{kind}：{evidence}',
  'incident.mark': '{what}：{name}，{subagent}，第 {t} 步：{detail}',
  'evidence.slow':
    '一轮模型调用用了 {ms} 毫秒，每个词元 {perToken} 毫秒；群体的各轮都低于每词元 {level} 毫秒',
  'evidence.runawayTokens': '一次尝试用了 {tokens} 个词元；群体的尝试都低于 {level} 个',
  'evidence.runawayTools': '一次尝试调用了 {calls} 次工具；群体的尝试都低于 {level} 次',
  'evidence.capabilityViolation': '调用了未授予它的工具 {tool}（{rejection}）；调用已被拒绝',
  'evidence.errorBurst': '{errors} 次调用因参数被拒绝（最后一次：{tool}，{rejection}）',
  'evidence.loop': '{tool} 以相同参数被调用了 {times} 次：{args}',
  'evidence.unresponsive': '{clock, select, model {按模型自身的时间，} other {}}{ms} 毫秒内模型没有回答',
  'evidence.criticalSteps': '运行已到 {now} 个关键步，超过基线 {baseline} 的 {factor} 倍',
};
