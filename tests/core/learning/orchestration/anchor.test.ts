import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../../src/core/bench/orchestration-eval';
import { MODES } from '../../../../src/core/learning/orchestration/decisions';
import { PLAN_FEATURES } from '../../../../src/core/learning/orchestration/features';
import { drawInstance } from '../../../../src/core/learning/orchestration/instance';
import {
  anchorStep,
  HEAD_NAMES,
  initWeights,
  linearOrchestrator,
  SOLO_PRIOR,
} from '../../../../src/core/learning/orchestration/linear-policy';
import { defaultEnvParams } from '../../../../src/core/learning/orchestration/params';
import {
  defaultOrchestrationTrainConfig,
  trainOrchestrator,
} from '../../../../src/core/learning/orchestration/train';
import { splitSeeds } from '../../../../src/core/scenarios/splits';
import { keyedRng } from '../../../../src/core/util/rng';

describe('the pull toward the starting policy (anchor)', () => {
  it('moves every policy weight the given share of the way back to the start, and leaves the value baseline', () => {
    const rng = keyedRng(3, 'anchor');
    const start = initWeights();
    const w = initWeights();
    for (const h of [...HEAD_NAMES, 'value'] as const)
      for (let i = 0; i < w[h].length; i++) w[h][i] = rng.next() * 4 - 2;
    const before = structuredClone(w);
    anchorStep(w, start, 0.25);
    for (const h of HEAD_NAMES)
      for (let i = 0; i < w[h].length; i++)
        expect(w[h][i]).toBeCloseTo(
          (start[h][i] as number) + 0.75 * ((before[h][i] as number) - (start[h][i] as number)),
          12,
        );
    expect(Array.from(w.value)).toEqual(Array.from(before.value));
    // Toward the start, not toward zero: the solo habit is where the pull leads.
    anchorStep(w, start, 1);
    expect(w.mode[MODES.indexOf('solo') * PLAN_FEATURES.length]).toBe(SOLO_PRIOR);
  });

  // Training seed 4 is one where, without the pull, r_parallel's push to the finest shards while
  // λ1 is high is never undone: the learned policy keeps 1-2-unit shards after λ → 0 and scores
  // below the coarser shards every other seed finds (docs/experiments.md, "The anchor").
  it('lets training leave the finest shards once λ1 has annealed (seed 4, validation)', () => {
    const validation = splitSeeds('validation', 120).map((s) => drawInstance(defaultEnvParams, s));
    const score = (anchor: number) => {
      const { weights } = trainOrchestrator({ ...defaultOrchestrationTrainConfig, seed: 4, anchor });
      return evaluate(defaultEnvParams, linearOrchestrator({ weights }), validation).means.reward;
    };
    expect(score(defaultOrchestrationTrainConfig.anchor) - score(0)).toBeGreaterThan(0.01);
    // Two trainings of 100,000 episodes: ~3 s alone, several times that beside the other suites.
  }, 60_000);
});
