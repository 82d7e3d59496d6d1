/**
 * The model a CLI command's agents run on (`swarm bench`, `swarm fork` after the fork point): the
 * seeded simulated provider, or the provider `--provider` names from the registry, its fields from
 * its own flags (provider-flags.ts), checked by its declaration and made by its folder's Node
 * factory (src/providers/<id>/node.ts) with the key from SWARM_API_KEY. Every reply is held to its
 * deadline (`--reply-deadline-ms`, docs/models.md "Deadlines").
 */

import { withReplyDeadline } from '../adapters/common/reply-deadline';
import { openNodeProvider } from '../adapters/node/node-providers';
import { withJsonTools } from '../core/providers/json-tools';
import type { Provider } from '../core/providers/types';
import { RequestError } from '../core/request/run-input';
import { simulatedProviderFor } from '../core/scenarios/players';
import { withModel } from '../core/scenarios/profiles';
import type { ProfileSpec } from '../core/scenarios/spec-types';
import { SIMULATED } from '../core/trace/simulated-id';
import { readProviderRequest } from '../providers/run-request';
import { UsageError } from './errors';
import type { FlagValue } from './flags';
import { flagOfField, providerOfFlags } from './provider-flags';

export interface CliProvider {
  /** The provider's id: `simulated`, or the registry's. */
  readonly kind: string;
  readonly provider: Provider;
  /** The profiles as the traces will record them: each one's model on this provider, the one asked for. */
  readonly profiles: Record<string, ProfileSpec>;
  readonly realModel: boolean;
}

/** The simulated provider, every reply held to `deadlineMs`. */
export function simulatedCliProvider(
  profiles: Record<string, ProfileSpec>,
  deadlineMs: number | undefined,
): CliProvider {
  return {
    kind: SIMULATED,
    provider: withReplyDeadline(simulatedProviderFor(profiles), deadlineMs),
    profiles,
    realModel: false,
  };
}

/**
 * The provider the flags say. A field its declaration refuses, or its factory cannot use, is a
 * usage error naming the flag that set it, before anything runs. `tools: 'json'` asks for tools as
 * a JSON reply (bench's `--tools`), for servers and models without native tool calls.
 */
export async function cliProvider(
  values: Readonly<Record<string, FlagValue>>,
  profiles: Record<string, ProfileSpec>,
  options: { readonly deadlineMs?: number | undefined; readonly tools?: 'native' | 'json' } = {},
): Promise<CliProvider> {
  const asked = providerOfFlags(values);
  if (asked === undefined) return simulatedCliProvider(profiles, options.deadlineMs);
  const read = readProviderRequest(asked);
  if (!read.ok) throw new UsageError(`${flagOfField(read.field, values)}: ${read.message}`);
  let made: Provider;
  try {
    made = await openNodeProvider(read.provider, {
      ...(options.deadlineMs !== undefined ? { deadlineMs: options.deadlineMs } : {}),
    });
  } catch (error) {
    // A factory names the field it could not use (provider.endpoint): said as its flag.
    if (error instanceof RequestError)
      throw new UsageError(`${flagOfField(error.field, values)}: ${error.message}`);
    throw error;
  }
  const provider = withReplyDeadline(made, options.deadlineMs);
  return {
    kind: read.provider.kind,
    provider: options.tools === 'json' ? withJsonTools(provider) : provider,
    profiles: withModel(profiles, read.provider.kind, read.provider.model ?? ''),
    realModel: true,
  };
}
