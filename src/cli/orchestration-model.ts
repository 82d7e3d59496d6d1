/**
 * The model behind `orchestration play --policy llm`, from the flags, as `bench --provider` picks
 * the model of the other runtime's `llm` orchestrator: the seeded simulated provider (offline, the
 * default) playing the orchestration player at a profile's error rate, or a model behind an
 * OpenAI-compatible endpoint, its key read from SWARM_API_KEY and never written out.
 */
import { openaiProvider, ProviderError } from '../adapters/openai-provider';
import { ORCHESTRATION_KIND } from '../core/learning/orchestration/llm-orchestrator';
import { orchestrationPlayer } from '../core/learning/orchestration/simulated-orchestrator';
import { simulatedProvider } from '../core/providers/simulated';
import type { Provider } from '../core/providers/types';
import { oneOf, UsageError } from './errors';
import { readProfiles } from './scenario-file';

/** The orchestrator's profile by default: the largest model, as for the other runtime's `llm`. */
const DEFAULT_PROFILE = 'large';

export interface OrchestrationModel {
  readonly provider: Provider;
  readonly model: string;
  /** The profile the simulated provider plays (its error rate), and whose model name is the default. */
  readonly profile: string;
}

export interface ModelFlags {
  readonly provider?: string | undefined;
  readonly endpoint?: string | undefined;
  readonly model?: string | undefined;
  readonly profile?: string | undefined;
}

/** Throws a UsageError naming the flag that is wrong and what it accepts, before any model call. */
export function orchestrationModel(values: ModelFlags): OrchestrationModel {
  const name = oneOf('provider', values.provider, ['simulated', 'openai'] as const, 'simulated');
  const profiles = readProfiles();
  const profile = values.profile ?? DEFAULT_PROFILE;
  if (!Object.hasOwn(profiles, profile))
    throw new UsageError(`--profile must be one of ${Object.keys(profiles).join(', ')}, got "${profile}"`);
  const models = profiles[profile]?.models ?? {};
  if (name === 'simulated') {
    for (const flag of ['endpoint', 'model'] as const)
      if (values[flag] !== undefined) throw new UsageError(`--${flag} needs --provider openai`);
    const provider = simulatedProvider({
      profiles: Object.fromEntries(
        Object.entries(profiles).map(([n, p]) => [
          n,
          { model: p.models.simulated ?? `sim-${n}`, contextWindow: p.contextWindow, simulator: p.simulator },
        ]),
      ),
      players: { [ORCHESTRATION_KIND]: orchestrationPlayer },
    });
    return { provider, model: models.simulated ?? `sim-${profile}`, profile };
  }
  if (values.endpoint === undefined) throw new UsageError('--provider openai needs --endpoint URL');
  if (values.model !== undefined && values.model.trim() === '')
    throw new UsageError('--model must not be empty');
  const model = values.model ?? models.openai;
  if (model === undefined)
    throw new UsageError(`--provider openai needs --model NAME (profile "${profile}" names no openai model)`);
  try {
    return {
      provider: openaiProvider({ baseUrl: values.endpoint, model, apiKey: process.env.SWARM_API_KEY ?? '' }),
      model,
      profile,
    };
  } catch (error) {
    if (error instanceof ProviderError)
      throw new UsageError(`${error.kind === 'auth' ? 'SWARM_API_KEY' : '--endpoint'}: ${error.message}`);
    throw error;
  }
}
