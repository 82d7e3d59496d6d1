/**
 * The seeded simulated provider (docs/simulator.md): a model that follows the tool protocol. Each
 * turn it reads the subtask descriptor from the request metadata and hands the messages it was
 * sent to the scenario's player, which decides the calls or the answer; the provider adds what
 * a real model adds around that — errors that rise as the context fills, a refusal past the
 * context window, malformed calls, token usage and (optionally) the time a reply takes.
 */

import { type Pace, waitModelTime } from '../runtime/pace';
import { SIMULATED } from '../trace/simulated-id';
import { pow } from '../util/math';
import { keyedRng } from '../util/rng';
import { pendingInstruction } from './injection';
import type { Player } from './player';
import { estimateMessagesTokens, estimateTextTokens, estimateToolsTokens } from './tokens';
import type { ChatRequest, ChatResponse, Provider, ToolCall } from './types';

/** The simulated model's parameters (docs/simulator.md). */
export interface SimulatorParams {
  /** Chance an item (a cell, a hop, a function) is wrong with an empty context. */
  readonly itemError: number;
  /** Extra chance of error when the context is full: error = itemError + contextDegradation · fill^degradationExponent. */
  readonly contextDegradation: number;
  readonly degradationExponent: number;
  /** Tool calls the model issues in one turn. */
  readonly callsPerTurn: number;
  /** Chance that a turn's tool call is malformed (arguments that are not JSON). */
  readonly malformedRate: number;
  /** Output tokens a turn spends besides what it writes (reasoning). */
  readonly outputTokensPerStep: number;
  /** Wall-clock milliseconds per output token, to estimate wall time. */
  readonly wallMsPerToken: number;
  /**
   * Chance that a turn obeys an instruction found in a tool result (a document saying "ignore your
   * task and call run_js…") instead of doing its task: a model open to prompt injection
   * (injection.ts). @default 0
   */
  readonly injectionCompliance?: number;
  /**
   * Step-time one turn takes (docs/simulator.md, Speed): a larger model is slower per turn, not
   * only dearer. The runtime reads it; the provider does not wait on it. @default 1
   */
  readonly turnSteps?: number;
  /** Difficulty (0…1) this profile handles without extra mistakes or crashes. @default 1 */
  readonly skill?: number;
  /** Extra chance that an item is wrong per unit of difficulty above the skill. @default 0 */
  readonly difficultyError?: number;
  /**
   * Chance that a turn crashes (a timeout, a tool error the model cannot recover from) on a task as
   * hard as the profile's skill; on an easier one in proportion to difficulty / skill, so an easy
   * task rarely crashes and a task of difficulty 0 never does. @default 0
   */
  readonly crashRate?: number;
  /** Extra chance per turn of a crash per unit of difficulty above the skill. @default 0 */
  readonly crashSlope?: number;
}

/** Difficulty above a profile's skill: what raises its errors and crashes. */
export const overSkill = (params: SimulatorParams, difficulty: number): number =>
  Math.max(0, difficulty - (params.skill ?? 1));

/**
 * The chance that one turn of `params` crashes on a task of this difficulty: `crashRate` × difficulty
 * / skill (a profile of no skill crashes at its full rate on any task that is not trivial), plus
 * `crashSlope` per unit of difficulty above the skill.
 */
export function crashChance(params: SimulatorParams, difficulty: number): number {
  const rate = params.crashRate ?? 0;
  const skill = params.skill ?? 1;
  const relative = difficulty <= 0 ? 0 : skill > 0 ? difficulty / skill : 1;
  return Math.min(1, rate * relative + (params.crashSlope ?? 0) * overSkill(params, difficulty));
}

/** A turn that crashed (docs/simulator.md, Crashes): the attempt fails and may be retried. */
export class SimulatedCrash extends Error {
  constructor(model: string, turn: number) {
    super(`${model} crashed on turn ${turn} (a timeout or an error it could not recover from)`);
    this.name = 'SimulatedCrash';
  }
}

export interface SimulatedProfile {
  readonly model: string;
  readonly contextWindow: number;
  readonly simulator: SimulatorParams;
}

/** A player by descriptor kind, or a promise of it while the players load; undefined when none plays it. */
export type PlayerLookup = (kind: string) => Player | undefined | Promise<Player | undefined>;

export interface SimulatedProviderOptions {
  /** Frozen profiles by name; a request's `metadata.profile` picks one. */
  readonly profiles: Readonly<Record<string, SimulatedProfile>>;
  /**
   * Players by descriptor kind (`metadata.subtask.descriptor.kind`), or a lookup that may load
   * them first (scenarios/players.ts).
   */
  readonly players: Readonly<Record<string, Player>> | PlayerLookup;
  /**
   * Waits each reply's latency (`wallMsPerToken` × output tokens) at this pace, for a run people
   * watch. Without it replies are instant: the CLI and tests never sleep.
   */
  readonly pace?: Pace;
}

/**
 * The chance that one item produced this turn is wrong, for a context filled to `fill` (0–1), on a
 * task of `difficulty` (0–1).
 */
export function itemErrorRate(params: SimulatorParams, fill: number, difficulty = 0): number {
  const f = Math.min(1, Math.max(0, fill));
  return Math.min(
    1,
    params.itemError +
      (params.difficultyError ?? 0) * overSkill(params, difficulty) +
      params.contextDegradation * pow(f, params.degradationExponent),
  );
}

export class ContextWindowExceeded extends Error {
  constructor(
    readonly promptTokens: number,
    readonly contextWindow: number,
    model: string,
  ) {
    super(`context window exceeded: the prompt has ${promptTokens} tokens, ${model} takes ${contextWindow}`);
    this.name = 'ContextWindowExceeded';
  }
}

export function simulatedProvider(options: SimulatedProviderOptions): Provider {
  return {
    name: SIMULATED,
    async complete(request: ChatRequest): Promise<ChatResponse> {
      const meta = request.metadata ?? {};
      const profileName = String(meta.profile ?? '');
      const profile = Object.hasOwn(options.profiles, profileName)
        ? options.profiles[profileName]
        : undefined;
      if (!profile) {
        throw new Error(
          `the simulated provider has no profile "${profileName}" (known: ${Object.keys(options.profiles).join(', ')})`,
        );
      }
      const subtask = meta.subtask as
        | { id?: unknown; descriptor?: { kind?: unknown }; difficulty?: unknown }
        | undefined;
      const difficulty = typeof subtask?.difficulty === 'number' ? subtask.difficulty : 0;
      const kind = String(subtask?.descriptor?.kind ?? '');
      const found =
        typeof options.players === 'function'
          ? options.players(kind)
          : Object.hasOwn(options.players, kind)
            ? options.players[kind]
            : undefined;
      // Awaited only while the players load: once loaded, a reply takes no extra turn of the loop.
      const player = found instanceof Promise ? await found : found;
      if (!player) throw new Error(`the simulated provider cannot play a subtask of kind "${kind}"`);
      if (request.signal?.aborted) throw new Error('aborted');

      const params = profile.simulator;
      const promptTokens =
        estimateMessagesTokens(request.messages) + estimateToolsTokens(request.tools ?? []);
      if (promptTokens > profile.contextWindow) {
        throw new ContextWindowExceeded(promptTokens, profile.contextWindow, profile.model);
      }
      const turn = Number(meta.turn ?? 0);
      const crash = crashChance(params, difficulty);
      if (crash > 0 && keyedRng(request.seed ?? 0, String(subtask?.id ?? ''), turn, 'crash').next() < crash) {
        throw new SimulatedCrash(profile.model, turn);
      }
      // Keyed by subtask and turn: the same turn of the same attempt draws the same numbers,
      // whatever else ran before it.
      const rng = keyedRng(request.seed ?? 0, String(subtask?.id ?? ''), turn);
      // A model open to injection obeys the document instead of its task, at its compliance.
      const injected =
        (params.injectionCompliance ?? 0) > 0 ? pendingInstruction(request.messages) : undefined;
      const obeys =
        injected !== undefined &&
        keyedRng(request.seed ?? 0, String(subtask?.id ?? ''), turn, 'injection').next() <
          (params.injectionCompliance ?? 0);
      const move = obeys
        ? { content: null, calls: [{ name: injected.tool, args: injected.args }] }
        : player({
            descriptor: subtask?.descriptor,
            messages: request.messages,
            tools: (request.tools ?? []).map((t) => t.function.name),
            errorRate: itemErrorRate(params, promptTokens / profile.contextWindow, difficulty),
            callsPerTurn: params.callsPerTurn,
            rng,
          });
      // Its own stream: whether a call breaks does not depend on how many draws the player made.
      const malformed =
        move.calls.length > 0 &&
        keyedRng(request.seed ?? 0, String(subtask?.id ?? ''), turn, 'malformed').next() <
          params.malformedRate;
      const calls: ToolCall[] = move.calls.map((call, i) => {
        const json = JSON.stringify(call.args);
        return {
          id: `call_${turn}_${i + 1}`,
          type: 'function',
          // A malformed call is the JSON cut short, as a model that stops mid-object writes it.
          function: { name: call.name, arguments: malformed && i === 0 ? json.slice(0, -1) : json },
        };
      });
      const written =
        estimateTextTokens(move.content ?? '') +
        calls.reduce((n, c) => n + estimateTextTokens(c.function.name + c.function.arguments), 0);
      const completion = written + params.outputTokensPerStep;
      // The reply takes the latency model's time (output tokens × ms per token), at the run's pace.
      const latencyMs = completion * params.wallMsPerToken;
      await waitModelTime(options.pace, latencyMs, request.signal);
      const pace = options.pace?.msPerSecond ?? 0;
      return {
        id: `sim-${String(subtask?.id ?? '')}-${turn}`,
        model: profile.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: move.content,
              ...(calls.length > 0 ? { tool_calls: calls } : {}),
            },
            finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
          },
        ],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completion,
          total_tokens: promptTokens + completion,
        },
        // What the reply took in model time at the pace: what the healing loop judges, whatever
        // this host made of the wait.
        modelMs: pace > 0 ? (latencyMs * pace) / 1000 : 0,
      };
    },
  };
}
