import type { Provider } from './types';

/** What a real model's provider is made from: a run request's `provider` fields. */
export interface ProviderSpec {
  readonly endpoint: string;
  readonly model?: string;
}

/**
 * The real models a host can run, by a run request's `provider.kind`: each host makes its own (the
 * Node build an OpenAI-compatible one with the key from SWARM_API_KEY, never from the request). A
 * host without any runs the simulated model only, and refuses the others by name.
 */
export type ProviderFactories = Readonly<Partial<Record<'openai', (spec: ProviderSpec) => Provider>>>;
