/**
 * A learned decision in full, for the trace (`DecisionLog`): the features the heads saw, each
 * head's distribution, and the joint options that would have taken the very same runtime actions.
 * The last is what makes importance weights right: the environment sees actions, not head
 * options, so two choices that act alike (any width for a wave of one task, any retry choice when
 * no task failed, any width and profile when the policy finishes) are one action, whose probability
 * is the sum over them (docs/learning.md, "Off-policy evaluation").
 */
import type { PlanView, RunView } from '../policy/types';
import type { DecisionLog } from '../trace/events';
import { type Choice, CONTROLS, PROFILES, RETRIES, toActions, VOTES, WIDTHS } from './actions';
import { PLANS, planOf } from './plan-options';

/** The step heads in the order a step's `same` indices enumerate them (the last fastest). */
export const STEP_HEADS = ['width', 'profile', 'control', 'retry', 'vote'] as const;
export type StepHead = (typeof STEP_HEADS)[number];
export const STEP_OPTIONS: Readonly<Record<StepHead, readonly string[]>> = {
  width: WIDTHS,
  profile: PROFILES,
  control: CONTROLS,
  retry: RETRIES,
  vote: VOTES,
};
const RADIX = STEP_HEADS.map((h) => STEP_OPTIONS[h].length);
/** Every joint step option: 5 · 3 · 2 · 3 · 2 = 180. */
export const JOINT_STEPS = RADIX.reduce((a, b) => a * b, 1);

/** A joint step option's index → each head's option index. */
export function decodeStep(index: number): Required<Choice> {
  const out = new Array<number>(RADIX.length);
  let rest = index;
  for (let h = RADIX.length - 1; h >= 0; h--) {
    out[h] = rest % (RADIX[h] as number);
    rest = Math.floor(rest / (RADIX[h] as number));
  }
  const [width, profile, control, retry, vote] = out as [number, number, number, number, number];
  return { width, profile, control, retry, vote };
}

export function encodeStep(c: Required<Choice>): number {
  let index = 0;
  const parts = [c.width, c.profile, c.control, c.retry, c.vote];
  for (let h = 0; h < RADIX.length; h++) index = index * (RADIX[h] as number) + (parts[h] as number);
  return index;
}

/** The step decision in full: every joint option whose actions equal the choice's. */
export function stepLog(
  view: RunView,
  x: Float64Array,
  heads: Readonly<Record<StepHead, Float64Array>>,
  choice: Required<Choice>,
): DecisionLog {
  const taken = JSON.stringify(toActions(view, choice));
  const same: number[] = [];
  for (let j = 0; j < JOINT_STEPS; j++) {
    if (JSON.stringify(toActions(view, decodeStep(j))) === taken) same.push(j);
  }
  return {
    features: Array.from(x),
    heads: Object.fromEntries(STEP_HEADS.map((h) => [h, Array.from(heads[h])])),
    same,
  };
}

/** The plan decision in full: the options the task allowed, and those that plan alike. */
export function planLog(
  task: PlanView,
  x: Float64Array,
  p: Float64Array,
  allowed: Uint8Array,
  choice: number,
): DecisionLog {
  const planned = JSON.stringify(planOf(PLANS[choice] as (typeof PLANS)[number], task));
  const options = PLANS.flatMap((_, k) => (allowed[k] ? [k] : []));
  return {
    features: Array.from(x),
    heads: { plan: Array.from(p) },
    allowed: { plan: options },
    same: options.filter((k) => JSON.stringify(planOf(PLANS[k] as (typeof PLANS)[number], task)) === planned),
  };
}

/** The options each PARL head names, as the trace header keeps them. */
export const PARL_OPTIONS: Readonly<Record<string, readonly string[]>> = { plan: PLANS, ...STEP_OPTIONS };
