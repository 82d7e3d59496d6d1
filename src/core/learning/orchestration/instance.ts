/**
 * One instance of the orchestration environment, drawn from its seed alone: a task kind, units of
 * work with hidden difficulties and the noisy cues the orchestrator sees, a concurrency limit and
 * a critical-steps budget. The seed's split (scenarios/splits.ts) decides the ranges: test draws
 * sizes, limits and budgets from wider ranges than training ever sees.
 */
import { type Split, splitOf } from '../../scenarios/splits';
import { cos, exp, log } from '../../util/math';
import { keyedRng, type Rng } from '../../util/rng';
import { referenceCost } from './model';
import { type EnvParams, KINDS, type Kind } from './params';

export interface Instance {
  readonly seed: number;
  readonly split: Split;
  readonly kind: Kind;
  /** Hidden: what each unit's outcome depends on. */
  readonly difficulty: Float64Array;
  /** Observed: difficulty plus noise, clipped to [0, 1]. */
  readonly cue: Float64Array;
  readonly engines: number;
  /** Critical steps the run may take; a result later than this earns no quality. */
  readonly budget: number;
  /** Solo time on `medium`, the scale budgets are drawn against. */
  readonly soloSteps: number;
  /** Cost of the reference orchestration (docs/simulator.md): the unit costs are measured in. */
  readonly referenceCost: number;
}

const clip = (x: number, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, x));

/** A standard normal draw (Box–Muller). */
export function gaussian(rng: Rng): number {
  const u = Math.max(1e-12, rng.next());
  return Math.sqrt(-2 * log(u)) * cos(2 * Math.PI * rng.next());
}

const uniform = (rng: Rng, [lo, hi]: readonly [number, number]) => lo + (hi - lo) * rng.next();
/** Log-uniform: engines and budgets matter by ratio, so each octave is as likely as the next. */
const logUniform = (rng: Rng, [lo, hi]: readonly [number, number]) =>
  exp(log(lo) + (log(hi) - log(lo)) * rng.next());

/**
 * Unit arrays for drawInstance to fill instead of allocating, one pair per instance size (an
 * instance's arrays are exactly as long as it has units), for instances dropped after one
 * episode: training draws one an episode, and two fresh arrays each were garbage, which is what
 * two rollout threads on two cores share.
 */
export class UnitArrays {
  private readonly bySize: { difficulty: Float64Array; cue: Float64Array }[] = [];

  of(n: number): { difficulty: Float64Array; cue: Float64Array } {
    let arrays = this.bySize[n];
    if (!arrays) {
      arrays = { difficulty: new Float64Array(n), cue: new Float64Array(n) };
      this.bySize[n] = arrays;
    }
    return arrays;
  }
}

/** The instance of `seed`; its unit arrays are `reuse`'s when given (overwritten by the next draw). */
export function drawInstance(params: EnvParams, seed: number, reuse?: UnitArrays): Instance {
  const split = splitOf(seed);
  const test = split === 'test';
  const rng = keyedRng(seed, 'orchestration', 'instance');
  const total = KINDS.reduce((s, k) => s + params.kinds[k].weight, 0);
  let u = rng.next() * total;
  let kind: Kind = KINDS[KINDS.length - 1] as Kind;
  for (const k of KINDS) {
    u -= params.kinds[k].weight;
    if (u < 0) {
      kind = k;
      break;
    }
  }
  const kp = params.kinds[kind];
  const [lo, hi] = test ? kp.testUnits : kp.units;
  const n = rng.int(lo, hi);
  const mean = uniform(rng, kp.difficulty);
  const { difficulty, cue } = reuse
    ? reuse.of(n)
    : { difficulty: new Float64Array(n), cue: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    difficulty[i] = clip(mean + params.difficultySpread * gaussian(rng));
    cue[i] = clip((difficulty[i] as number) + params.cueNoise * gaussian(rng));
  }
  const engines = Math.max(1, Math.round(logUniform(rng, test ? params.testEngines : params.engines)));
  const soloSteps = n * kp.turnsPerUnit * params.profiles.medium.turnSteps;
  const factor = logUniform(rng, test ? params.testBudgetFactor : params.budgetFactor);
  const budget = Math.max(1, Math.round(soloSteps * factor));
  return {
    seed,
    split,
    kind,
    difficulty,
    cue,
    engines,
    budget,
    soloSteps,
    referenceCost: referenceCost(params, kind, n),
  };
}
