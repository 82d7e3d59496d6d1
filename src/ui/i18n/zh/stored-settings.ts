import type { AreaTranslation } from '../area';
import type { storedSettingsEn } from '../en/stored-settings';

export const storedSettingsZh: AreaTranslation<typeof storedSettingsEn> = {
  'storedSettings.orchestration': '它来自编排环境（“训练”视图在其中训练），而不是画廊中的场景',
  'storedSettings.otherScenario': '它的场景 {scenario} 不在本页面中',
  'storedSettings.size': '规模 {size}（本页面接受 {min}–{max}）',
  'storedSettings.endpoint': '{provider} 的模型和端点（轨迹中没有：请在下方设置）',
  'storedSettings.providerFields': '{provider} 提供方自己的设置（轨迹中没有：请在下方设置）',
};
