/**
 * A policy by name: a built-in one (`serial`, `heuristic`, `critical-path`), a fixed setting
 * (`fixed:all/large`, learning/fixed-policy.ts), or a trained one from its checkpoint (`parl:REF`, `bandit:REF`). The page and the CLI resolve names the same way
 * and differ in where a checkpoint comes from (the browser's policy store, a file) and in how they
 * word a refusal, so both of those are parameters. It lives in learning, not policy, because the
 * trained policies (PARL, bandits) are learning's.
 */

import { policyByName, policyNames } from '../policy/registry';
import type { Policy } from '../policy/types';
import { canonicalHash } from '../scenarios/profiles';
import type { PlayMode } from '../trace/events';
import { isDefaultPreference, type Preference } from '../trace/preference';
import { banditPolicy } from './bandit-policy';
import { loadPolicy, POLICY_KINDS, type PolicyKind } from './checkpoint';
import { PREFERENCE_FEATURES } from './features';
import { fixedPolicy } from './fixed-policy';
import { holdOf, parlPolicy } from './parl';

/** `sha256:` of a checkpoint's canonical JSON: the same weights give the same hash anywhere. */
export const checkpointHash = (json: unknown): string => canonicalHash(json);

/** The words of each refusal; every caller words them for its own users. */
export interface PolicyMessages {
  /** A name without a colon that is no built-in policy. */
  unknownBuiltIn(name: string): string;
  /** `KIND:REF` with a kind that is neither parl nor bandit. */
  unknownKind(name: string, kind: string): string;
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
 * Resolves a policy name; a refusal is an Error whose words `source.messages` chose. A trained
 * policy plays `greedy` (the default) or `sample`s from its distribution keyed by each run's seed,
 * and logs every decision in full for off-policy evaluation either way (the header's `play` says
 * which acted); `play` means nothing to built-in and fixed policies.
 */
export async function resolvePolicy(
  name: string,
  source: PolicySource,
  play: PlayMode = 'greedy',
): Promise<Policy> {
  const { messages } = source;
  const fail = (message: string): Error => source.fail?.(message) ?? new Error(message);
  const colon = name.indexOf(':');
  if (colon < 0) {
    if (!policyNames().includes(name)) throw fail(messages.unknownBuiltIn(name));
    return policyByName(name);
  }
  const kind = name.slice(0, colon);
  const ref = name.slice(colon + 1);
  if (kind === 'fixed') {
    try {
      return fixedPolicy(ref);
    } catch (error) {
      throw fail(`policy "${name}": ${(error as Error).message}`);
    }
  }
  if (!(POLICY_KINDS as readonly string[]).includes(kind)) throw fail(messages.unknownKind(name, kind));
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
  const policy =
    loaded.kind === 'parl'
      ? parlPolicy({
          params: loaded.params,
          mode: play,
          log: true,
          profiles: loaded.checkpoint.allowedProfiles,
          name,
          // An ablation's checkpoint was trained with heads held: they are held where it runs too.
          ...heldOf(loaded.checkpoint.training.hold),
        })
      : banditPolicy(loaded.bandit, loaded.checkpoint.arms, undefined, name, {
          mode: play,
          log: true,
          preference: loaded.preference,
        });
  // The trace names exactly which weights decided, whatever the file or store entry is called.
  return { ...policy, checkpoint: checkpointHash(json) };
}

/** The heads a checkpoint was trained with held, as parlPolicy takes them (none for most). */
function heldOf(hold: unknown): { held?: ReturnType<typeof holdOf> } {
  if (typeof hold !== 'object' || hold === null) return {};
  return { held: holdOf(hold as Record<string, string>) };
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
