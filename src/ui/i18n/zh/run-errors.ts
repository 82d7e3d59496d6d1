import type { AreaTranslation } from '../area';
import type { runErrorsEn } from '../en/run-errors';

export const runErrorsZh: AreaTranslation<typeof runErrorsEn> = {
  'runError.emptyKnowledge': '知识库是空的：请先在“知识库”视图中导入文档。',
  'runError.endpointFailed': '模型端点出错（{kind}）：{message}',
  'runError.noSavedPolicy':
    'policy：没有检查点“{ref}”（应填写本浏览器中保存的策略名称，即“训练”视图列出的名称）',
};
