import type { AreaTranslation } from '../area';
import type { compareEn } from '../en/compare';

export const compareZh: AreaTranslation<typeof compareEn> = {
  'compare.empty':
    '在上方选择一个场景、一个种子和两个或更多策略，然后按“运行对比”；或在“运行库”中勾选两个或更多运行（再按“对比所选”），或在“运行”视图中按“与单个智能体对比”。',
  'compare.missingRuns':
    '链接中的部分运行不在此浏览器的运行库中：“运行对比”会重新运行它们（相同的种子产生相同的运行）。',
  'compare.heading': '对比 {n} 次运行，第一次为基准',
  'compare.metric': '指标',
  'compare.baseline': '{title}（基准）',
  'compare.better': '（{better, select, lower {越低越好} higher {越高越好} other {{better}}}）',
  'compare.neither': '（无所谓高低）',
  'compare.notRun': '{policy} · 未运行',
  'picker.heading': '在同一种子上对比策略',
  'picker.scenario': '场景',
  'picker.seed': '种子',
  'picker.policies': '策略（第一个勾选的为基准）',
  'picker.fixed': '固定设置',
  'picker.add': '添加',
  'picker.stop': '停止对比',
  'picker.run': '运行对比',
  'picker.tooFew': '请勾选两个或更多策略。',
  'picker.blocked': '“运行”视图中有一次运行正在进行：它结束后才能开始对比。',
  'picker.queued': '排队中',
  'picker.running': '运行中…',
  'picker.done': '已完成，见运行库',
  'picker.failed': '无法运行：{message}',
};
