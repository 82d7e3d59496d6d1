/**
 * The real models a Node host runs (the CLI's `run`, the library build's API): an OpenAI-compatible
 * endpoint, with the key from the environment (`SWARM_API_KEY`), never from the request, so a
 * request file or a trace never holds one.
 */
import type { ProviderFactories } from '../../core/providers/factories';
import { openaiProvider } from '../common/openai-provider';

export const API_KEY_ENV = 'SWARM_API_KEY';

export const nodeProviders: ProviderFactories = {
  openai: ({ endpoint, model }) =>
    openaiProvider({
      baseUrl: endpoint,
      ...(model !== undefined ? { model } : {}),
      apiKey: process.env[API_KEY_ENV] ?? '',
    }),
};
