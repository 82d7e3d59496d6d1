/**
 * Checks the frozen profiles (`scenarios/profiles.json`) against the ProfileSpec shape of
 * spec-types.ts, with the same one-line-per-problem reports as the scenario files (spec.ts), and
 * identifies a profile's exact content by hash for trace headers.
 */

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import * as v from 'valibot';
import {
  type Assignable,
  atLeast0,
  got,
  issueProblems,
  type Problem,
  parseJson,
  positive,
  report,
  says,
  share,
  strict,
  text,
  whole,
  words,
} from './spec-fields';
import type { ProfileSpec } from './spec-types';

export type ProfilesResult =
  | { ok: true; profiles: Record<string, ProfileSpec> }
  | { ok: false; error: string };

/** A provider's id, as a profile's `models` names one: the provider registry's (src/providers). */
export type ProviderKind = string;
const PROVIDER_ID = /^[a-z][a-z0-9-]{0,39}$/;

/** The frozen profiles scenarios/profiles.json defines, weakest first. */
export const PROFILE_NAMES = ['small', 'medium', 'large'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];

/**
 * A profile's `models` key: one of `providers` (the registry's ids, which the caller passes: core
 * does not read the registry, whose folders hold each host's parts), or any provider-shaped id.
 */
const providerKey = (providers: readonly string[] | undefined) =>
  providers
    ? v.picklist(
        providers,
        (issue) => `${got(issue.input)} is not a provider (one of: ${providers.join(', ')})`,
      )
    : v.pipe(
        v.string(),
        v.regex(PROVIDER_ID, (issue) => `${got(issue.input)} is not a provider id`),
      );

const profileSchemaFor = (providers: readonly string[] | undefined) =>
  strict('a profile', {
    description: v.optional(words()),
    models: v.pipe(
      v.record(providerKey(providers), text(), says('an object from provider to model name')),
      v.check((models) => Object.keys(models).length > 0, says('a model for at least one provider')),
    ),
    contextWindow: whole(1),
    maxOutputTokens: whole(1),
    allowedTools: v.array(text(), says('a list of tool names')),
    systemPrompt: text(),
    price: strict('a price', { input: atLeast0(), output: atLeast0() }),
    simulator: strict('the simulator parameters', {
      itemError: share(),
      contextDegradation: share(),
      degradationExponent: positive(),
      callsPerTurn: whole(1),
      malformedRate: share(),
      outputTokensPerStep: whole(0),
      wallMsPerToken: atLeast0(),
      injectionCompliance: v.optional(share()),
      turnSteps: v.optional(positive()),
      skill: v.optional(share()),
      difficultyError: v.optional(share()),
      crashRate: v.optional(share()),
      crashSlope: v.optional(atLeast0()),
    }),
  });

const profilesSchemaFor = (providers: readonly string[] | undefined) =>
  v.pipe(
    // A list is an object to v.record too: refused first, by what it is ("got an empty list").
    v.custom<unknown>((x) => !Array.isArray(x), says('an object from profile name to profile')),
    v.record(v.string(), profileSchemaFor(providers), says('an object from profile name to profile')),
    v.check(
      (profiles) => Object.keys(profiles).length > 0,
      () => 'expected at least one profile, got none',
    ),
  );

// Compile-time: what the schema accepts is a value the rest of the code can read.
type _Checks = [Assignable<v.InferOutput<ReturnType<typeof profileSchemaFor>>, ProfileSpec>];

// ——— Checks across fields, run on a well-shaped value. ———

function profileProblems(name: string, profile: ProfileSpec): Problem[] {
  const problems: Problem[] = [];
  if (profile.maxOutputTokens >= profile.contextWindow) {
    problems.push({
      path: `${name}.maxOutputTokens`,
      message: `expected less than contextWindow (${profile.contextWindow}), got ${profile.maxOutputTokens}`,
    });
  }
  profile.allowedTools.forEach((tool, i) => {
    const first = profile.allowedTools.indexOf(tool);
    if (first !== i) {
      problems.push({
        path: `${name}.allowedTools[${i}]`,
        message: `"${tool}" repeats allowedTools[${first}]`,
      });
    }
  });
  return problems;
}

// ——— Entry points ———

/**
 * Parses and checks a profiles file: an object from profile name to profile. `providers`: the
 * registered providers' ids (src/providers/registry.ts PROVIDER_IDS), so a misspelt one is named;
 * without it any provider-shaped id is taken. Never throws.
 */
export function parseProfiles(text: string, file: string, providers?: readonly string[]): ProfilesResult {
  const json = parseJson(text, file);
  if (!json.ok) return json;
  const result = v.safeParse(profilesSchemaFor(providers), json.value, { abortPipeEarly: true });
  if (!result.success) return report(file, issueProblems(result.issues));
  const profiles: Record<string, ProfileSpec> = result.output;
  const problems = Object.entries(profiles).flatMap(([name, profile]) => profileProblems(name, profile));
  return problems.length > 0 ? report(file, problems) : { ok: true, profiles };
}

/** JSON with object keys sorted at every depth: the same data always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Identifies a profile's exact content in a trace header: `sha256:` and the hex SHA-256 of its
 * canonical JSON (UTF-8). Pure JavaScript (@noble/hashes) rather than Web Crypto, so that it is
 * synchronous and needs nothing of the host; the digest is the one Web Crypto gives, byte for byte
 * (tests/core/scenarios/profiles.test.ts checks both).
 */
export function profileHashSync(profile: ProfileSpec): string {
  return canonicalHash(profile);
}

/** `sha256:` and the hex SHA-256 of any JSON value's canonical form: a profile, a checkpoint. */
export function canonicalHash(value: unknown): string {
  return `sha256:${bytesToHex(sha256(utf8ToBytes(canonicalJson(value))))}`;
}

/** profileHashSync as a promise, the form callers had while hashing went through Web Crypto. */
export async function profileHash(profile: ProfileSpec): Promise<string> {
  return profileHashSync(profile);
}

/** Profile name → its hash: what a policy checkpoint is checked against. */
export async function profileHashes(
  profiles: Readonly<Record<string, ProfileSpec>>,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, p] of Object.entries(profiles)) out[name] = profileHashSync(p);
  return out;
}

/** Profiles whose model for `provider` is `model` (all of them), or unchanged when `model` is ''. */
export function withModel(
  profiles: Readonly<Record<string, ProfileSpec>>,
  provider: string,
  model: string,
): Record<string, ProfileSpec> {
  if (!model) return { ...profiles };
  return Object.fromEntries(
    Object.entries(profiles).map(([name, p]) => [name, { ...p, models: { ...p.models, [provider]: model } }]),
  );
}
