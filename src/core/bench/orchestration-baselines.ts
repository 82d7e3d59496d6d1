/**
 * The baselines every orchestration policy is compared with (docs/learning.md): one agent alone,
 * the runtime's heuristic, and the best fixed setting overall and per task kind — both chosen on
 * the validation split, never on test. The CLI's bench and the Train view's leaderboard share them.
 */
import {
  fixedOrchestrator,
  type OrchestrationPolicy,
  parseSetting,
  type Setting,
} from '../learning/orchestration/decisions';
import { KINDS, type Kind } from '../learning/orchestration/params';
import { type GridResult, perKindOrchestrator } from './orchestration-eval';

export const BASELINES = ['serial', 'heuristic', 'best-fixed', 'per-kind'] as const;
export type Baseline = (typeof BASELINES)[number];

export const isBaseline = (name: string): name is Baseline => (BASELINES as readonly string[]).includes(name);

/** `validation` is called only for the baselines that need the grid. */
export function baselinePolicy(name: Baseline, validation: () => GridResult): OrchestrationPolicy {
  switch (name) {
    case 'serial':
      return fixedOrchestrator(parseSetting('solo/medium'), 'serial');
    case 'heuristic':
      return fixedOrchestrator(parseSetting('spawn/1/1/medium/retry'), 'heuristic');
    case 'best-fixed': {
      const best = validation().best;
      return fixedOrchestrator(parseSetting(best), `best-fixed (${best})`);
    }
    case 'per-kind': {
      const g = validation();
      const perKind = Object.fromEntries(KINDS.map((k) => [k, parseSetting(g.perKind[k])])) as Record<
        Kind,
        Setting
      >;
      return perKindOrchestrator(perKind);
    }
  }
}
