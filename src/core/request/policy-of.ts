/**
 * A checked request's policy on a host (composeRun's, and the page's pickers'): `llm` on the
 * agents' own model, any other name through resolvePolicy with the host's checkpoints. Every
 * refusal is a RequestError on `policy`, in the words below, the same on every host.
 */

import { hashesToPlay } from '../learning/price-features';
import { type PolicySource, resolvePolicy } from '../learning/resolve-policy';
import { llmPolicyFor } from '../policy/llm/llm-policy';
import type { Policy } from '../policy/types';
import type { Provider } from '../providers/types';
import type { ProfileSpec } from '../scenarios/spec-types';
import { LLM_POLICY } from './policy-name';
import { RequestError } from './run-input';
import type { RunRequest } from './run-request';

/** Where a host keeps trained checkpoints (`KIND:REF` policy names). */
export interface CheckpointSource {
  /** The checkpoint JSON under `ref`, or undefined when there is none; may throw its own error. */
  load(ref: string): unknown | Promise<unknown>;
  /** Where refs point, for a refusal: "a path to a checkpoint file", "a saved policy's name". */
  readonly describe: string;
}

/** What resolving a policy needs of a host. */
export interface PolicyHost {
  /** The frozen profiles a checkpoint must have been trained against. */
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  /** Trained policies' checkpoints; none: a learned policy is refused, saying so. */
  readonly checkpoints?: CheckpointSource;
  /**
   * Profile name → sha256 a checkpoint must match, when not the profiles' own (a recorded run's,
   * as its header gives them).
   */
  readonly hashes?: Readonly<Record<string, string>>;
  /** The simulated model the `llm` orchestrator plays on when no real model is asked for. */
  simulated(profiles: Readonly<Record<string, ProfileSpec>>): Provider | Promise<Provider>;
}

/** The words of a learned policy's checkpoint refused, the same on every host. */
const checkpointWords = (source: CheckpointSource | undefined): PolicySource['messages'] => ({
  missing: (ref) =>
    source
      ? `policy: no checkpoint "${ref}" (${source.describe})`
      : `policy: no checkpoint "${ref}": this host has no trained policies`,
  unloadable: (ref, reason) => `policy: checkpoint "${ref}" refused: ${reason}`,
  wrongKind: (ref, actual, asked) =>
    `policy: checkpoint "${ref}" is a ${actual} policy, not ${asked} (use ${actual}:${ref})`,
});

/**
 * Resolves a checked request's policy name on a host: `llm` on the agents' own model, any other
 * through resolvePolicy with the host's checkpoints. A refusal is a RequestError on `policy`.
 */
export async function policyOf(
  name: string,
  play: RunRequest['play'],
  host: PolicyHost,
  model?: { readonly provider: Provider; readonly profiles: Readonly<Record<string, ProfileSpec>> },
): Promise<Policy> {
  if (name === LLM_POLICY) {
    const profiles = model?.profiles ?? host.profiles;
    return llmPolicyFor(model?.provider ?? (await host.simulated(profiles)), profiles);
  }
  const source = host.checkpoints;
  return resolvePolicy(
    name,
    {
      load: async (ref) => {
        try {
          return await source?.load(ref);
        } catch (error) {
          throw new RequestError('policy', (error as Error).message);
        }
      },
      // Beside each profile's hash, its hash at the reference prices where it is priced otherwise:
      // a policy with price inputs plays under other prices, one without is refused in words.
      hashes: () => host.hashes ?? hashesToPlay(host.profiles),
      messages: checkpointWords(source),
      fail: (message) => new RequestError('policy', message),
    },
    play ?? 'greedy',
  );
}
