import type { ContextStrategy } from './types';

/** Sends the whole history every turn: the baseline that lets a single agent drown in its context. */
export function contextKeepAll(): ContextStrategy {
  return {
    name: 'keep-all',
    options: {},
    apply: (history) => ({ messages: history, dropped: [], replaced: [] }),
  };
}
