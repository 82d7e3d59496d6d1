import type { AreaTranslation } from '../area';
import type { galleryEn } from '../en/gallery';

export const galleryZh: AreaTranslation<typeof galleryEn> = {
  'gallery.lede':
    '这是一个在你的浏览器里运行的<strong>智能体群</strong>：编排器把任务拆成子任务图，交给并行工作的子智能体；你可以实时查看任务图、关键路径和成本。这里用的是带随机种子的模拟模型，无需下载，也没有服务器。',
  'gallery.quickRun': '立即运行广度搜索智能体群',
  'gallery.orPick': '也可以在下面选一个场景，每张卡片都会带着它的设置打开。',
  'gallery.tasksHeading': '智能体群处理的任务',
  'gallery.tasksNote': '子智能体在离线百科上调用工具、撰写文本或代码，最后给答案打分。',
  'gallery.graphsHeading': '纯调度：任务图',
  'gallery.graphsNote':
    '只有时长和依赖关系的任务，不用模型，也没有答案：看编排器如何调度一种工作形态，以及它的关键路径和下界。',
  'gallery.scheduling': '调度',
  'gallery.askedIn': '以{language}提问',
  'gallery.run': '运行',
  'gallery.settings': '设置',
};
