import type { Provider } from './types';

/**
 * A run request's `provider` object, checked (core/providers/descriptor.ts): `kind` and that
 * provider's own fields.
 */
export interface ProviderSpec {
  readonly kind: string;
  readonly endpoint?: string;
  readonly model?: string;
  readonly [field: string]: unknown;
}

/**
 * What a Node host lends a provider's factory (its folder's node.ts): the key, read by the host
 * from SWARM_API_KEY, never from the request.
 */
export interface NodeProviderHost {
  readonly apiKey: string;
  /**
   * The longest one reply may take in all, when the host was told (`--reply-deadline-ms`): a
   * provider with deadlines of its own holds them to it. The CLI holds every provider's replies to
   * it as well (adapters/common/reply-deadline.ts), so a factory may ignore it.
   */
  readonly deadlineMs?: number;
}

/** A provider folder's node.ts exports `open`: the provider a checked request's fields make. */
export type NodeProviderFactory = (spec: ProviderSpec, host: NodeProviderHost) => Provider;

/**
 * The real models a host can run, by a run request's `provider.kind`: each host makes its own (the
 * Node one from the provider folders' node.ts, the key from SWARM_API_KEY, never from the
 * request). A host without any runs the simulated model only, and refuses the others by name. A
 * factory refuses a field it cannot use with a RequestError naming it.
 */
export type ProviderFactories = Readonly<
  Record<string, (spec: ProviderSpec) => Provider | Promise<Provider>>
>;
