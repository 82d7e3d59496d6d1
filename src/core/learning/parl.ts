/**
 * The PARL orchestrator: a linear-softmax policy, one head per factor of the action — single or
 * swarm once per task, before it is split (over the task's features), then width, profile and
 * control at every decision (over the decision features of features.ts). It samples while it
 * trains and takes the most likely option when it is evaluated. Its gradient (parl-gradient.ts)
 * is written out by hand — a softmax over a linear map has a two-line gradient, and a tensor
 * library would cost more in bundle and start-up than the whole training run (docs/learning.md).
 */
import type { Action, PlanView, Policy, RunView } from '../policy/types';
import { type DecisionLog, type PolicyChoice, todaysPlanWords } from '../trace/events';
import { exp } from '../util/math';
import { keyedRng, type Rng } from '../util/rng';
import {
  type Choice,
  CONTROLS,
  launchable,
  PROFILES,
  RETRIES,
  toActions,
  VOTES,
  WIDTHS,
  type Width,
  waveHasRetries,
  waveHasSpares,
} from './actions';
import { PARL_OPTIONS, planLog, stepLog } from './decision-log';
import { featureLayout, features, type Inputs, taskFeatures, taskWidth } from './features';
import { PLANS, planMask, planOf } from './plan-options';

export { PLANS } from './plan-options';

/** The heads taken at every decision. */
export const HEADS = {
  width: WIDTHS.length,
  profile: PROFILES.length,
  control: CONTROLS.length,
  retry: RETRIES.length,
  vote: VOTES.length,
} as const;
export type HeadName = keyof typeof HEADS;
export const HEAD_NAMES = Object.keys(HEADS) as HeadName[];

/** Weights of each head (options × features, row-major) and of the value baseline (task features). */
export interface ParlParams {
  /** Single or swarm, over the task features. */
  readonly plan: Float64Array;
  readonly width: Float64Array;
  readonly profile: Float64Array;
  readonly control: Float64Array;
  /** Retry, escalate or degrade a wave's failed tasks; learned only from decisions that had some. */
  readonly retry: Float64Array;
  /** Run or drop a wave's spare replicas; learned only from decisions that had some. */
  readonly vote: Float64Array;
  readonly value: Float64Array;
}

export const PARAM_KEYS = ['plan', 'width', 'profile', 'control', 'retry', 'vote', 'value'] as const;

/**
 * Submitting early gives up the work still running; its logit starts low so early episodes are
 * not wasted.
 */
export const FINISH_PRIOR = -4;
/**
 * The starting policy runs single: a pretrained model answers a task itself, and the habit PARL's
 * r_parallel exists to overcome is that one (docs/learning.md). Logit 2 above swarm: 88% single.
 */
export const SINGLE_PRIOR = 2;
/** A failed task is tried again as it was, at first: the runtime's own retry policy (79% retry). */
export const RETRY_PRIOR = 2;
/**
 * A swarm starts on the kind's own plan: each cut's logit starts this far below swarm's, so the
 * single-agent habit stays (84% single where every cut is allowed, 88% where none is).
 */
export const CUT_PRIOR = -2;

/**
 * Fresh weights over the features of `inputs` (features.ts): the preference (what training makes
 * since issue 59), the preference and the prices (a training that samples price tables), or
 * neither (an older checkpoint's shape).
 */
export function initParams(inputs: Inputs = 'task'): ParlParams {
  const dim = featureLayout(inputs).step.length;
  const taskDim = taskWidth(inputs);
  const control = new Float64Array(HEADS.control * dim);
  control[CONTROLS.indexOf('finish') * dim] = FINISH_PRIOR; // weight on the bias feature
  const plan = new Float64Array(PLANS.length * taskDim);
  plan[PLANS.indexOf('single') * taskDim] = SINGLE_PRIOR;
  for (const cut of PLANS.filter((p) => p.startsWith('swarm/')))
    plan[PLANS.indexOf(cut) * taskDim] = CUT_PRIOR;
  const retry = new Float64Array(HEADS.retry * dim);
  retry[RETRIES.indexOf('retry') * dim] = RETRY_PRIOR;
  return {
    plan,
    width: new Float64Array(HEADS.width * dim),
    profile: new Float64Array(HEADS.profile * dim),
    control,
    retry,
    vote: new Float64Array(HEADS.vote * dim),
    value: new Float64Array(taskDim),
  };
}

/** The inputs these weights read, by how wide their plan head is (features.ts, Inputs). */
export const inputsOfParams = (params: Pick<ParlParams, 'plan'>): Inputs =>
  params.plan.length === PLANS.length * taskWidth('prices')
    ? 'prices'
    : params.plan.length === PLANS.length * taskWidth('preference')
      ? 'preference'
      : 'task';

/**
 * Softmax of W·x over the options whose mask is 1 (all when no mask); masked options get 0.
 * Written into `out` when given (one entry per option, every one written): a training loop
 * reuses it rather than leave an array per decision to the garbage collector.
 */
export function probabilities(
  w: Float64Array,
  x: Float64Array,
  mask?: Uint8Array,
  out?: Float64Array,
): Float64Array {
  const dim = x.length;
  const k = w.length / dim;
  const p = out ?? new Float64Array(k);
  let max = Number.NEGATIVE_INFINITY;
  for (let a = 0; a < k; a++) {
    if (mask && !mask[a]) continue;
    let z = 0;
    for (let j = 0; j < dim; j++) z += (w[a * dim + j] as number) * (x[j] as number);
    p[a] = z;
    max = Math.max(max, z);
  }
  let sum = 0;
  for (let a = 0; a < k; a++) {
    const e = mask && !mask[a] ? 0 : exp((p[a] as number) - max);
    p[a] = e;
    sum += e;
  }
  for (let a = 0; a < k; a++) p[a] = (p[a] as number) / sum;
  return p;
}

/** One decision as the learner needs it back: what was seen, what was allowed, what was chosen. */
export type Decision =
  | {
      readonly head: 'plan';
      readonly x: Float64Array;
      readonly choice: number;
      /** The plan options the task's kind allowed. */
      readonly mask: Uint8Array;
    }
  | {
      readonly head: 'step';
      readonly x: Float64Array;
      readonly choice: Required<Choice>;
      readonly profileMask: Uint8Array;
      /** Whether the wave had failed tasks, so the retry head's choice mattered. */
      readonly retried: boolean;
      /** Whether the wave had spare replicas, so the vote head's choice mattered. */
      readonly spared: boolean;
      /** Heads held to one option (an ablation): not the policy's choice, so not learned. */
      readonly held?: readonly HeadName[];
    };

export interface ParlPolicyOptions {
  readonly params: ParlParams;
  /**
   * `sample` draws each head's option from its distribution, `greedy` takes the likeliest. A
   * sampling policy without `rng` draws from streams keyed by each run's seed (`play: 'sample'`
   * in bench, run, the API and the page), so the same run draws alike.
   */
  readonly mode: 'sample' | 'greedy';
  readonly rng?: Rng;
  /**
   * Log every decision in full for the trace (`logDecision`): features, distributions and the
   * joint options that act alike. Off in training, where nothing reads it.
   */
  readonly log?: boolean;
  /**
   * Draws the plan when it comes from another stream than the steps: the group's, so that every
   * episode of a group plays the same plan (a plan head learned by regression).
   */
  readonly planRng?: Rng;
  /** Profiles the policy may choose; the others are masked out. Default: all three. */
  readonly profiles?: readonly string[];
  /** Decisions are appended here (training). */
  readonly record?: Decision[];
  readonly name?: string;
  /** Heads held to one option each, by index (an ablation: `holdOf`). */
  readonly held?: Held;
}

/** Heads held to one option each: the decisions an ablation takes away from the policy. */
export type Held = Readonly<Partial<Record<HeadName | 'plan', number>>>;

const OPTIONS: Readonly<Record<HeadName | 'plan', readonly string[]>> = {
  plan: PLANS,
  width: WIDTHS,
  profile: PROFILES,
  control: CONTROLS,
  retry: RETRIES,
  vote: VOTES,
};

/**
 * `{ retry: 'retry', plan: 'swarm' }` → the held heads by option index; an unknown head or option
 * is refused naming what is accepted. A plan option in the learned policies' old words (`spawn`,
 * a checkpoint's or a flag's) is read as today's.
 */
export function holdOf(names: Readonly<Record<string, string>>): Held {
  const held: Partial<Record<HeadName | 'plan', number>> = {};
  for (const [head, option] of Object.entries(names)) {
    if (!Object.hasOwn(OPTIONS, head))
      throw new Error(`unknown head "${head}" (heads: ${Object.keys(OPTIONS).join(', ')})`);
    const options = OPTIONS[head as HeadName | 'plan'];
    const k = options.indexOf(head === 'plan' ? todaysPlanWords(option) : option);
    if (k < 0) throw new Error(`head ${head} has no option "${option}" (options: ${options.join(', ')})`);
    held[head as HeadName | 'plan'] = k;
  }
  return held;
}

/** `retry=retry,plan=swarm` (a flag's text) → the heads held by name, checked as holdOf checks them. */
export function parseHold(text: string): Record<string, string> {
  const hold: Record<string, string> = {};
  for (const part of text.split(',')) {
    const [head, option, extra] = part.split('=');
    if (!head || !option || extra !== undefined)
      throw new Error(`"${part}" is not HEAD=OPTION (e.g. retry=retry)`);
    hold[head] = option;
  }
  holdOf(hold);
  return hold;
}

/** The option to take: drawn from `p` while sampling, the most likely one when greedy. */
export function pick(p: Float64Array, mode: 'sample' | 'greedy', rng?: Rng): number {
  if (mode === 'greedy') {
    let best = 0;
    for (let a = 1; a < p.length; a++) if ((p[a] as number) > (p[best] as number)) best = a;
    return best;
  }
  let u = (rng as Rng).next();
  for (let a = 0; a < p.length; a++) {
    u -= p[a] as number;
    if (u < 0) return a;
  }
  // Rounding left a sliver: the last option with any mass.
  for (let a = p.length - 1; a >= 0; a--) if ((p[a] as number) > 0) return a;
  return 0;
}

export function profileMask(allowed: readonly string[] | undefined): Uint8Array {
  return Uint8Array.from(PROFILES, (p) => (allowed === undefined || allowed.includes(p) ? 1 : 0));
}

export function parlPolicy(options: ParlPolicyOptions): Policy {
  const { params, mode, rng, record } = options;
  const held = options.held ?? {};
  const heldHeads = HEAD_NAMES.filter((h) => held[h] !== undefined);
  // A sampling policy given no stream draws from the run's: its plan from one keyed by the run's
  // seed, its steps from another, made at the run's first decision (a new RunView).
  let runRng: Rng | undefined;
  let runView: RunView | undefined;
  const stepRng = (view: RunView): Rng | undefined => {
    if (rng || mode === 'greedy') return rng;
    if (view !== runView || !runRng) {
      runView = view;
      runRng = keyedRng(view.config.seed, 'play', 'steps');
    }
    return runRng;
  };
  let drawing: Rng | undefined;
  const choose = (head: HeadName, p: Float64Array) => held[head] ?? pick(p, mode, drawing);
  const mask = profileMask(options.profiles);
  const inputs = inputsOfParams(params);
  if (!mask.some((m) => m === 1))
    throw new Error(`no known profile among ${JSON.stringify(options.profiles)}`);
  // What the last decisions chose and with what probability, for the trace (Policy.explain).
  let planned: PolicyChoice[] | undefined;
  let decided: PolicyChoice[] | undefined;
  let plannedLog: DecisionLog | undefined;
  let decidedLog: DecisionLog | undefined;
  return {
    name: options.name ?? 'parl',
    plan: 'swarm',
    preferenceInputs: inputs !== 'task',
    priceInputs: inputs === 'prices',
    ...(options.log ? { play: mode, decisionOptions: PARL_OPTIONS } : {}),
    planFor(task: PlanView) {
      const x = taskFeatures(task, undefined, inputs);
      const allowed = planMask(task);
      const p = probabilities(params.plan, x, allowed);
      // A held plan the kind does not allow (a cut) runs as the kind's own swarm.
      const hold =
        held.plan !== undefined && allowed[held.plan] ? held.plan : held.plan !== undefined ? 1 : undefined;
      const planRng =
        options.planRng ?? rng ?? (mode === 'sample' ? keyedRng(task.seed ?? 0, 'play', 'plan') : undefined);
      const choice = hold ?? pick(p, mode, planRng);
      if (hold === undefined) record?.push({ head: 'plan', x, choice, mask: allowed });
      const probability = hold === undefined ? (p[choice] as number) : 1;
      if (hold !== undefined) {
        p.fill(0);
        p[choice] = 1;
      }
      plannedLog = options.log ? planLog(task, x, p, allowed, choice) : undefined;
      planned = [{ head: 'plan', option: PLANS[choice] as string, probability }];
      return planOf(PLANS[choice] as (typeof PLANS)[number], task);
    },
    prioritize: (ctx) => Float64Array.from(ctx.cpm.bottomLevel),
    decide(view: RunView): Action[] {
      decided = undefined;
      decidedLog = undefined;
      // Nothing can start: the decision has no options, so it is not the policy's to make.
      if (launchable(view) === 0) return [];
      drawing = stepRng(view);
      const x = features(view, inputs);
      const pw = probabilities(params.width, x);
      const pp = probabilities(params.profile, x, mask);
      const pc = probabilities(params.control, x);
      const pr = probabilities(params.retry, x);
      const pv = probabilities(params.vote, x);
      const choice: Required<Choice> = {
        width: choose('width', pw),
        profile: choose('profile', pp),
        control: choose('control', pc),
        retry: choose('retry', pr),
        vote: choose('vote', pv),
      };
      // A held head's option is certain: probability 1 in the trace.
      for (const h of heldHeads) {
        const p = { width: pw, profile: pp, control: pc, retry: pr, vote: pv }[h];
        p.fill(0);
        p[choice[h]] = 1;
      }
      const going = CONTROLS[choice.control] === 'go';
      const retried = going && waveHasRetries(view, WIDTHS[choice.width] as Width);
      const spared = going && waveHasSpares(view, WIDTHS[choice.width] as Width);
      record?.push({
        head: 'step',
        x,
        choice,
        profileMask: mask,
        retried,
        spared,
        ...(heldHeads.length > 0 ? { held: heldHeads } : {}),
      });
      decided = [
        { head: 'width', option: WIDTHS[choice.width] as string, probability: pw[choice.width] as number },
        {
          head: 'profile',
          option: PROFILES[choice.profile] as string,
          probability: pp[choice.profile] as number,
        },
        {
          head: 'control',
          option: CONTROLS[choice.control] as string,
          probability: pc[choice.control] as number,
        },
        ...(retried
          ? [
              {
                head: 'retry',
                option: RETRIES[choice.retry] as string,
                probability: pr[choice.retry] as number,
              },
            ]
          : []),
        ...(spared
          ? [{ head: 'vote', option: VOTES[choice.vote] as string, probability: pv[choice.vote] as number }]
          : []),
      ];
      if (options.log)
        decidedLog = stepLog(view, x, { width: pw, profile: pp, control: pc, retry: pr, vote: pv }, choice);
      return toActions(view, choice);
    },
    explain: (which) => (which === 'plan' ? planned : decided),
    logDecision: (which) => (which === 'plan' ? plannedLog : decidedLog),
  };
}

export function zerosLike(p: ParlParams): ParlParams {
  return {
    plan: new Float64Array(p.plan.length),
    width: new Float64Array(p.width.length),
    profile: new Float64Array(p.profile.length),
    control: new Float64Array(p.control.length),
    retry: new Float64Array(p.retry.length),
    vote: new Float64Array(p.vote.length),
    value: new Float64Array(p.value.length),
  };
}

/** The value baseline: a linear estimate of the episode's return from the task features. */
export function baseline(params: ParlParams, task: Float64Array): number {
  let v = 0;
  for (let j = 0; j < task.length; j++) v += (params.value[j] as number) * (task[j] as number);
  return v;
}
