/**
 * The contextual bandit as a kind of learned policy: its checkpoint (the arms it chooses among and
 * the bandit's state), its reader, and the policy a run plays from it (bandit-policy.ts).
 */

import { PROFILES, RETRIES, WIDTHS } from '../../actions';
import type { Bandit } from '../../bandit';
import { type BanditState, banditFromJSON } from '../../bandit-from-json';
import { type Arm, banditPolicy } from '../../bandit-policy';
import {
  actionNames,
  type CheckpointCommon,
  POLICY_SCHEMA,
  POLICY_VERSION,
  type TrainingRecord,
} from '../../checkpoint-format';
import { featureLayout, type Inputs, TASK_FEATURES, taskWidth } from '../../features';
import type { LearnedKind } from '../types';

export interface BanditCheckpoint extends CheckpointCommon {
  readonly kind: 'bandit';
  readonly arms: readonly Arm[];
  readonly bandit: BanditState;
}

export interface BanditLoaded {
  readonly kind: 'bandit';
  readonly checkpoint: BanditCheckpoint;
  /** Whether its contexts hold the preference features (trained since issue 59). */
  readonly preference: boolean;
  /** The inputs its contexts hold beyond the task's (features.ts, Inputs). */
  readonly inputs: Inputs;
  readonly bandit: Bandit;
}

export function banditCheckpoint(
  bandit: Bandit,
  arms: readonly Arm[],
  rest: { hyper: Record<string, unknown>; training: TrainingRecord; profiles: Record<string, string> },
  /** The inputs its contexts hold (makeBandit's `inputs`). */
  inputs: Inputs = 'task',
): BanditCheckpoint {
  return {
    schema: POLICY_SCHEMA,
    version: POLICY_VERSION,
    kind: 'bandit',
    features: [...featureLayout(inputs).task],
    actions: actionNames,
    ...rest,
    arms: arms.map((a) => ({ ...a })),
    // Every Bandit is one of the algorithms bandit-from-json.ts restores.
    bandit: bandit.toJSON() as BanditState,
  };
}

export const bandit = {
  id: 'bandit',
  label: 'contextual bandit',
  trainable: true,
  features: TASK_FEATURES,
  withPreference: featureLayout('preference').task,
  withPrices: featureLayout('prices').task,
  restore(c, inputs) {
    const arms = c.arms;
    if (!Array.isArray(arms) || arms.length === 0) throw new Error('its "arms" are missing');
    for (const [i, a] of arms.entries()) {
      const arm = a as Partial<Arm>;
      const whole = (x: unknown) =>
        x === undefined || (typeof x === 'number' && Number.isInteger(x) && x >= 1);
      if (
        !(['single', ...WIDTHS] as readonly unknown[]).includes(arm?.width) ||
        !(PROFILES as readonly unknown[]).includes(arm?.profile) ||
        !whole(arm?.replicas) ||
        !whole(arm?.shard) ||
        !(
          arm?.cascade === undefined ||
          (Array.isArray(arm.cascade) &&
            arm.cascade.length > 0 &&
            arm.cascade.every((step) => (RETRIES as readonly unknown[]).includes(step)))
        )
      ) {
        throw new Error(
          `arm ${i + 1} is ${JSON.stringify(a)}, expected a width among single, ${WIDTHS.join(', ')}, a profile, whole numbers for replicas and shard where given, and cascade steps among ${RETRIES.join(', ')} where given`,
        );
      }
    }
    const restored = banditFromJSON(c.bandit, {
      arms: arms.length,
      ...(c.bandit && (c.bandit as BanditState).algorithm !== 'epsilon-greedy'
        ? { dim: taskWidth(inputs) }
        : {}),
    });
    return {
      kind: 'bandit',
      preference: inputs !== 'task',
      inputs,
      checkpoint: c as unknown as BanditCheckpoint,
      bandit: restored,
    };
  },
  play: (loaded, { name, mode }) =>
    banditPolicy(loaded.bandit, loaded.checkpoint.arms, undefined, name, {
      mode,
      log: true,
      inputs: loaded.inputs,
    }),
} satisfies LearnedKind<BanditCheckpoint, BanditLoaded>;
