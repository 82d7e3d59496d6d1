import type { AreaTranslation } from '../area';
import type { knowledgeEn } from '../en/knowledge';

export const knowledgeZh: AreaTranslation<typeof knowledgeEn> = {
  'kb.openFailed': '无法打开知识库：{error}',
  'kb.reading': '正在读取 {n, plural, other {# 个文件}}…',
  'kb.embedding': '正在切分并嵌入 {n, plural, other {# 篇文档}}…',
  'kb.added': '已添加 {n, plural, other {# 篇文档}}。',
  'kb.skipped': '{added}已跳过：{skipped}。',
  'kb.addFailed': '未添加任何内容：{error}',
  'kb.deleted': '已删除 {source}。',
  'kb.deleteFailed': '{source} 未能删除：{error}',
  'kb.empty': '知识库是空的：请先导入文档。',
  'kb.searchFailed': '搜索失败：{error}',
  'kb.heading': '知识库',
  'kb.about':
    '你自己的文档，只保存在此浏览器中（IndexedDB）：纯文本、Markdown、reStructuredText、HTML 和 PDF。它们会被切分成约 512 个 Token 的段落（重叠 64 个），进行嵌入，并同时按语义和关键词检索。智能体群的<em>提问</em>会基于它们作答并附上引用。',
  'kb.drop': '添加文档：选择文件或文件夹，或拖放到这里',
  'kb.addFiles': '添加文件',
  'kb.folder': '或文件夹',
  'kb.dropHere': '或拖放到这里。',
  'kb.stats':
    '{documents, plural, other {# 篇文档}} · {passages, plural, other {# 个段落}} · {tokens, plural, other {# 个 Token}} · 已存储 {stored}',
  'kb.usage': '（本站已使用浏览器允许的 {quota} 中的 {used}）',
  'kb.document': '文档',
  'kb.passages': '段落',
  'kb.tokens': 'Token',
  'kb.delete': '删除',
  'kb.deleteOne': '删除 {source}',
  'kb.search': '搜索',
  'kb.searchPlaceholder': '你在找什么？',
  'kb.nothing': '知识库中没有与之匹配的内容。',
  'kb.passage': '{source} · 段落 {chunk}',
  'kb.score': '得分 {score}',
  'kb.askLabel': '向智能体群提问',
  'kb.askPlaceholder': '你的文档能回答的问题',
  'kb.ask': '提问（rag-qa）',
  'kb.askNote':
    '你的问题没有参考答案，因此运行不会判断答案是否正确：其质量计入引用（是否存在且包含答案）、答案覆盖了你问题中多少比例的词，以及对“为什么”或“多少”类问题是否给出了原因或数字。',
  'dataset.none': '这些运行无法生成 {format} 数据集：{reason}。',
  'dataset.done':
    '已下载 {base}.zip：{train}（{trainRows} 行）、{validation}（{validationRows} 行）和 {card}，来自 {runs} 次运行。',
  'dataset.failed': '无法生成数据集：{error}',
  'dataset.sftTitle': '来自成功运行的计划、下一位发言者决策和智能体轨迹（TRL SFT 格式）',
  'dataset.building': '正在生成…',
  'dataset.sft': 'SFT 数据集',
  'dataset.dpoTitle': '在同一请求上尝试过的计划构成的偏好对（TRL DPO 格式）',
  'dataset.dpo': 'DPO 数据集',
};
