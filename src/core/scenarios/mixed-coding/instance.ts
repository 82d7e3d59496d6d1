/** What one mixed-coding instance holds, apart from its generator so that every part can read it. */

import type { CodeTest } from '../../tools/sandbox';
import type { ScenarioInstance } from '../types';

export interface CodingFunction {
  readonly name: string;
  readonly signature: string;
  readonly spec: string;
  /** The functions of this instance it calls (its library `uses`), in instance order. */
  readonly deps: readonly string[];
  readonly visible: readonly CodeTest[];
  /** The grader's tests: never shown to an agent. */
  readonly hidden: readonly CodeTest[];
}

export interface MixedCodingInstance extends ScenarioInstance {
  /** Dependencies before the functions that use them. */
  readonly functions: readonly CodingFunction[];
  /** Time limit of one run_js call, and of each grading run. */
  readonly timeoutMs: number;
}
