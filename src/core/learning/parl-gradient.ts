/**
 * PARL's gradient, written out by hand (parl.ts says why): for a softmax over W·x,
 * ∂ log π(a) / ∂W[b] = (1[a = b] − π(b)) x, checked against finite differences of
 * `logProbability` in tests/core/learning/parl.test.ts.
 */
import { log } from '../util/math';
import { type Decision, HEAD_NAMES, type HeadName, type ParlParams, probabilities } from './parl';

/**
 * Adds to `grad` the gradient of Σ_decisions [ advantage · log π(choice | x) + β · H(π(· | x)) ]
 * with respect to the head weights (ascent direction). For a softmax over W·x,
 * ∂ log π(a) / ∂W[b] = (1[a = b] − π(b)) x and ∂H / ∂z_b = −π(b) (log π(b) + H).
 */
export function accumulatePolicyGradient(
  params: ParlParams,
  decisions: readonly Decision[],
  advantage: number,
  entropy: number,
  grad: ParlParams,
): void {
  for (const d of decisions) {
    if (d.head === 'plan') {
      headGradient(params.plan, d.x, d.choice, d.mask, advantage, entropy, grad.plan);
      continue;
    }
    for (const head of HEAD_NAMES) {
      if (!mattered(d, head)) continue;
      const mask = head === 'profile' ? d.profileMask : undefined;
      headGradient(params[head], d.x, d.choice[head], mask, advantage, entropy, grad[head]);
    }
  }
}

/** Whether a step's head chose anything that acted: retry and vote only on waves that had some. */
function mattered(d: Extract<Decision, { head: 'step' }>, head: HeadName): boolean {
  if (d.held?.includes(head)) return false;
  if (head === 'retry') return d.retried;
  if (head === 'vote') return d.spared;
  return true;
}

/** One softmax head's share of accumulatePolicyGradient. */
function headGradient(
  w: Float64Array,
  x: Float64Array,
  chosen: number,
  mask: Uint8Array | undefined,
  advantage: number,
  entropy: number,
  g: Float64Array,
): void {
  const p = probabilities(w, x, mask);
  let h = 0;
  for (const q of p) if (q > 0) h -= q * log(q);
  const dim = x.length;
  for (let b = 0; b < p.length; b++) {
    const pb = p[b] as number;
    if (mask && !mask[b]) continue;
    const coef = advantage * ((b === chosen ? 1 : 0) - pb) + (pb > 0 ? -entropy * pb * (log(pb) + h) : 0);
    if (coef === 0) continue;
    for (let j = 0; j < dim; j++) g[b * dim + j] = (g[b * dim + j] as number) + coef * (x[j] as number);
  }
}

/** log π(choice | x) summed over heads: what the gradient check differentiates. */
export function logProbability(params: ParlParams, d: Decision): number {
  if (d.head === 'plan') return log(probabilities(params.plan, d.x, d.mask)[d.choice] as number);
  let sum = 0;
  for (const head of HEAD_NAMES) {
    if (!mattered(d, head)) continue;
    const p = probabilities(params[head], d.x, head === 'profile' ? d.profileMask : undefined);
    sum += log(p[d.choice[head]] as number);
  }
  return sum;
}
