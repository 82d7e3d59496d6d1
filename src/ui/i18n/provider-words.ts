/**
 * A provider's label as the page shows it: the catalogue's for the providers the page ships with,
 * by id, so the CLI and the API keep provider.ts's English label and the page speaks its language;
 * a provider the page has no words for (one added later, a test's) shows its own label.
 */

import type { ProviderDescriptor } from '../../core/providers/descriptor';
import { type MessageId, t } from './t';

const NAMED: Readonly<Record<string, MessageId>> = {
  simulated: 'providerName.simulated',
  openai: 'providerName.openai',
  webllm: 'providerName.webllm',
};

export function providerLabel(provider: Pick<ProviderDescriptor, 'id' | 'label'>): string {
  const id = NAMED[provider.id];
  return id === undefined ? provider.label : t(id);
}
