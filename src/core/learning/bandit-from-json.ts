/** Restores any bandit from its checkpoint, by the algorithm the checkpoint names. */

import { type Bandit, type BanditAlgorithm, type ExpectedShape, readBanditState } from './bandit';
import { EpsilonGreedy, type EpsilonGreedyState } from './epsilon-greedy';
import { LinearThompson, type LinearThompsonState } from './linear-thompson';
import { LinUCB, type LinUCBState } from './linucb';

export type BanditState = LinUCBState | LinearThompsonState | EpsilonGreedyState;

const restorers: Record<BanditAlgorithm, (json: unknown, expected: ExpectedShape) => Bandit> = {
  linucb: LinUCB.fromJSON,
  'linear-thompson': LinearThompson.fromJSON,
  'epsilon-greedy': EpsilonGreedy.fromJSON,
};

/** Restore any bandit from a checkpoint, dispatching on its algorithm. */
export function banditFromJSON(json: unknown, expected: ExpectedShape = {}): Bandit {
  const s = readBanditState<BanditState>(json, expected);
  const restore = Object.hasOwn(restorers, s.algorithm) ? restorers[s.algorithm] : undefined;
  if (restore === undefined) {
    throw new Error(`bandit state algorithm ${JSON.stringify(s.algorithm)} is unknown`);
  }
  return restore(s, expected);
}
