/** The OpenAI-compatible provider in the page: the panel's endpoint, the key from the key store. */

import { models } from '../../ui/run/models';
import type { BrowserProviderFactory } from '../../ui/run/run-provider';

export const open: BrowserProviderFactory = (_spec, { settings, profiles }) =>
  models.providerFor(settings, profiles);
