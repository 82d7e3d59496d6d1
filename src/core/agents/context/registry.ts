import { contextDiscardAll, type DiscardAllOptions } from './discard-all';
import { contextHideToolResult, type HideToolResultOptions } from './hide-tool-result';
import { contextKeepAll } from './keep-all';
import { contextSlidingWindow, type SlidingWindowOptions } from './sliding-window';
import { contextSummary, type SummaryOptions } from './summary';
import type { ContextStrategy } from './types';

/** A context strategy as data, as a run configuration selects it. */
export type ContextSpec =
  | { readonly name: 'keep-all' }
  | ({ readonly name: 'hide-tool-result' } & HideToolResultOptions)
  | ({ readonly name: 'sliding-window' } & SlidingWindowOptions)
  | ({ readonly name: 'summary' } & SummaryOptions)
  | ({ readonly name: 'discard-all' } & DiscardAllOptions);

export type ContextStrategyName = ContextSpec['name'];

export const contextStrategyNames: readonly ContextStrategyName[] = [
  'keep-all',
  'hide-tool-result',
  'sliding-window',
  'summary',
  'discard-all',
];

export function makeContextStrategy(spec: ContextSpec): ContextStrategy {
  switch (spec.name) {
    case 'keep-all':
      return contextKeepAll();
    case 'hide-tool-result':
      return contextHideToolResult(spec);
    case 'sliding-window':
      return contextSlidingWindow(spec);
    case 'summary':
      return contextSummary(spec);
    case 'discard-all':
      return contextDiscardAll(spec);
    default: {
      // Files and links are validated before they get here; this catches a caller that skipped it.
      const name = (spec as { name?: unknown }).name;
      throw new Error(`no context strategy "${String(name)}" (known: ${contextStrategyNames.join(', ')})`);
    }
  }
}
