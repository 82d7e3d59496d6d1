import type { AreaTranslation } from '../area';
import type { providersEn } from '../en/providers';

export const providersZh: AreaTranslation<typeof providersEn> = {
  'providerName.simulated': '模拟模型（带种子，离线）',
  'providerName.openai': 'OpenAI 兼容端点',
  'providerName.webllm': 'WebLLM（浏览器内，WebGPU）',
  'openai.baseUrl': '基础 URL',
  'openai.urlError': '“{value}”不是 http(s) 网址：请填写服务器的基础 URL，例如 {example}。',
  'openai.model': '模型（留空：使用各配置自己的）',
  'openai.modelExample': '例如 {example}',
  'openai.key': 'API 密钥（只保存在本浏览器中，绝不写入链接、轨迹或导出文件）',
  'openai.keyNotNeeded': '大多数本地服务器不需要',
  'openai.keyAfterUrl': '请先填写基础 URL',
  'openai.test': '测试连接',
  'openai.forget': '忘记密钥',
  'openai.enterUrl': '请填写 OpenAI 兼容服务器的基础 URL（llama.cpp、Ollama、vLLM 或托管 API）。',
  'openai.ready':
    '可以运行，目标 {endpoint}（模型：{model}；{key, select, saved {密钥已保存在本浏览器} other {无密钥}}）。',
  'openai.eachProfile': '各配置自己的',
  'openai.connected': '已连接：{n} 个模型（{shown}）。',
  'openai.andMore': '{shown} 等另外 {n} 个',
  'openai.retrying': '{message} {seconds} 秒后重试（第 {attempt} 次重试）。',
  'openai.noUrl': '请在提供方设置中填写 OpenAI 兼容服务器的基础 URL（例如 {example}）。',
  'webllm.checking': '正在检查本浏览器的 WebGPU，尚未下载任何内容…',
  'webllm.cannotRun': 'WebLLM 无法在本浏览器中运行：{message} 解决办法：{fix}',
  'webllm.unnamedAdapter': '未命名的适配器',
  'webllm.slow': ' 这是软件（CPU）适配器：模型可以加载，但回答会慢得无法使用。',
  'webllm.loading': '正在加载 {model}（引擎 {at}/{engines}）：{percent}%。',
  'webllm.ready': '就绪：{model}，{engines, plural, =1 {共用一个引擎} other {# 个引擎}}。{slow}',
  'webllm.failed': '加载失败。',
  'webllm.listing': 'WebGPU 已就绪（{gpu}）；正在读取 WebLLM 的模型列表…',
  'webllm.listed':
    'WebGPU 已就绪（{gpu}，shader-f16 {f16, select, yes {支持} other {不支持}}）。{all} 个模型中有 {fit} 个适合此 GPU：选择一个并点击“加载”。{slow}',
};
