/** WebLLM in the page: the engines its panel loaded (ui/run/models.ts). */

import { models } from '../../ui/run/models';
import type { BrowserProviderFactory } from '../../ui/run/run-provider';

export const open: BrowserProviderFactory = (_spec, { settings, profiles }) =>
  models.providerFor(settings, profiles);
