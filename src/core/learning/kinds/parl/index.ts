/**
 * PARL as a kind of learned policy: its checkpoint (the heads' weights, the profiles it may pick,
 * Adam's moments and the plan critic's sums to resume from), its reader, and the policy a run
 * plays from it (parl.ts).
 */

import { PROFILES } from '../../actions';
import type { AdamState } from '../../adam';
import {
  actionNames,
  type CheckpointCommon,
  numbers,
  POLICY_SCHEMA,
  POLICY_VERSION,
  type TrainingRecord,
} from '../../checkpoint-format';
import { FEATURES, featureLayout, type Inputs, taskWidth } from '../../features';
import { holdOf, initParams, inputsOfParams, type ParlParams, PLANS, parlPolicy } from '../../parl';
import type { PlanCriticState } from '../../plan-critic';
import type { LearnedKind } from '../types';

interface Weights {
  readonly plan: number[];
  readonly width: number[];
  readonly profile: number[];
  readonly control: number[];
  readonly retry: number[];
  readonly vote: number[];
  readonly value: number[];
}

export interface ParlCheckpoint extends CheckpointCommon {
  readonly kind: 'parl';
  readonly allowedProfiles: readonly string[];
  readonly weights: Weights;
  /**
   * Adam's moments and step count, so that training resumed from this checkpoint takes the steps
   * the uninterrupted run would have. Optional: files written before it load, and resume with a
   * fresh optimizer.
   */
  readonly optimizer?: {
    readonly algorithm: 'adam';
    readonly t: number;
    readonly m: Weights;
    readonly v: Weights;
  };
  /**
   * The plan head's least-squares sums when it was learned by regression (plan-critic.ts), so a
   * resumed training refits it from what the uninterrupted run had seen. Optional, as `optimizer`.
   */
  readonly planCritic?: {
    readonly algorithm: 'discounted-ridge';
    readonly gram: number[];
    readonly moment: number[];
  };
}

export interface ParlLoaded {
  readonly kind: 'parl';
  readonly checkpoint: ParlCheckpoint;
  /** Whether its weights read the preference features (trained since issue 59). */
  readonly preference: boolean;
  /** The inputs its weights read beyond the task's (features.ts, Inputs). */
  readonly inputs: Inputs;
  readonly params: ParlParams;
  /** Present when the checkpoint saved it (training resumes from it). */
  readonly optimizer?: AdamState;
  /** Present when its plan head was learned by regression (training resumes from it). */
  readonly planCritic?: PlanCriticState;
}

const plain = (params: ParlParams): Weights => ({
  plan: Array.from(params.plan),
  width: Array.from(params.width),
  profile: Array.from(params.profile),
  control: Array.from(params.control),
  retry: Array.from(params.retry),
  vote: Array.from(params.vote),
  value: Array.from(params.value),
});

export function parlCheckpoint(
  params: ParlParams,
  rest: {
    hyper: Record<string, unknown>;
    training: TrainingRecord;
    profiles: Record<string, string>;
    allowedProfiles: readonly string[];
    optimizer?: AdamState;
    planCritic?: PlanCriticState;
  },
): ParlCheckpoint {
  const { optimizer, planCritic, ...fields } = rest;
  return {
    schema: POLICY_SCHEMA,
    version: POLICY_VERSION,
    kind: 'parl',
    // With the preference (and price) features when the weights read them: what loading tells apart.
    features: [...featureLayout(inputsOfParams(params)).step],
    actions: actionNames,
    ...fields,
    allowedProfiles: [...rest.allowedProfiles],
    weights: plain(params),
    ...(optimizer
      ? { optimizer: { algorithm: 'adam', t: optimizer.t, m: plain(optimizer.m), v: plain(optimizer.v) } }
      : {}),
    ...(planCritic
      ? {
          planCritic: {
            algorithm: 'discounted-ridge',
            gram: Array.from(planCritic.gram),
            moment: Array.from(planCritic.moment),
          },
        }
      : {}),
  };
}

/** The weight arrays of a PARL policy, checked against this build's shapes. */
function weights(what: string, got: unknown, inputs: Inputs): ParlParams {
  const w = (typeof got === 'object' && got !== null ? got : {}) as Record<string, unknown>;
  const shape = initParams(inputs);
  return {
    plan: numbers(`${what}plan`, w.plan, shape.plan.length),
    width: numbers(`${what}width`, w.width, shape.width.length),
    profile: numbers(`${what}profile`, w.profile, shape.profile.length),
    control: numbers(`${what}control`, w.control, shape.control.length),
    retry: numbers(`${what}retry`, w.retry, shape.retry.length),
    vote: numbers(`${what}vote`, w.vote, shape.vote.length),
    value: numbers(`${what}value`, w.value, shape.value.length),
  };
}

function planCriticState(got: unknown, inputs: Inputs): PlanCriticState {
  const o = (typeof got === 'object' && got !== null ? got : {}) as Record<string, unknown>;
  if (o.algorithm !== 'discounted-ridge')
    throw new Error(`its plan critic is ${JSON.stringify(o.algorithm ?? null)}, expected "discounted-ridge"`);
  const d = taskWidth(inputs);
  return {
    gram: numbers('plan critic gram', o.gram, PLANS.length * d * d),
    moment: numbers('plan critic moment', o.moment, PLANS.length * d),
  };
}

function adamState(got: unknown, inputs: Inputs): AdamState {
  const o = (typeof got === 'object' && got !== null ? got : {}) as Record<string, unknown>;
  if (o.algorithm !== 'adam')
    throw new Error(`its optimizer is ${JSON.stringify(o.algorithm ?? null)}, expected "adam"`);
  if (typeof o.t !== 'number' || !Number.isInteger(o.t) || o.t < 0)
    throw new Error(`its optimizer's step count is ${JSON.stringify(o.t ?? null)}, expected a whole number`);
  return {
    t: o.t,
    m: weights('optimizer m ', o.m, inputs),
    v: weights('optimizer v ', o.v, inputs),
  };
}

/** The heads a checkpoint was trained with held, as parlPolicy takes them (none for most). */
function heldOf(hold: unknown): { held?: ReturnType<typeof holdOf> } {
  if (typeof hold !== 'object' || hold === null) return {};
  return { held: holdOf(hold as Record<string, string>) };
}

export const parl = {
  id: 'parl',
  label: 'PARL',
  trainable: true,
  features: FEATURES,
  withPreference: featureLayout('preference').step,
  withPrices: featureLayout('prices').step,
  restore(c, inputs) {
    const params = weights('', c.weights, inputs);
    const allowed = c.allowedProfiles;
    if (!Array.isArray(allowed) || !allowed.every((p) => (PROFILES as readonly unknown[]).includes(p))) {
      throw new Error(`"allowedProfiles" must list profiles among ${PROFILES.join(', ')}`);
    }
    const hold = (c.training as Record<string, unknown>).hold;
    if (hold !== undefined) {
      if (typeof hold !== 'object' || hold === null || Array.isArray(hold))
        throw new Error('its "training.hold" must be an object of HEAD: OPTION');
      holdOf(hold as Record<string, string>);
    }
    const optimizer = c.optimizer === undefined ? undefined : adamState(c.optimizer, inputs);
    const planCritic = c.planCritic === undefined ? undefined : planCriticState(c.planCritic, inputs);
    return {
      kind: 'parl',
      preference: inputs !== 'task',
      inputs,
      checkpoint: c as unknown as ParlCheckpoint,
      params,
      ...(optimizer ? { optimizer } : {}),
      ...(planCritic ? { planCritic } : {}),
    };
  },
  play: (loaded, { name, mode }) =>
    parlPolicy({
      params: loaded.params,
      mode,
      log: true,
      profiles: loaded.checkpoint.allowedProfiles,
      name,
      // An ablation's checkpoint was trained with heads held: they are held where it runs too.
      ...heldOf(loaded.checkpoint.training.hold),
    }),
} satisfies LearnedKind<ParlCheckpoint, ParlLoaded>;
