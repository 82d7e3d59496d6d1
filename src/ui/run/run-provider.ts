import type { ConcurrencyMeter } from '../../adapters/browser/engine-concurrency';
import type { Provider } from '../../core/providers/types';
import type { ProfileSpec } from '../../core/scenarios/spec-types';

/** A run's provider, with the profiles as it will record them and, for WebLLM, its meter. */
export interface RunProvider {
  readonly provider: Provider;
  readonly profiles: Record<string, ProfileSpec>;
  readonly meter?: { readonly meter: ConcurrencyMeter; readonly engines: number };
}
