/**
 * What an episode of the orchestration environment comes to, in the paper's terms, and how the
 * episode's own counts become it (the budget and the instance's reference cost applied).
 */
import type { Instance } from './instance';

export interface EpisodeResult {
  readonly seed: number;
  readonly kind: string;
  readonly solo: boolean;
  /** Share of units answered right, 0 when the result came after the budget or an overflow failed the run. */
  readonly quality: number;
  readonly cost: number;
  /** cost / the instance's reference cost. */
  readonly relativeCost: number;
  readonly criticalSteps: number;
  readonly budget: number;
  readonly withinBudget: boolean;
  /** The orchestrator's context (or the solo agent's) overflowed: the episode failed. */
  readonly overflow: boolean;
  /** Subagents spawned: one per attempt, plus spares. */
  readonly spawned: number;
  /** Subagents whose answer was accepted and not a duplicate of another's. */
  readonly contributed: number;
  readonly attempts: number;
  readonly failedAttempts: number;
  /** Units given up (degraded, or left when the partial answer was submitted). */
  readonly degradedUnits: number;
  readonly submittedEarly: boolean;
  readonly steps: number;
}

/** The episode's counts, with the budget and reference cost of the instance applied. */
export function finish(
  instance: Instance,
  partial: Omit<EpisodeResult, 'seed' | 'kind' | 'relativeCost' | 'budget' | 'withinBudget' | 'quality'>,
  right: number,
): EpisodeResult {
  const withinBudget = partial.criticalSteps <= instance.budget;
  const n = instance.cue.length;
  return {
    seed: instance.seed,
    kind: instance.kind,
    ...partial,
    quality: withinBudget && !partial.overflow && n > 0 ? right / n : 0,
    relativeCost: partial.cost / instance.referenceCost,
    budget: instance.budget,
    withinBudget,
  };
}
