/**
 * The real models a Node host runs (the CLI, the library build's API): every registered provider
 * whose folder declares a Node factory (src/providers/<id>/node.ts, found by the folder's name, so
 * a new provider is its folder and its registry line), with the key from the environment
 * (`SWARM_API_KEY`), never from the request, so a request file or a trace never holds one.
 */
import type {
  NodeProviderFactory,
  NodeProviderHost,
  ProviderFactories,
  ProviderSpec,
} from '../../core/providers/factories';
import type { Provider } from '../../core/providers/types';
import { providersOn } from '../../providers/registry';

export const API_KEY_ENV = 'SWARM_API_KEY';

/**
 * The provider a checked `spec` names, made by its folder's node.ts; `deadlineMs` when the host
 * was given one. A kind without a Node factory is refused in the request's words.
 */
export async function openNodeProvider(
  spec: ProviderSpec,
  host: Omit<NodeProviderHost, 'apiKey'> = {},
): Promise<Provider> {
  if (!providersOn('node').some((p) => p.id === spec.kind))
    throw new Error(`provider.kind "${spec.kind}" has no Node factory`);
  const part = (await import(`../../providers/${spec.kind}/node.ts`)) as { open: NodeProviderFactory };
  return part.open(spec, { ...host, apiKey: process.env[API_KEY_ENV] ?? '' });
}

export const nodeProviders: ProviderFactories = Object.fromEntries(
  providersOn('node').map((p) => [p.id, (spec: ProviderSpec) => openNodeProvider(spec)]),
);
