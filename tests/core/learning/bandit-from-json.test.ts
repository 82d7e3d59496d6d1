import { describe, expect, it } from 'vitest';
import { banditFromJSON } from '../../../src/core/learning/bandit-from-json';

/**
 * Checkpoints written before the bandits were split into one file each (three rounds on a 2-arm,
 * dim-2 problem), with the arms the bandit then played next: they must load, write back byte for
 * byte, and go on choosing the same.
 */
const saved: [algorithm: string, json: string, next: number[]][] = [
  [
    'linucb',
    '{"schema":"swarmflight.bandit/1","algorithm":"linucb","arms":2,"dim":2,"hyper":{"alpha":0.7,"lambda":1},"state":{"t":3,"aInv":[[0.5555555555555556,-0.2222222222222222,-0.2222222222222222,0.8888888888888888],[0.4285714285714286,-0.2857142857142857,-0.2857142857142857,0.8571428571428571]],"b":[[0.25,0.125],[1,0.5]]}}',
    [1, 1, 1, 1, 1, 1],
  ],
  [
    'linear-thompson',
    '{"schema":"swarmflight.bandit/1","algorithm":"linear-thompson","arms":2,"dim":2,"hyper":{"v":0.5,"lambda":1,"seed":3},"state":{"t":3,"aInv":[[0.368421052631579,-0.3157894736842105,-0.3157894736842105,0.8421052631578947],[1,0,0,1]],"b":[[0.75,0.375],[0,0]]}}',
    [0, 1, 1, 1, 1, 1],
  ],
  [
    'epsilon-greedy',
    '{"schema":"swarmflight.bandit/1","algorithm":"epsilon-greedy","arms":2,"dim":2,"hyper":{"epsilon":0.1,"decay":0.01,"seed":3},"state":{"t":3,"counts":[1,2],"means":[0.25,0.5]}}',
    [1, 1, 1, 1, 0, 1],
  ],
];

describe('banditFromJSON', () => {
  it.each(saved)('restores a saved %s checkpoint unchanged', (algorithm, json, next) => {
    const bandit = banditFromJSON(JSON.parse(json), { arms: 2, dim: 2 });
    expect(bandit.name).toBe(algorithm);
    expect(JSON.stringify(bandit.toJSON())).toBe(json);
    const x = Float64Array.of(1, 0.5);
    const picks: number[] = [];
    for (let i = 0; i < next.length; i++) {
      const arm = bandit.select(x);
      picks.push(arm);
      bandit.update(arm, x, 0.25 * (arm + 1));
    }
    expect(picks).toEqual(next);
  });

  it('refuses an algorithm it does not know', () => {
    const json = JSON.parse(saved[0]![1]);
    expect(() => banditFromJSON({ ...json, algorithm: 'ucb1' })).toThrow(
      'bandit state algorithm "ucb1" is unknown',
    );
  });
});
