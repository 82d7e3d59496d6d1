/**
 * The page's real models: every registered provider whose folder declares a browser factory
 * (src/providers/<id>/browser.ts), found by the folder's name and loaded when a run asks for it,
 * so a new provider is its folder and its registry line (docs/models.md, "Adding a provider").
 */

import type { ProviderSpec } from '../../core/providers/factories';
import { SIMULATED } from '../../core/trace/simulated-id';
import { providersOn } from '../../providers/registry';
import type { BrowserProviderFactory, BrowserProviderHost, RunProvider } from './run-provider';

const parts = import.meta.glob<{ open: BrowserProviderFactory }>('../../providers/*/browser.ts');

/** The providers a run in the page can ask for: the simulated model and every browser one. */
export const PAGE_PROVIDERS: readonly string[] = [
  SIMULATED,
  ...providersOn('browser')
    .map((p) => p.id)
    .filter((id) => Object.hasOwn(parts, `../../providers/${id}/browser.ts`)),
];

/** The provider a checked request names, made by its folder's browser.ts. */
export async function openInPage(spec: ProviderSpec, host: BrowserProviderHost): Promise<RunProvider> {
  const load = parts[`../../providers/${spec.kind}/browser.ts`];
  if (!load || !PAGE_PROVIDERS.includes(spec.kind))
    throw new Error(
      `provider.kind "${spec.kind}" cannot run in the page (it runs: ${PAGE_PROVIDERS.join(', ')})`,
    );
  return (await load()).open(spec, host);
}
