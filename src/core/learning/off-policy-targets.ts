/**
 * A target policy's probability of a logged decision's actions, computed offline from what the
 * decision logged (its features, the options that act alike): PARL weights played greedy or by
 * sampling, a bandit, or a fixed setting. A target that cannot be computed from the logs is refused
 * naming why and what is accepted: a fixed setting with the cascade (it decides from the run's
 * history, which a decision's features do not hold), a cut the logged heads have no option for,
 * another action space than the logs' (docs/learning.md, "Off-policy evaluation").
 */
import type { PlayMode } from '../trace/events';
import type { Bandit } from './bandit';
import { type Arm, armChoice, armName, armProbabilities } from './bandit-policy';
import { encodeStep, STEP_HEADS, type StepHead } from './decision-log';
import { type Inputs, inLayout, TASK_KINDS } from './features';
import { parseFixed, type Setting } from './fixed-policy';
import type { LoggedDecision } from './off-policy-logs';
import {
  HEAD_NAMES,
  type Held,
  inputsOfParams,
  type ParlParams,
  PLANS,
  pick,
  probabilities,
  profileMask,
} from './parl';

/** A policy whose probability of a logged decision's actions can be computed from the log. */
export interface Target {
  readonly name: string;
  /** The first decision's head these logs need (`plan`: PARL's logs; `arm`: a bandit's). */
  readonly firstHead: 'plan' | 'arm';
  /** π_target of the actions the decision took. */
  probability(d: LoggedDecision): number;
  /** π_target over the first decision's logged options (for the doubly robust estimate). */
  firstDistribution(d: LoggedDecision): Float64Array;
}

/** The refusal of a target that the logs cannot weigh. */
export class TargetMismatch extends Error {}

const oneHot = (k: number, n: number): Float64Array => {
  const p = new Float64Array(n);
  p[k] = 1;
  return p;
};

const mask = (n: number, allowed: readonly number[] | undefined): Uint8Array | undefined =>
  allowed ? Uint8Array.from({ length: n }, (_, k) => (allowed.includes(k) ? 1 : 0)) : undefined;

/** PARL weights as a target: their plan and step heads over each decision's logged features. */
export function parlTarget(
  name: string,
  params: ParlParams,
  play: PlayMode,
  profiles: readonly string[] | undefined,
  held: Held = {},
): Target {
  const profileAllowed = profileMask(profiles);
  const reads = inputsOfParams(params);
  const planDistribution = (d: LoggedDecision): Float64Array => {
    const x = fitted(d, reads, name);
    const allowed = mask(PLANS.length, d.log.allowed?.plan);
    if (held.plan !== undefined) {
      const k = !allowed || allowed[held.plan] ? held.plan : 1;
      return oneHot(k, PLANS.length);
    }
    const p = probabilities(params.plan, x, allowed);
    return play === 'greedy' ? oneHot(pick(p, 'greedy'), PLANS.length) : p;
  };
  return {
    name,
    firstHead: 'plan',
    firstDistribution: planDistribution,
    probability(d) {
      if (d.head === 'plan') {
        const p = planDistribution(d);
        return d.log.same.reduce((s, k) => s + (p[k] as number), 0);
      }
      const x = fitted(d, reads, name);
      const heads = {} as Record<StepHead, Float64Array>;
      for (const h of HEAD_NAMES) {
        const p = probabilities(params[h], x, h === 'profile' ? profileAllowed : undefined);
        const k = held[h];
        heads[h] =
          k !== undefined ? oneHot(k, p.length) : play === 'greedy' ? oneHot(pick(p, 'greedy'), p.length) : p;
      }
      if (play === 'greedy' || HEAD_NAMES.every((h) => held[h] !== undefined)) {
        const choice = Object.fromEntries(STEP_HEADS.map((h) => [h, heads[h].indexOf(1)])) as Record<
          StepHead,
          number
        >;
        return d.log.same.includes(encodeStep(choice)) ? 1 : 0;
      }
      let sum = 0;
      for (const j of d.log.same) {
        let q = 1;
        let rest = j;
        for (let h = STEP_HEADS.length - 1; h >= 0; h--) {
          const p = heads[STEP_HEADS[h] as StepHead];
          q *= p[rest % p.length] as number;
          rest = Math.floor(rest / p.length);
        }
        sum += q;
      }
      return sum;
    },
  };
}

/** A decision's logged features in the layout the target reads (features.ts, inLayout). */
function fitted(d: LoggedDecision, inputs: Inputs, name: string): Float64Array {
  const x = inLayout(Float64Array.from(d.log.features), inputs, d.head === 'step' ? 'step' : 'task');
  if (!x)
    throw new Error(
      inputs === 'preference'
        ? `${name} has no price inputs, and the logs were played under prices other than the reference table (scenarios/profiles.json): it never plays such a run, so it cannot be weighed on them`
        : `${name} has no preference inputs, and the logs were played under a preference other than the default {cost: 1, time: 1}${inputs === 'task' ? ' or prices other than the reference table' : ''}: it never plays such a run, so it cannot be weighed on them`,
    );
  return x;
}

/** The arm names the logged decision's options stand for. */
const loggedArms = (d: LoggedDecision, options: readonly string[]): string[] =>
  d.log.same.map((k) => options[k] as string);

/** A trained bandit as a target, over a bandit's logs: its arms matched to the logged ones by name. */
export function banditTarget(
  name: string,
  bandit: Bandit,
  arms: readonly Arm[],
  play: PlayMode,
  loggedOptions: readonly string[],
  /** The inputs the bandit's contexts hold (its checkpoint's). */
  inputs: Inputs = 'task',
): Target {
  const names = arms.map(armName);
  const distribution = (d: LoggedDecision): Float64Array => {
    const x = fitted(d, inputs, name);
    return play === 'greedy' ? oneHot(bandit.exploit(x), arms.length) : armProbabilities(bandit, x);
  };
  return {
    name,
    firstHead: 'arm',
    probability(d) {
      if (d.head !== 'arm') return 1;
      const p = distribution(d);
      const same = new Set(loggedArms(d, loggedOptions));
      return names.reduce((s, n, k) => s + (same.has(n) ? (p[k] as number) : 0), 0);
    },
    firstDistribution(d) {
      const p = distribution(d);
      const out = new Float64Array(loggedOptions.length);
      names.forEach((n, k) => {
        const at = loggedOptions.indexOf(n);
        if (at >= 0) out[at] = (out[at] as number) + (p[k] as number);
      });
      return out;
    },
  };
}

const FIXED_FORMS =
  "accepted: fixed settings without the cascade, whose plan is single, the kind's own swarm, vote3, shard2 or shard12 (e.g. fixed:all/large, fixed:single/large, fixed:all/medium/escalate)";

/** The task's kind, from the first features' one-hot kind entries (features.ts: after the bias). */
const kindOf = (features: readonly number[]): string => {
  const k = TASK_KINDS.findIndex((_, i) => features[1 + i] === 1);
  return k < 0 ? 'unknown' : (TASK_KINDS[k] as string);
};

/** The plan option a setting plays where the task allows `allowed`. */
function settingPlan(s: Setting, allowed: readonly number[]): number {
  if (s.width === 'single') return PLANS.indexOf('single');
  const option =
    s.replicas === 3
      ? 'swarm/vote3'
      : s.shard === 2
        ? 'swarm/shard2'
        : s.shard === 12
          ? 'swarm/shard12'
          : 'swarm';
  const k = PLANS.indexOf(option);
  // A cut the kind does not allow runs as the kind's own swarm (armPlan).
  return allowed.includes(k) ? k : PLANS.indexOf('swarm');
}

/** A fixed setting as a target: certain of its plan and of its step choice, per task kind. */
export function fixedTarget(
  spec: string,
  firstHead: 'plan' | 'arm',
  loggedOptions?: readonly string[],
): Target {
  const name = `fixed:${spec}`;
  const parsed = parseFixed(spec);
  const settings = parsed instanceof Map ? [...parsed.values()] : [parsed as Setting];
  for (const s of settings) {
    // On a bandit's logs a cascade arm is one whole-run choice like any other arm.
    if (s.cascade && firstHead === 'plan')
      throw new TargetMismatch(
        `${name}: a cascade setting decides from the run's history (what each part's attempts did), which PARL's logged decisions do not hold; ${FIXED_FORMS} (or, on a cascade bandit's logs, any of its arms)`,
      );
    if (
      firstHead === 'plan' &&
      ((s.replicas !== undefined && s.replicas !== 3) ||
        (s.shard !== undefined && s.shard !== 2 && s.shard !== 12))
    )
      throw new TargetMismatch(
        `${name}: PARL's plan head has no option for ${armName(s)}'s cut; ${FIXED_FORMS}`,
      );
    if (firstHead === 'arm' && loggedOptions && !loggedOptions.includes(armName(s)))
      throw new TargetMismatch(
        `${name}: ${armName(s)} is not among the logged bandit's arms, so no logged run could show what it does; accepted: a fixed setting that is one of them (${loggedOptions.slice(0, 6).join(', ')}, …)`,
      );
  }
  const settingFor = (d: LoggedDecision): Setting | undefined =>
    parsed instanceof Map ? parsed.get(kindOf(d.log.features)) : (parsed as Setting);
  const first = (d: LoggedDecision, s: Setting): number =>
    firstHead === 'plan'
      ? settingPlan(s, d.log.allowed?.plan ?? PLANS.map((_, k) => k))
      : (loggedOptions as readonly string[]).indexOf(armName(s));
  return {
    name,
    firstHead,
    probability(d) {
      if (d.head !== 'step') {
        const s = settingFor(d);
        return s && d.log.same.includes(first(d, s)) ? 1 : 0;
      }
      const s = settingFor(d);
      if (!s) return 0;
      const c = armChoice(s);
      return d.log.same.includes(encodeStep({ ...c, retry: c.retry ?? 0, vote: c.vote ?? 0 })) ? 1 : 0;
    },
    firstDistribution(d) {
      const s = settingFor(d);
      const n = firstHead === 'plan' ? PLANS.length : (loggedOptions as readonly string[]).length;
      return s ? oneHot(first(d, s), n) : new Float64Array(n);
    },
  };
}
