import type { AreaTranslation } from '../area';
import type { analysisEn } from '../en/analysis';

export const analysisZh: AreaTranslation<typeof analysisEn> = {
  'analysis.heading': '请模型分析这次运行',
  'analysis.about':
    '运行图（实际关键路径以红色标出）{timeline, select, yes {和时间线} other {}}会绘制成 PNG，连同运行摘要和你的问题一起发送。不会发送你的其他任何内容；端点的密钥只在请求头中。',
  'analysis.question': '你的问题',
  'analysis.suggested': '推荐问题',
  'analysis.bottleneck': '瓶颈在哪里？',
  'analysis.notBeat': '为什么这个群体没有胜过单个智能体？',
  'analysis.path': '关键路径上有什么，为什么？',
  'analysis.model': '模型',
  'analysis.simulated': '模拟模型（离线回答，依据运行的数字）',
  'analysis.endpoint': '{endpoint} 上的 {model}',
  'analysis.endpointNoModel': '{endpoint} 上的 OpenAI 兼容端点（未指定模型）',
  'analysis.webllm': 'WebLLM：{model}',
  'analysis.canSee': '能看图',
  'analysis.cannotSee': '不能看图',
  'analysis.sees': '此模型能看图',
  'analysis.seesHelp': '无法向服务器询问其模型能否看图：如果能，请在此说明。按端点和模型保存在此浏览器中。',
  'analysis.ask': '提问',
  'analysis.cancel': '取消',
  'analysis.drawing': '正在绘制运行的图片…',
  'analysis.asking': '正在等待 {model} 回答…',
  'analysis.keeping': '正在把回答与运行一起保存…',
  'analysis.cancelled': '已取消：没有保存任何内容。你的问题仍在这里。',
  'analysis.failed': '模型没有回答：{error}。你的问题仍在这里；没有保存任何内容。',
  'analysis.needModel': '请先在提供方设置中填写端点的模型（模型）：由它来看这些图片。',
  'analysis.blindEndpoint':
    '没有说明 {endpoint} 上的 {model} 能看图，因此没有发送任何内容。如果它能，请勾选“此模型能看图”；或者询问模拟模型。',
  'analysis.blindModel':
    '{model} 不能看图，因此没有发送任何内容。能看图的模型：模拟模型、你说明能看图的端点模型、WebLLM 的视觉版本。',
  'analysis.emptyQuestion': '请先输入问题，或选择一个推荐问题。',
  'analysis.answer': '{model} 的回答',
  'analysis.picture': '{model} 看到的图：{label}',
  'analysis.kept': '与此运行一起保存的分析（{n}）',
  'analysis.none': '此运行还没有分析。',
  'analysis.by': '{model}（{provider}），{when}',
  'analysis.asked': '问题',
  'analysis.shown': '发送的图：{images}',
  'analysis.noImages': '无图片',
  'analysis.download': '下载分析（JSON）',
  'analysis.downloadRedacted':
    '下载内容中含有此浏览器保存的 API 密钥{n, plural, other {（共 # 处）}}，已替换为 [redacted]。',
  'analysis.libraryCount': '{n, plural, other {# 条分析}}',
  'analysis.runGone': '运行 {id} 不在运行库中（是否已被删除？）',
  'analysis.unreadable': '无法读取分析：{error}',
};
