/**
 * Train and validation split BY REQUEST: a request's every row lands on one side, so a model is
 * never validated on a request it was trained on (its plan, its decisions or its agents' turns).
 *
 * The side is a hash of the request (case and spacing aside, as plan-arms.ts groups them): the
 * same request goes to the same side in every export, whatever else the traces hold, and adding
 * traces never moves a request across. With few requests the validation share is only roughly
 * `valFraction`, and may be empty.
 */
import { hashString } from '../util/rng';
import { requestKey } from './plan-arms';
import type { Example } from './rows';

/** The default share of requests held out for validation. */
export const defaultValFraction = 0.2;

/** The request goes to validation: its hash falls in the first `valFraction` of the range. */
export const isValidation = (request: string, valFraction: number): boolean =>
  hashString(requestKey(request), 0x5eed) / 2 ** 32 < valFraction;

export function splitByRequest<E extends Example>(
  examples: readonly E[],
  valFraction: number,
): { train: E[]; validation: E[] } {
  const train: E[] = [];
  const validation: E[] = [];
  for (const example of examples) {
    (isValidation(example.request, valFraction) ? validation : train).push(example);
  }
  return { train, validation };
}
