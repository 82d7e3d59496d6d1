import { describe, expect, it } from 'vitest';
import { fromCheckpoint, toCheckpoint } from '../../../../src/core/learning/orchestration/checkpoint';
import {
  accumulate,
  type Decision,
  HEAD_NAMES,
  HEADS,
  initWeights,
  logProbability,
  zerosLike,
} from '../../../../src/core/learning/orchestration/linear-policy';
import {
  defaultOrchestrationTrainConfig,
  trainOrchestrator,
} from '../../../../src/core/learning/orchestration/train';
import { keyedRng } from '../../../../src/core/util/rng';

describe('the orchestration policy learner', () => {
  it('has the gradient of log π it claims (finite differences, every head)', () => {
    const rng = keyedRng(7, 'grad');
    const w = initWeights();
    for (const h of HEAD_NAMES) for (let i = 0; i < w[h].length; i++) w[h][i] = rng.next() - 0.5;
    for (const head of HEAD_NAMES) {
      const x = Float64Array.from(HEADS[head].features, () => rng.next());
      const d: Decision = { head, x, choice: HEADS[head].options - 1 };
      const grad = zerosLike(w);
      accumulate(w, [d], 1, 0, grad);
      for (let i = 0; i < w[head].length; i += 3) {
        const saved = w[head][i] as number;
        w[head][i] = saved + 1e-6;
        const up = logProbability(w, d);
        w[head][i] = saved - 1e-6;
        const down = logProbability(w, d);
        w[head][i] = saved;
        expect(grad[head][i]).toBeCloseTo((up - down) / 2e-6, 5);
      }
    }
  });

  it('trains bit-identically from the same config', () => {
    const config = { ...defaultOrchestrationTrainConfig, episodes: 1500 };
    const a = trainOrchestrator(config);
    const b = trainOrchestrator(config);
    expect(toCheckpoint(a.weights, {})).toEqual(toCheckpoint(b.weights, {}));
    const c = trainOrchestrator({ ...config, seed: 2 });
    expect(toCheckpoint(c.weights, {})).not.toEqual(toCheckpoint(a.weights, {}));
  });

  it('starts as a single agent would: almost every early episode runs solo', () => {
    const { curves } = trainOrchestrator({ ...defaultOrchestrationTrainConfig, episodes: 640 });
    expect(curves[0]?.soloRate).toBeGreaterThan(0.9);
  });

  it('round-trips a checkpoint, and refuses one of another action space with what is expected', () => {
    const { weights } = trainOrchestrator({ ...defaultOrchestrationTrainConfig, episodes: 256 });
    const json = JSON.parse(JSON.stringify(toCheckpoint(weights, { seed: 1 })));
    expect(toCheckpoint(fromCheckpoint(json), { seed: 1 })).toEqual(json);
    expect(() => fromCheckpoint({ schema: 'swarmflight.policy/1', params: {} })).toThrow(
      /policy of the scenario mix.*expected "swarmflight.orchestration-policy\/1"/,
    );
    const wrong = { ...json, heads: { ...json.heads, shard: { ...json.heads.shard, options: ['1', '2'] } } };
    expect(() => fromCheckpoint(wrong)).toThrow(/head "shard" has options \["1","2"\]: expected/);
  });
});
