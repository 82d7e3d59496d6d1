/**
 * The real models a Node host runs (the CLI, the library build's API): every registered provider
 * whose folder declares a Node factory (src/providers/<id>/node.ts, found by the folder's name, so
 * a new provider is its folder and its registry line), with the key from the environment
 * (`SWARM_API_KEY`), never from the request, so a request file or a trace never holds one.
 */
import type { NodeProviderFactory, ProviderFactories } from '../../core/providers/factories';
import { providersOn } from '../../providers/registry';

export const API_KEY_ENV = 'SWARM_API_KEY';

export const nodeProviders: ProviderFactories = Object.fromEntries(
  providersOn('node').map((p) => [
    p.id,
    async (spec: Parameters<NodeProviderFactory>[0]) => {
      const part = (await import(`../../providers/${p.id}/node.ts`)) as { open: NodeProviderFactory };
      return part.open(spec, { apiKey: process.env[API_KEY_ENV] ?? '' });
    },
  ]),
);
