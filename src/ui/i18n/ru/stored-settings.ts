import type { AreaTranslation } from '../area';
import type { storedSettingsEn } from '../en/stored-settings';

export const storedSettingsRu: AreaTranslation<typeof storedSettingsEn> = {
  'storedSettings.orchestration':
    'он из среды оркестрации (в ней обучает вкладка «Обучение»), а не из сценария галереи',
  'storedSettings.otherScenario': 'его сценария {scenario} на этой странице нет',
  'storedSettings.size': 'размер {size} (здесь допустимо {min}–{max})',
  'storedSettings.endpoint': 'модель и эндпоинт {provider} (в трассе их нет: задайте ниже)',
  'storedSettings.providerFields':
    'собственные настройки провайдера {provider} (в трассе их нет: задайте ниже)',
};
