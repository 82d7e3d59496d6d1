import type { AreaTranslation } from '../area';
import type { forkEn } from '../en/fork';

export const forkZh: AreaTranslation<typeof forkEn> = {
  'fork.metricCritical': '关键步数',
  'fork.metricCost': '成本（$）',
  'fork.metricQuality': '质量',
  'fork.metricReward': '奖励',
  'fork.difference': '决策 {step}（步时 {t}）：{original}，对比 {fork}',
  'fork.failed': '无法分叉此运行：{error}',
  'fork.none': '此运行没有可供分叉的编排器决策。',
  'fork.heading': '从这里换一种策略继续',
  'fork.missing':
    '此运行没有决策 {asked}：它{steps, plural, other {只做了决策 1 到 #}}。请求分叉后，保存的运行可能已被替换；请在下方选择一个决策。',
  'fork.real':
    '在 {provider} 上生成：分叉点之前由其记录的回复重新作答；之后由 {live} 作答（即运行设置中选择的模型）。',
  'fork.from': '从决策',
  'fork.of': '/ {steps}',
  'fork.with': '使用',
  'fork.trained': '{kind}：{name}（在此训练）',
  'fork.forking': '正在分叉…',
  'fork.continue': '从这里继续',
  'fork.prefix': '前 {events} 个事件与原运行相同；从决策 {at} 起由 {policy} 决策。',
  'fork.firstDiff': '第一个不同的决策：{difference}。',
  'fork.same': '从该决策起，两次运行所做的决策完全相同。',
  'fork.originalTitle': '{policy}，原运行',
  'fork.forkTitle': '{policy}，自决策 {at} 起',
  'fork.metric': '指标',
  'fork.asRun': '{policy}（原运行）',
  'fork.healing':
    '自我修复机制从决策 {at} 起停掉了原运行中的 {n, plural, other {# 个智能体}}。分叉运行在没有该机制的情况下执行这些工作（它的计时检查读取本机时钟，两次判断不会相同），因此差异中有一部分来自该机制，而非策略。',
  'fork.sharedNothing': '无：两者从运行的第一个决策起就分开了',
  'fork.sharedUpTo': '与原运行相同，直到决策 {decisions}（步时 0–{until}）',
  'fork.shaded': '阴影：{shared}。',
  'fork.shadedLabel': '阴影：{shared}',
  'fork.noDiff': '两者此后做出相同的决策：没有可标记的差异。',
  'fork.amber': '琥珀色：决策 {d}，即第一个不同的决策，以及它在两侧各自启动的内容。',
  'why.sameSteps': '{fork} 自决策 {decision} 起用了与 {original} 相同的 {steps} 个关键步',
  'why.steps': '{fork} 自决策 {decision} 起用了 {steps} 个关键步，对比 {against}',
  'why.rewardSame': '奖励相同，为 {reward}',
  'why.rewardAgainst': '奖励为 {reward}，对比 {against}',
  'why.failed':
    '{steps}，{reward}，因为{failed, select, both {原运行和分叉都} original {原运行} other {分叉}}没有在预算内结束，这样的运行奖励为 0。',
  'why.qualitySame': '两边质量相同（{quality}）',
  'why.quality': '质量 {quality}，对比 {against}',
  'why.costSame': '成本相同（{cost} 成本单位）',
  'why.cost': '成本 {cost}，对比 {against} 成本单位',
  'why.timeSame': '时间扣分相同（{time}）',
  'why.time':
    '时间扣分 {time}，对比 {against}（η {weight} × 关键步数 / 预算 {budget}，加上 κ {deadline} × 接近预算末尾程度的平方）',
  'why.noBudget':
    '不对时间扣分：该运行没有关键步数预算，而奖励只按预算的比例扣除步数{weighted, select, yes {（在运行设置中设定预算即可计入）} other {}}',
  'why.noWeight': '不对时间扣分：此场景对关键步数没有权重',
  'why.same': '{steps}，奖励相同，为 {reward}，因为奖励等于质量减去成本和时间的扣分：{parts}。',
  'why.differs': '{steps}；奖励为 {reward}，对比 {against}（质量减去成本和时间的扣分）：{parts}。',
};
