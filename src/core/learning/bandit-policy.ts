/**
 * The bandit orchestrator: once per episode, before the task is split, a contextual bandit picks
 * an arm — one agent (single) on a profile, or a parallelism width and a profile — from the task's features
 * (kind, units, engines, budget); the run then goes single, or launches every wave at that width on
 * that profile. The episode's PARL reward updates the arm afterwards. It learns what to do per
 * kind of task, not per decision; PARL learns the latter.
 */

import type { Action, PlanDecision, PlanView, Policy, RunView } from '../policy/types';
import { type DecisionLog, type PlayMode, type PolicyChoice, todaysPlanWords } from '../trace/events';
import { exp } from '../util/math';
import { keyedRng } from '../util/rng';
import {
  type Choice,
  CONTROLS,
  launchable,
  PROFILES,
  RETRIES,
  type RetryChoice,
  toActions,
  VOTES,
  WIDTHS,
} from './actions';
import type { Bandit } from './bandit';
import { type CascadeSteps, cascade, cascadeName, DEFAULT_CASCADE } from './cascade';
import { EpsilonGreedy } from './epsilon-greedy';
import { type Inputs, taskFeatures, taskWidth } from './features';
import { LinearThompson } from './linear-thompson';
import { LinUCB } from './linucb';

/** An arm (and a fixed setting): one agent alone on a profile, or a width and a profile. */
export interface Arm {
  readonly width: (typeof WIDTHS)[number] | 'single';
  readonly profile: string;
  /** What a failed task's next attempt does (fixed settings only; the bandit's arms retry). @default retry */
  readonly retry?: RetryChoice;
  /**
   * The deadline-aware cascade in place of one retry choice (cascade.ts): what a part's k-th
   * failure does, then give up once the budget left cannot fit another attempt.
   */
  readonly cascade?: CascadeSteps;
  /**
   * A swarm's cut (fixed settings only), where the task's kind allows it: replicas per votable
   * part, and units of work per shard (scenarios/cut.ts). @default the kind's own plan
   */
  readonly replicas?: number;
  readonly shard?: number;
}

/** An arm's width, the older `solo` read as `single` (OLD_PLAN_WORDS); `spawn` is no width. */
export const armWidth = (word: string): string => (todaysPlanWords(word) === 'single' ? 'single' : word);

/** An arm's name, as a fixed setting (`fixed:NAME`) and the trace call it: all/large, all/small/vote3. */
export const armName = (arm: Arm): string =>
  [
    arm.width,
    arm.profile,
    ...(arm.retry && arm.retry !== 'retry' ? [arm.retry] : []),
    ...(arm.cascade ? [cascadeName(arm.cascade)] : []),
    ...(arm.replicas !== undefined && arm.replicas > 1 ? [`vote${arm.replicas}`] : []),
    ...(arm.shard !== undefined ? [`shard${arm.shard}`] : []),
  ].join('/');

/**
 * A setting's plan for a task: single, or a swarm cut as the setting says where the task's kind
 * allows it (a vote where its answers can vote, a shard size where its units are sharded; a shard
 * past the kind's largest is its largest).
 */
export function armPlan(arm: Arm, view: PlanView): PlanDecision | 'single' {
  if (arm.width === 'single') return 'single';
  const cuts = view.cuts;
  return {
    mode: 'swarm',
    ...(arm.replicas !== undefined && cuts?.vote ? { replicas: arm.replicas } : {}),
    ...(arm.shard !== undefined && cuts?.shard ? { shard: Math.min(arm.shard, cuts.shard.max) } : {}),
  };
}

export type BanditKind = 'linucb' | 'thompson' | 'epsilon-greedy';

/** Single on every allowed profile, then every width × every allowed profile, width-major. */
export function uncutArms(profiles: readonly string[] = PROFILES): Arm[] {
  return [
    ...profiles.map((profile) => ({ width: 'single' as const, profile })),
    ...WIDTHS.flatMap((width) => profiles.map((profile) => ({ width, profile }))),
  ];
}

/** Shard sizes a cut arm tries: fine and coarse around wide search's own 6 rows (scenarios/cut.ts). */
export const ARM_SHARDS = [2, 12] as const;

/**
 * The arms that cut a swarm, on each profile with every task launched: three replicas that vote,
 * and each of ARM_SHARDS; each applies where the task's kind allows it (elsewhere it is the plain
 * `all/PROFILE` swarm).
 */
export const cutArms = (profiles: readonly string[] = PROFILES): Arm[] =>
  profiles.flatMap((profile) => [
    { width: 'all' as const, profile, replicas: 3 },
    ...ARM_SHARDS.map((shard) => ({ width: 'all' as const, profile, shard })),
  ]);

/** The arms that play the deadline-aware cascade: every uncut and cut arm, each with the cascade. */
export const cascadeArms = (profiles: readonly string[] = PROFILES): Arm[] =>
  [...uncutArms(profiles), ...cutArms(profiles)].map((arm) => ({ ...arm, cascade: DEFAULT_CASCADE }));

/**
 * The bandit's arms: every uncut arm, every cut arm, then each of those with the cascade. The same
 * per-episode choices PARL's plan, width and profile heads can make, and for a failed part the
 * same actions its retry head has, so the two learners choose among the same settings.
 */
export function banditArms(profiles: readonly string[] = PROFILES): Arm[] {
  return [...uncutArms(profiles), ...cutArms(profiles), ...cascadeArms(profiles)];
}

/** The bandit's arms before the cascade (issue 59): uncut and cut, every failed part retried. */
export function plainArms(profiles: readonly string[] = PROFILES): Arm[] {
  return [...uncutArms(profiles), ...cutArms(profiles)];
}

/** The runtime choice an arm stands for at each decision: single's one task goes to one agent. */
export function armChoice(arm: Arm): Choice {
  return {
    width: WIDTHS.indexOf(arm.width === 'single' ? 'all' : arm.width),
    profile: PROFILES.indexOf(arm.profile as (typeof PROFILES)[number]),
    control: CONTROLS.indexOf('go'),
    retry: RETRIES.indexOf(arm.retry ?? 'retry'),
    vote: VOTES.indexOf('run'),
  };
}

/**
 * A fresh bandit whose contexts hold the task features and the inputs `inputs` reads (the
 * preference, trace/preference.ts; the prices, price-features.ts).
 */
export function makeBandit(kind: BanditKind, arms: number, seed: number, inputs: Inputs = 'task'): Bandit {
  const dim = taskWidth(inputs);
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

/**
 * The runtime actions of an arm at a decision: its one choice, and with the cascade a retry choice
 * per failed task, the launches remembered for the cascade's next decisions.
 */
export function armActions(view: RunView, arm: Arm): Action[] {
  if (!arm.cascade) return toActions(view, armChoice(arm));
  const rule = cascade(arm.cascade);
  const actions = toActions(view, armChoice(arm), (task, failed) => rule.retryFor(view, task, failed));
  rule.launched(
    view,
    actions.flatMap((a) => (a.type === 'assign' ? [a.task] : [])),
  );
  return actions;
}

/**
 * The temperature of a bandit played by sampling: its arms' probabilities are a softmax of their
 * estimated rewards over this, as PARL's plan head's (docs/learning.md): an arm estimated 0.05
 * below the best is drawn e⁻¹ ≈ 0.37 times as often.
 */
export const BANDIT_TEMPERATURE = 0.05;

/** A softmax of the bandit's estimates at BANDIT_TEMPERATURE: what a sampling bandit draws from. */
export function armProbabilities(bandit: Bandit, context: Float64Array): Float64Array {
  const z = bandit.estimates(context);
  let max = Number.NEGATIVE_INFINITY;
  for (const v of z) max = Math.max(max, v);
  let sum = 0;
  for (let a = 0; a < z.length; a++) {
    z[a] = exp(((z[a] as number) - max) / BANDIT_TEMPERATURE);
    sum += z[a] as number;
  }
  for (let a = 0; a < z.length; a++) z[a] = (z[a] as number) / sum;
  return z;
}

/** How a trained bandit plays outside training: greedy (its best estimate) or sampling, logged or not. */
export interface BanditPlayOptions {
  readonly mode?: PlayMode;
  /** Log each arm in full for the trace (decision-log.ts). */
  readonly log?: boolean;
  /**
   * The inputs its contexts hold beyond the task's (features.ts): a bandit without the preference
   * plays the default preference only, one without the prices the reference prices only.
   * @default 'task'
   */
  readonly inputs?: Inputs;
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
  playing: BanditPlayOptions = {},
): Policy {
  const mode = playing.mode ?? 'greedy';
  const inputs = playing.inputs ?? 'task';
  // The arm of the task being planned or run. Runs of one policy go one after another (bench,
  // training); a run whose plan was fixed elsewhere draws at its first decision instead.
  let chosen: { arm: Arm; task: PlanView } | null = null;
  let run: RunView | null = null;
  // The arm as the trace records it: LinUCB and a greedy bandit choose deterministically (1).
  let planned: PolicyChoice[] | undefined;
  let decided: PolicyChoice[] | undefined;
  let logged: DecisionLog | undefined;
  let decidedLog: DecisionLog | undefined;
  const draw = (task: PlanView, seed: number): Arm => {
    const context = taskFeatures(task, undefined, inputs);
    // Training explores by the bandit's own rule; played, it takes its best estimate or draws
    // from the softmax of its estimates with a stream keyed by the run's seed.
    const p =
      play === undefined && (mode === 'sample' || playing.log)
        ? armProbabilities(bandit, context)
        : undefined;
    const index = play
      ? bandit.select(context)
      : mode === 'sample'
        ? drawIndex(p as Float64Array, keyedRng(seed, 'play', 'arm').next())
        : bandit.exploit(context);
    if (play) {
      play.arm = index;
      play.context = context;
    }
    const arm = arms[index] as Arm;
    chosen = { arm, task };
    // Greedy and LinUCB's exploration choose deterministically: probability 1.
    planned = [
      { head: 'arm', option: armName(arm), probability: mode === 'sample' && p ? (p[index] as number) : 1 },
    ];
    logged = playing.log && p ? armLog(task, context, p, arms, index) : undefined;
    return arm;
  };
  return {
    name,
    plan: 'swarm',
    preferenceInputs: inputs !== 'task',
    priceInputs: inputs === 'prices',
    ...(playing.log ? { play: mode, decisionOptions: armOptions(arms) } : {}),
    planFor(task: PlanView) {
      run = null;
      return armPlan(draw(task, task.seed ?? 0), task);
    },
    prioritize: (ctx) => Float64Array.from(ctx.cpm.bottomLevel),
    decide(view: RunView): Action[] {
      decided = undefined;
      decidedLog = undefined;
      if (launchable(view) === 0) return [];
      if (view !== run) {
        // The first decision of a run: the arm drawn when it was planned, or a draw now.
        const wasPlanned = chosen !== null && run === null && sameTask(chosen.task, view.task);
        run = view;
        if (!wasPlanned) {
          draw(view.task, view.config.seed);
          decided = planned;
          decidedLog = logged;
        }
      }
      return armActions(view, (chosen as { arm: Arm }).arm);
    },
    explain: (which) => (which === 'plan' ? planned : decided),
    logDecision: (which) => (which === 'plan' ? logged : decidedLog),
  };
}

/** The option a uniform draw `u` falls on under `p` (the last with any mass when rounding is left). */
function drawIndex(p: Float64Array, u: number): number {
  let rest = u;
  for (let a = 0; a < p.length; a++) {
    rest -= p[a] as number;
    if (rest < 0) return a;
  }
  for (let a = p.length - 1; a >= 0; a--) if ((p[a] as number) > 0) return a;
  return 0;
}

const sameTask = (a: PlanView, b: PlanView) =>
  a.kind === b.kind &&
  a.size === b.size &&
  a.engines === b.engines &&
  a.maxCriticalSteps === b.maxCriticalSteps;

/** What an arm does on a task: its plan there, its step choice and its failure rule. */
export const armEffect = (arm: Arm, task: PlanView): string =>
  JSON.stringify([armPlan(arm, task), armChoice(arm), arm.cascade ? cascadeName(arm.cascade) : null]);

/** A bandit's arm in full: the arms' probabilities and every arm that runs this task alike. */
export function armLog(
  task: PlanView,
  x: Float64Array,
  p: Float64Array,
  arms: readonly Arm[],
  chosen: number,
): DecisionLog {
  const effect = armEffect(arms[chosen] as Arm, task);
  return {
    features: Array.from(x),
    heads: { arm: Array.from(p) },
    same: arms.flatMap((arm, k) => (armEffect(arm, task) === effect ? [k] : [])),
  };
}

/** The arms a bandit names, as the trace header keeps them. */
export const armOptions = (arms: readonly Arm[]): Readonly<Record<string, readonly string[]>> => ({
  arm: arms.map(armName),
});
