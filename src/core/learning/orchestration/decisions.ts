/**
 * What an orchestrator decides in the orchestration environment, and the port it decides through.
 * Four kinds of decision, each a small choice so a linear head per choice can learn it:
 *
 * - the plan, once: solo (one agent, the whole task in one context) or spawn; how many units one
 *   subagent gets (the shard); replicas per shard with a vote; idle spares spawned alongside;
 * - the profile of each shard (and of the solo agent);
 * - after a failed attempt: retry it, escalate it to the next larger profile, or degrade it
 *   (give its units up);
 * - while failed work waits: go on, or submit the partial answer now.
 */
import type { Instance } from './instance';
import { PROFILES, type ProfileName } from './params';

export const MODES = ['solo', 'spawn'] as const;
export const SHARDS = [1, 2, 4, 8, 16] as const;
export const REPLICAS = [1, 3] as const;
/** Idle subagents spawned next to the working ones: none, half as many again, as many again. */
export const SPARES = ['none', 'half', 'all'] as const;
export const RECOVERIES = ['retry', 'escalate', 'degrade'] as const;
export const CONTROLS = ['go', 'submit'] as const;
export { PROFILES };

export type Mode = (typeof MODES)[number];
export type Recovery = (typeof RECOVERIES)[number];

/** The plan: an index into each of its option lists. */
export interface PlanChoice {
  readonly mode: number;
  readonly shard: number;
  readonly replicas: number;
  readonly spares: number;
}

/** What the orchestrator sees of an instance: everything but the hidden difficulties. */
export type Observed = Omit<Instance, 'difficulty'>;

export interface ShardView {
  readonly instance: Observed;
  readonly solo: boolean;
  /** Units in the shard and their cues. */
  readonly units: number;
  readonly meanCue: number;
  readonly maxCue: number;
  /** Tokens the agent's context would hold at the end of the work: which windows it fits. */
  readonly contextNeed: number;
}

export interface FailureView {
  readonly instance: Observed;
  readonly shard: ShardView;
  readonly profile: ProfileName;
  /** Attempts made so far (≥ 1). */
  readonly attempts: number;
  /** The attempt failed because its context overflowed (a retry on the same profile will too). */
  readonly overflow: boolean;
  /** Critical steps so far. */
  readonly t: number;
}

export interface ControlView {
  readonly instance: Observed;
  readonly t: number;
  /** Share of units with an accepted answer so far. */
  readonly answered: number;
  /** Share of units whose shard waits for another attempt. */
  readonly waiting: number;
  /** Step-time the next wave's longest attempt would take. */
  readonly nextWave: number;
}

/** The port every orchestrator of this environment implements: fixed, learned, bandit. */
export interface OrchestrationPolicy {
  readonly name: string;
  plan(instance: Observed): PlanChoice;
  profile(view: ShardView): number;
  recover(view: FailureView): number;
  control(view: ControlView): number;
}

/** A fixed setting as data: one option for every decision, whatever the situation. */
export interface Setting {
  readonly mode: Mode;
  readonly shard: number;
  readonly replicas: number;
  readonly spares: (typeof SPARES)[number];
  readonly profile: ProfileName;
  readonly recovery: Recovery;
}

/** `solo/PROFILE` or `spawn/SHARD/REPLICAS/PROFILE/RECOVERY` (spares none). */
export function settingName(s: Setting): string {
  return s.mode === 'solo'
    ? `solo/${s.profile}`
    : `spawn/${s.shard}/${s.replicas}/${s.profile}/${s.recovery}${s.spares === 'none' ? '' : `/spares-${s.spares}`}`;
}

const expected =
  'solo/PROFILE or spawn/SHARD/REPLICAS/PROFILE/RECOVERY[/spares-half|spares-all], with PROFILE in ' +
  `${PROFILES.join('|')}, SHARD in ${SHARDS.join('|')}, REPLICAS in ${REPLICAS.join('|')}, RECOVERY in ${RECOVERIES.join('|')}`;

function oneOf<T extends string | number>(what: string, raw: string | undefined, options: readonly T[]): T {
  const found = options.find((o) => String(o) === raw);
  if (found === undefined)
    throw new Error(`${what} "${raw ?? ''}" is not one of ${options.join(', ')} (expected ${expected})`);
  return found;
}

/** Reads a setting name; throws naming the part that is wrong and what is accepted. */
export function parseSetting(text: string): Setting {
  const parts = text.trim().split('/');
  const mode = oneOf('mode', parts[0], MODES);
  if (mode === 'solo') {
    if (parts.length !== 2) throw new Error(`setting "${text}": expected ${expected}`);
    return {
      mode,
      shard: 1,
      replicas: 1,
      spares: 'none',
      profile: oneOf('profile', parts[1], PROFILES),
      recovery: 'retry',
    };
  }
  if (parts.length !== 5 && parts.length !== 6) throw new Error(`setting "${text}": expected ${expected}`);
  const spares = parts[5] === undefined ? 'none' : oneOf('spares', parts[5], ['spares-half', 'spares-all']);
  return {
    mode,
    shard: Number(oneOf('shard', parts[1], SHARDS.map(String))),
    replicas: Number(oneOf('replicas', parts[2], REPLICAS.map(String))),
    profile: oneOf('profile', parts[3], PROFILES),
    recovery: oneOf('recovery', parts[4], RECOVERIES),
    spares: spares === 'none' ? 'none' : spares === 'spares-half' ? 'half' : 'all',
  };
}

/** Every fixed setting without spares: the grid the best fixed baseline is chosen from. */
export function allSettings(): Setting[] {
  const out: Setting[] = PROFILES.map((profile) => ({
    mode: 'solo',
    shard: 1,
    replicas: 1,
    spares: 'none',
    profile,
    recovery: 'retry',
  }));
  for (const shard of SHARDS)
    for (const replicas of REPLICAS)
      for (const profile of PROFILES)
        for (const recovery of RECOVERIES)
          out.push({ mode: 'spawn', shard, replicas, spares: 'none', profile, recovery });
  return out;
}

/**
 * A policy that, at the start of each run, picks another policy to make every decision of that
 * run (a setting per kind, a bandit's arm).
 */
export function delegating(
  name: string,
  choose: (observed: Observed) => OrchestrationPolicy,
): OrchestrationPolicy {
  let current: OrchestrationPolicy | undefined;
  const now = () => current as OrchestrationPolicy;
  return {
    name,
    plan(observed) {
      current = choose(observed);
      return current.plan(observed);
    },
    profile: (v) => now().profile(v),
    recover: (v) => now().recover(v),
    control: (v) => now().control(v),
  };
}

/** The policy that makes a setting's choices every time. */
export function fixedOrchestrator(
  setting: Setting,
  name = `fixed:${settingName(setting)}`,
): OrchestrationPolicy {
  const plan: PlanChoice = {
    mode: MODES.indexOf(setting.mode),
    shard: SHARDS.indexOf(setting.shard as (typeof SHARDS)[number]),
    replicas: REPLICAS.indexOf(setting.replicas as (typeof REPLICAS)[number]),
    spares: SPARES.indexOf(setting.spares),
  };
  const profile = PROFILES.indexOf(setting.profile);
  const recovery = RECOVERIES.indexOf(setting.recovery);
  return { name, plan: () => plan, profile: () => profile, recover: () => recovery, control: () => 0 };
}
