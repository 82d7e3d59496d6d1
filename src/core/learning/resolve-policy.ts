/**
 * A policy by name: a built-in one (`serial`, `heuristic`, `critical-path`), a fixed setting
 * (`fixed:all/large`, learning/fixed-policy.ts), or a trained one from its checkpoint (`KIND:REF`
 * of a kind in kinds/registry.ts). The page and the CLI resolve names the same way
 * and differ in where a checkpoint comes from (the browser's policy store, a file) and in how they
 * word a refusal about a checkpoint, so both of those are parameters. It lives in learning, not
 * policy, because the trained policies are learning's.
 */

import { policyByName } from '../policy/registry';
import type { Policy } from '../policy/types';
import { canonicalHash } from '../scenarios/profiles';
import type { PlayMode } from '../trace/events';
import { isDefaultPreference, type Preference } from '../trace/preference';
import { loadPolicy, type PolicyKind } from './checkpoint';
import { PREFERENCE_FEATURES } from './features';
import { fixedPolicy } from './fixed-policy';
import { playLoaded } from './kinds/registry';
import { parsePolicyName } from './policy-name';

/** `sha256:` of a checkpoint's canonical JSON: the same weights give the same hash anywhere. */
export const checkpointHash = (json: unknown): string => canonicalHash(json);

/**
 * The words of each refusal about a checkpoint, which differ by where checkpoints come from (a
 * file, a saved policy, a sweep's payload). A name's form is refused in policy-name.ts's words.
 */
export interface PolicyMessages {
  /** The loader found nothing under `ref`. */
  missing(ref: string): string;
  /** The checkpoint under `ref` was refused by `loadPolicy`, which said `reason`. */
  unloadable(ref: string, reason: string): string;
  /** The checkpoint under `ref` is of another kind than the name asked for. */
  wrongKind(ref: string, actual: PolicyKind, asked: string): string;
}

export interface PolicySource {
  /**
   * The checkpoint JSON saved under `ref`, or undefined when there is none. It may throw its own
   * error (a file it cannot read), which is passed on as it is.
   */
  load(ref: string): unknown | Promise<unknown>;
  /** Profile name → sha256 of its definition, which a checkpoint must match. */
  hashes(): Readonly<Record<string, string>> | Promise<Readonly<Record<string, string>>>;
  readonly messages: PolicyMessages;
  /** Makes the Error thrown for a refusal (the CLI's usage error); a plain Error by default. */
  fail?(message: string): Error;
}

/**
 * Resolves a policy name other than `llm` (whose model is the host's: policy/llm); a refusal is
 * an Error, worded by policy-name.ts for the name's form and by `source.messages` for its
 * checkpoint. A learned policy plays `greedy` (the default) or `sample`s from its distribution
 * keyed by each run's seed, and logs every decision in full for off-policy evaluation either way
 * (the header's `play` says which acted); `play` means nothing to built-in and fixed policies.
 */
export async function resolvePolicy(
  name: string,
  source: PolicySource,
  play: PlayMode = 'greedy',
): Promise<Policy> {
  const { messages } = source;
  const fail = (message: string): Error => source.fail?.(message) ?? new Error(message);
  const read = parsePolicyName(name);
  if ('problem' in read) throw fail(read.problem);
  switch (read.form) {
    case 'built-in':
      return policyByName(read.name);
    case 'llm':
      throw new Error('the llm orchestrator is played by a model the host lends (llmPolicyFor)');
    case 'fixed':
      return fixedPolicy(read.setting);
  }
  const { kind, ref } = read;
  const json = await source.load(ref);
  if (json === undefined) throw fail(messages.missing(ref));
  const hashes = await source.hashes();
  let loaded: ReturnType<typeof loadPolicy>;
  try {
    loaded = loadPolicy(json, hashes);
  } catch (error) {
    throw fail(messages.unloadable(ref, (error as Error).message));
  }
  if (loaded.kind !== kind) throw fail(messages.wrongKind(ref, loaded.kind, kind));
  const policy = playLoaded(loaded, { name, mode: play });
  // The trace names exactly which weights decided, whatever the file or store entry is called.
  return { ...policy, checkpoint: checkpointHash(json) };
}

/**
 * Why `policy` cannot play `preference`, naming what is wrong and what is accepted; undefined when
 * it can: a trained policy without preference inputs (a checkpoint from before issue 59) plays the
 * default preference only. A programmed policy plays alike under any preference.
 */
export function preferenceRefusal(policy: Policy, preference: Preference | undefined): string | undefined {
  if (policy.preferenceInputs !== false || isDefaultPreference(preference)) return undefined;
  const p = preference as Preference;
  return `preference {cost: ${p.cost}, time: ${p.time}}: policy "${policy.name}" was trained without preference inputs (its checkpoint's features have no ${PREFERENCE_FEATURES[0]}), so it plays only the default {cost: 1, time: 1}; leave preference out or set it to cost 1, time 1, or use a policy trained since preference inputs (swarm train)`;
}
