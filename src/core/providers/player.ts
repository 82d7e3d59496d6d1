/**
 * What a player is: the simulated model's behaviour on one kind of subtask. The simulated provider
 * (simulated.ts) calls players; each scenario (and the `llm` orchestrator) brings its own.
 */

import type { Rng } from '../util/rng';
import type { ChatMessage } from './types';

/** What the simulated provider hands a player each turn. */
export interface PlayerInput<D = unknown> {
  /** The subtask's descriptor (`Subtask.descriptor`), as the request's metadata carried it. */
  readonly descriptor: D;
  /** The messages the model was sent this turn, after the context strategy. */
  readonly messages: readonly ChatMessage[];
  /** Names of the tools offered this turn. */
  readonly tools: readonly string[];
  /**
   * Chance that one item produced this turn (a cell read, a hop resolved, a function written) is
   * wrong: the profile's base error raised by how full the context is (docs/simulator.md).
   */
  readonly errorRate: number;
  /** Tool calls the model may issue in one turn. */
  readonly callsPerTurn: number;
  /** Seeded by (run seed, attempt, subtask, turn): the same turn draws the same numbers. */
  readonly rng: Rng;
}

export interface PlayerMove {
  /** Text of the reply: notes to itself along with calls, or the final answer when there are no calls. */
  readonly content: string | null;
  readonly calls: readonly { readonly name: string; readonly args: Readonly<Record<string, unknown>> }[];
}

/**
 * A simulated model's policy on one kind of subtask. It must be a function of its input only —
 * it remembers nothing between turns but what the messages show — so context strategies have the
 * effect they would have on a real model.
 */
export type Player = (input: PlayerInput) => PlayerMove;
