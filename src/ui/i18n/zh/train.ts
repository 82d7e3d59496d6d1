import type { AreaTranslation } from '../area';
import type { trainEn } from '../en/train';

export const trainZh: AreaTranslation<typeof trainEn> = {
  'train.heading': '训练运行时的编排器',
  'train.about':
    '这是运行你的场景的策略：在广度搜索、深度搜索、编程、故事写作和笔记问答的真实运行上训练（scenarios/mix.json），每个实例有各自的引擎和难度，使用 PARL 奖励；它在 Web Worker 中运行，页面不会卡顿。CLI 的默认训练是 20,000 个回合；这里的 300 个只是快速预览。保存后，即可在“运行”视图中选用。',
  'train.policy': '策略',
  'train.parl': 'PARL（每一步都做决策）',
  'train.bandit': '上下文老虎机（LinUCB）',
  'train.episodes': '回合数',
  'train.seed': '种子',
  'train.train': '训练',
  'train.stop': '停止',
  'train.resume': '继续',
  'train.load': '载入策略文件',
  'train.status':
    '{phase, select, idle {空闲} training {训练中} stopped {已停止} done {已完成} failed {失败} other {{phase}}} · {done} / {total} 个回合',
  'train.curves':
    '按回合绘制的学习曲线：训练奖励及其各项（r_perf、λ1·r_parallel、λ2·r_finish）、质量、关键步数、并行度、创建数和完成率',
  'train.name': '名称',
  'train.save': '保存在此浏览器中',
  'train.download': '下载 JSON',
  'train.saved': '已保存的策略',
  'train.runOn': '用已保存的策略运行场景',
  'train.none': '还没有。',
  'train.runWith': '用此策略运行',
  'train.delete': '删除',
};
