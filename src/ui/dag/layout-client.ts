/**
 * Lays out the run's graph, large ones in a worker (workers/layout.worker.ts): 1,500 tasks take
 * 0.25 s and 5,000 about 0.6 s (node, this machine), long tasks that would freeze a live run's page.
 * Latest wins: while a worker layout is in flight, newer inputs replace one another and only the
 * newest is laid out next; the ones replaced reject with `Superseded`.
 */

import { type Remote, wrap } from 'comlink';
import type { DagInput, DagLayout } from './layout';

/** Nodes from which the layout runs in the worker. */
export const OFF_THREAD_FROM = 500;

export class Superseded extends Error {
  override readonly name = 'Superseded';
  constructor() {
    super('a newer layout was asked for');
  }
}

export interface Layouter {
  layout(input: DagInput): Promise<DagLayout>;
  dispose(): void;
}

interface LayoutApi {
  layout(input: DagInput): DagLayout;
}

interface Waiting {
  readonly input: DagInput;
  readonly resolve: (layout: DagLayout) => void;
  readonly reject: (error: Error) => void;
}

export function createLayouter(
  options: { createWorker?: () => Worker; offThreadFrom?: number } = {},
): Layouter {
  const from = options.offThreadFrom ?? OFF_THREAD_FROM;
  let worker: Worker | undefined;
  let remote: Remote<LayoutApi> | undefined;
  let failure: ((error: Error) => void) | undefined;
  let busy = false;
  let next: Waiting | undefined;

  const start = () => {
    if (remote) return remote;
    worker = (options.createWorker ?? defaultWorker)();
    worker.addEventListener('error', (event) => {
      event.preventDefault(); // reported through the layout's promise, not as an uncaught error
      failure?.(new Error(`the layout worker failed: ${event.message || 'it did not load'}`));
    });
    remote = wrap<LayoutApi>(worker);
    return remote;
  };

  const pump = () => {
    if (busy || !next) return;
    const job = next;
    next = undefined;
    busy = true;
    const died = new Promise<never>((_, reject) => {
      failure = reject;
    });
    Promise.race([start().layout(job.input), died])
      .then(job.resolve, (error: unknown) => {
        // A dead worker answers nothing more: the next layout starts a new one.
        worker?.terminate();
        worker = undefined;
        remote = undefined;
        job.reject(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(() => {
        busy = false;
        failure = undefined;
        pump();
      });
  };

  return {
    layout(input) {
      if (input.ids.length < from) {
        // d3-dag is most of the page's weight: loaded with the first graph, not with the page.
        return import('./layout').then((m) => m.layoutDag(input));
      }
      return new Promise<DagLayout>((resolve, reject) => {
        next?.reject(new Superseded());
        next = { input, resolve, reject };
        pump();
      });
    },
    dispose() {
      next?.reject(new Superseded());
      next = undefined;
      worker?.terminate();
      worker = undefined;
      remote = undefined;
    },
  };
}

function defaultWorker(): Worker {
  // Written out in full so Vite finds the worker and bundles it (in dev and in `vite build`).
  return new Worker(new URL('../../../workers/layout.worker.ts', import.meta.url), { type: 'module' });
}
