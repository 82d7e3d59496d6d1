/**
 * The bandit orchestrator: once per episode, a contextual bandit picks an arm — a parallelism
 * width and a frozen profile — from the task's features; the run then launches every wave at that
 * width on that profile. The episode's PARL reward updates the arm afterwards. It learns how wide
 * and how strong to go per kind and size of task, not per decision; PARL learns the latter.
 */

import type { Action, Policy, RunView } from '../policy/types';
import { type Choice, CONTROLS, launchable, PROFILES, toActions, WIDTHS } from './actions';
import type { Bandit } from './bandit';
import { EpsilonGreedy } from './epsilon-greedy';
import { TASK_FEATURES, taskFeatures } from './features';
import { LinearThompson } from './linear-thompson';
import { LinUCB } from './linucb';

export interface Arm {
  readonly width: (typeof WIDTHS)[number];
  readonly profile: string;
}

export type BanditKind = 'linucb' | 'thompson' | 'epsilon-greedy';

/** Every width × every allowed profile, width-major. */
export function banditArms(profiles: readonly string[] = PROFILES): Arm[] {
  return WIDTHS.flatMap((width) => profiles.map((profile) => ({ width, profile })));
}

export function makeBandit(kind: BanditKind, arms: number, seed: number): Bandit {
  const dim = TASK_FEATURES.length;
  switch (kind) {
    case 'linucb':
      // α ≈ the reward's range (0…1.4 with the λ terms): an arm never played must look better
      // than one known to be good, or the bandit settles before it has tried every arm.
      return new LinUCB({ arms, dim, alpha: 1 });
    case 'thompson':
      return new LinearThompson({ arms, dim, v: 0.5, seed });
    case 'epsilon-greedy':
      return new EpsilonGreedy({ arms, epsilon: 0.1, decay: 0.01, seed });
  }
}

/** What a bandit episode chose, for the update that follows it. */
export interface BanditPlay {
  arm: number;
  context: Float64Array;
}

export function banditPolicy(
  bandit: Bandit,
  arms: readonly Arm[],
  play?: BanditPlay,
  name = 'bandit',
): Policy {
  let chosen: Choice | null = null;
  let run: RunView | null = null;
  return {
    name,
    plan: 'swarm',
    prioritize: (ctx) => Float64Array.from(ctx.cpm.bottomLevel),
    decide(view: RunView): Action[] {
      if (launchable(view) === 0) return [];
      // One arm per run: a new run (a new view) draws again.
      if (view !== run) {
        run = view;
        chosen = null;
      }
      if (chosen === null) {
        const context = taskFeatures(view.kind, view.graph);
        const arm = play ? bandit.select(context) : bandit.exploit(context);
        const a = arms[arm] as Arm;
        chosen = {
          width: WIDTHS.indexOf(a.width),
          profile: PROFILES.indexOf(a.profile as (typeof PROFILES)[number]),
          control: CONTROLS.indexOf('go'),
        };
        if (play) {
          play.arm = arm;
          play.context = context;
        }
      }
      return toActions(view, chosen);
    },
  };
}
