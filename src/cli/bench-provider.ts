/**
 * The model `swarm bench` runs its agents on: the seeded simulated provider, or a real model
 * behind an OpenAI-compatible endpoint (`--provider openai`), every reply held to its deadline
 * (`--reply-deadline-ms`, docs/models.md "Deadlines").
 */

import { openaiProvider, ProviderError } from '../adapters/common/openai-provider';
import { withReplyDeadline } from '../adapters/common/reply-deadline';
import { withJsonTools } from '../core/providers/json-tools';
import type { Provider } from '../core/providers/types';
import { simulatedProviderFor } from '../core/scenarios/players';
import { withModel } from '../core/scenarios/profiles';
import type { ProfileSpec } from '../core/scenarios/spec-types';
import { oneOf, UsageError } from './errors';

/** The provider of `--provider`, and the profiles as the traces will record them. */
export function benchProvider(
  values: { provider?: string; endpoint?: string; model?: string; tools?: string },
  profiles: Record<string, ProfileSpec>,
  deadlineMs: number | undefined,
): { provider: Provider; profiles: Record<string, ProfileSpec>; realModel: boolean } {
  const name = oneOf('provider', values.provider, ['simulated', 'openai'] as const, 'simulated');
  if (name === 'simulated') {
    for (const flag of ['endpoint', 'model', 'tools'] as const) {
      if (values[flag] !== undefined) throw new UsageError(`--${flag} needs --provider openai`);
    }
    return {
      provider: withReplyDeadline(simulatedProviderFor(profiles), deadlineMs),
      profiles,
      realModel: false,
    };
  }
  if (values.endpoint === undefined) throw new UsageError('--provider openai needs --endpoint URL');
  if (values.model !== undefined && values.model.trim() === '')
    throw new UsageError('--model must not be empty');
  const tools = oneOf('tools', values.tools, ['native', 'json'] as const, 'native');
  let provider: Provider;
  try {
    provider = openaiProvider({
      baseUrl: values.endpoint,
      ...(values.model !== undefined ? { model: values.model } : {}),
      apiKey: process.env.SWARM_API_KEY ?? '',
      ...(deadlineMs !== undefined ? { deadlineMs } : {}),
    });
  } catch (error) {
    if (error instanceof ProviderError) {
      throw new UsageError(`${error.kind === 'auth' ? 'SWARM_API_KEY' : '--endpoint'}: ${error.message}`);
    }
    throw error;
  }
  const model = values.model;
  return {
    provider: tools === 'json' ? withJsonTools(provider) : provider,
    // Every profile's model on this provider is the one asked for, as the trace header records it.
    profiles: withModel(profiles, 'openai', model ?? ''),
    realModel: true,
  };
}
