import type { ProviderDescriptor } from '../core/providers/descriptor';
import { openai } from './openai/provider';
import { simulated } from './simulated/provider';
import { webllm } from './webllm/provider';

/**
 * The model providers, by the `kind` their folders declare: the one list of them. A provider is
 * its folder (provider.ts: id, fields, flags, origins; node.ts and browser.ts: its factory on each
 * host; panel.tsx: the page's panel, when the fields' own inputs are not enough) and its line
 * here. The request schema, the CLI's --provider and its flags, the API, the page's picker and
 * the page's Content-Security-Policy are all derived from this list (docs/models.md, "Adding a
 * provider"; tests/e2e/new-provider.test.ts adds one to a copy of the repository).
 */
const providers = {
  simulated,
  webllm,
  openai,
} as const satisfies Readonly<Record<string, ProviderDescriptor>>;

/** Every provider, in the registry's order (the picker's). */
export const PROVIDERS: readonly ProviderDescriptor[] = Object.values(providers);

/** Every provider's id, in the registry's order. */
export const PROVIDER_IDS: readonly string[] = PROVIDERS.map((p) => p.id);

/** The provider of this id, or undefined. */
export const providerOf = (kind: string): ProviderDescriptor | undefined =>
  PROVIDERS.find((p) => p.id === kind);

/** The real models a host has a factory for, by the hosts their folders declare. */
export const providersOn = (host: 'node' | 'browser'): readonly ProviderDescriptor[] =>
  PROVIDERS.filter((p) => p.hosts.includes(host));
