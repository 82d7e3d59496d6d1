import type { AreaTranslation } from '../area';
import type { linkEn } from '../en/link';

export const linkZh: AreaTranslation<typeof linkEn> = {
  'link.repeated': '链接中的设置 {key} 出现了不止一次：已采用第一个。',
  'link.unknown': '已忽略链接中的未知设置 {key}。',
  'link.ignored': '已忽略链接中的设置 {key}：{error}。',
  'link.badRequest': '已忽略链接中的运行请求：{reason}。',
  'link.noScenario': '没有场景“{scenario}”；改为显示 {fallback}。',
  'link.sizeOutOfRange': '规模 {size} 超出了 {scenario} 的范围（{min}–{max}）；改用默认值 {fallback}。',
  'link.fixedSize': '{scenario} 的规模是固定的；已忽略链接中的规模 {size}。',
  'link.notOneOf': '{value} 不是 {options} 之一',
  'link.notWhole': '{value} 不是整数',
  'link.outOfRange': '{value} 超出范围（{min}–{max}）',
  'link.notModel': '{value} 不是模型名称',
  'link.notScenario': '{value} 不是场景 ID',
  'link.notUrl': '{value} 不是 http(s) 网址',
  'link.notField': '{value} 不是提供方字段（最多 {max, number} 个字符）',
  'link.notOneOrZero': '{value} 不是 1 或 0',
  'link.atMostRuns': '最多 {n} 次运行',
  'link.notRunId': '{value} 不是运行 ID',
  'link.notPolicies': '{value} 不是策略列表',
  'link.atMostPolicies': '最多 {n} 个策略，且各不重复',
  'link.notFault': '{value} 不是故障类型（{faults}）',
  'link.longQuestion': '问题最多 {max, number} 个字符',
  'link.longRequest': '请求最多 {max, number} 个字符',
  'link.notRole': '{value} 不是角色名（字母、数字、空格、- 和 _）',
  'link.bigTeam': '团队最多 {n} 个角色',
};
