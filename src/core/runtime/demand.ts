import type { TaskSpec } from '../graph/types';
import type { RunState } from './state';

/** What one attempt of a task is declared to use, reserved against the budgets when it is assigned. */
export function demandOf(state: RunState, spec: TaskSpec, profile: string) {
  const price = state.config.prices[profile] ?? { input: 0, output: 0 };
  const tokensIn = spec.tokensIn ?? 0;
  const tokensOut = spec.tokensOut ?? 0;
  return {
    toolCalls: spec.toolCalls ?? 0,
    tokensIn,
    tokensOut,
    cost: tokensIn * price.input + tokensOut * price.output,
  };
}
