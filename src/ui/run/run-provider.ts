import type { ConcurrencyMeter } from '../../adapters/browser/engine-concurrency';
import type { ProviderSpec } from '../../core/providers/factories';
import type { Provider } from '../../core/providers/types';
import type { ProfileSpec } from '../../core/scenarios/spec-types';
import type { AppState } from '../url-state';

/** A run's provider, with the profiles as it will record them and, for WebLLM, its meter. */
export interface RunProvider {
  readonly provider: Provider;
  readonly profiles: Record<string, ProfileSpec>;
  readonly meter?: { readonly meter: ConcurrencyMeter; readonly engines: number };
}

/** What the page lends a provider's factory: the settings (its panel's state) and the profiles. */
export interface BrowserProviderHost {
  readonly settings: AppState;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
}

/**
 * A provider folder's browser.ts exports `open`: the provider a checked request's fields make in
 * the page, or an Error in words when it cannot run yet (no model loaded, no base URL).
 */
export type BrowserProviderFactory = (
  spec: ProviderSpec,
  host: BrowserProviderHost,
) => RunProvider | Promise<RunProvider>;
