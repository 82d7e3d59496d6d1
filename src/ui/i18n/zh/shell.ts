import type { AreaTranslation } from '../area';
import type { shellEn } from '../en/shell';

export const shellZh: AreaTranslation<typeof shellEn> = {
  'nav.label': '视图',
  'nav.gallery': '场景',
  'nav.run': '运行',
  'nav.compare': '对比',
  'nav.train': '训练',
  'nav.library': '运行库',
  'nav.knowledge': '知识库',
  'nav.router': '路由',
  'lang.label': '语言',
  'problems.heading': '此链接中的部分设置无法使用。',
  'common.dismiss': '关闭',
  'bridge.label': '有网页请求操控智能体群',
  'bridge.framed':
    '<strong>{origin}</strong> 请求在此创建并运行智能体群。但本页面嵌在另一个网页的框架中，你点击的内容可能与看到的不同，因此这里不会征求你的同意，也没有授予任何权限。如果你信任该网站，请让它在单独的窗口中打开 SwarmFlight，再在那里授权。',
  'bridge.ask': '<strong>{origin}</strong> 请求在此创建并运行智能体群。请仅在信任该网站时允许。',
  'bridge.allow': '允许',
  'bridge.deny': '拒绝',
};
