import type { AreaTranslation } from '../area';
import type { commonEn } from '../en/common';

export const commonZh: AreaTranslation<typeof commonEn> = {
  'unit.ms': '{n} 毫秒',
  'unit.s': '{n} 秒',
  'unit.bytes': '{n} B',
  'unit.size': '{n} {unit, select, kb {KB} mb {MB} other {GB}}',
  'count.attempts': '{n, plural, other {# 次尝试}}',
  'count.events': '{n, plural, other {# 个事件}}',
  'status.idle': '空闲',
  'status.starting': '正在启动',
  'status.running': '运行中',
  'status.done': '已完成',
  'status.cancelled': '已取消',
  'status.failed': '失败',
  'status.interrupted': '已中断',
  'status.loading': '加载中',
  'status.notFound': '未找到',
  'status.unreadable': '无法读取',
};
