/**
 * The formulas of the orchestration environment, each a line of docs/simulator.md: how long an
 * agent's work takes, what it costs, how likely it is right, and the draws that decide outcomes.
 * Outcome draws are keyed by (instance, purpose, unit, replica, attempt) rather than taken in
 * order, so two policies on one instance meet the same luck wherever they make the same move:
 * paired comparisons then measure the policies, not the dice.
 */

import { exp } from '../../util/math';
import type { EnvParams, Kind, ProfileName } from './params';

/** A uniform draw in [0, 1) from integer keys (a murmur3-style finaliser over the mixed keys). */
export function draw(seed: number, purpose: number, a: number, b = 0, c = 0): number {
  // Key by key, not over an array of the keys: an episode draws hundreds of times, and an array
  // per draw was garbage that rollout threads share.
  let h = mix(seed >>> 0, purpose);
  h = mix(h, a);
  h = mix(h, b);
  h = mix(h, c);
  h = Math.imul(h ^ (h >>> 16), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** One key mixed into the hash `h`. */
function mix(h: number, k: number): number {
  let m = Math.imul(h ^ (k >>> 0), 0x9e3779b1);
  m ^= m >>> 15;
  m = Math.imul(m, 0x85ebca6b);
  return m ^ (m >>> 13);
}

/** Purposes of the keyed draws. */
export const Draw = { correct: 1, crash: 2, merge: 3, agree: 4, tie: 5 } as const;

const logistic = (z: number) => 1 / (1 + exp(-z));

/** P(a unit of difficulty `d` is answered right by `profile` when its context is `fill` full). */
export function accuracy(params: EnvParams, profile: ProfileName, d: number, fill: number): number {
  const { slope, offset, fillPenalty } = params.accuracy;
  return logistic(slope * (params.profiles[profile].skill - d) + offset - fillPenalty * Math.min(1, fill));
}

/** P(an attempt on units of mean difficulty `d` crashes: a tool error, a timeout, a malformed reply). */
export function crashRate(params: EnvParams, profile: ProfileName, d: number): number {
  const { base, hard } = params.failure;
  return Math.min(1, base + hard * Math.max(0, d - params.profiles[profile].skill));
}

/** A subagent's context after `units` units: its brief plus what the work added. */
export function agentContext(params: EnvParams, kind: Kind, units: number): number {
  return params.agent.overheadTokens + units * params.kinds[kind].tokensPerUnit;
}

/**
 * Tokens an agent reads doing `units` units from a context that starts at `start`: every turn
 * rereads the context so far, so the cost grows with the square of the work one agent does.
 */
export function tokensRead(params: EnvParams, kind: Kind, start: number, units: number): number {
  const { turnsPerUnit, tokensPerUnit } = params.kinds[kind];
  return turnsPerUnit * (units * start + (tokensPerUnit * units * units) / 2);
}

export function price(params: EnvParams, profile: ProfileName, tokens: number): number {
  return (params.profiles[profile].price * tokens) / 1000;
}

/** Step-time of `units` units on `profile` when `running` agents share `engines` engines. */
export function workSteps(
  params: EnvParams,
  kind: Kind,
  profile: ProfileName,
  units: number,
  running: number,
  engines: number,
): number {
  const queue = Math.max(1, Math.ceil(running / Math.max(1, engines)));
  return units * params.kinds[kind].turnsPerUnit * params.profiles[profile].turnSteps * queue;
}

/** S_main of one orchestrator step that writes `calls` calls and merges `answers` answers. */
export function mainSteps(params: EnvParams, calls: number, answers: number, spares = 0): number {
  return (
    params.main.base +
    params.main.perCall * calls +
    params.main.perAnswer * answers +
    params.main.perSpare * spares
  );
}

/** The orchestrator's context before any answer: its prompt and the task statement. */
export function mainStart(params: EnvParams, units: number): number {
  return params.main.overheadTokens + units * params.main.taskTokensPerUnit;
}

/**
 * The reference cost an instance's costs are measured in: two units per subagent on `medium`, one
 * attempt each, one step to launch and one to merge. A fixed yardstick, not a baseline to beat.
 */
export function referenceCost(params: EnvParams, kind: Kind, units: number): number {
  const shard = Math.min(2, units);
  const shards = Math.ceil(units / shard);
  const agents =
    shards * price(params, 'medium', tokensRead(params, kind, params.agent.overheadTokens, shard));
  const start = mainStart(params, units);
  const merged = start + shards * params.main.headerTokens + units * params.kinds[kind].answerTokens;
  const main =
    price(params, params.main.profile, start * mainSteps(params, shards, 0)) +
    price(params, params.main.profile, merged * mainSteps(params, 0, shards));
  return agents + main;
}
