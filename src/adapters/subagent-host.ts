/**
 * The worker side of the subagent pool: a `SubagentApi` over plain functions, so it runs (and is
 * tested) without a worker. workers/subagent.worker.ts exposes it with Comlink.
 */

import type { Provider } from '../core/providers/types';
import type { AsyncExecutor } from '../core/runtime/ports';
import { simulatedProviderFor } from '../core/scenarios/registry';
import { executorFromSetup, type SubagentSetup } from '../core/scenarios/subagent-setup';
import type { CodeSandbox } from '../core/tools/sandbox';
import { realPace } from './pace';
import type { ProviderSetup, SubagentApi } from './subagent-protocol';
import { workerSandbox } from './worker-sandbox';

/** Builds the subagent's provider from its plain description, on the subagent's thread. */
export type ProviderFactory = (provider: ProviderSetup, setup: SubagentSetup) => Provider | Promise<Provider>;

export function providerFromSetup(provider: ProviderSetup, setup: SubagentSetup): Provider {
  switch (provider.kind) {
    case 'simulated':
      return simulatedProviderFor(setup.profiles, realPace(provider.paceMs));
    default: {
      const unknown: never = provider.kind;
      throw new Error(`unknown provider kind "${String(unknown)}"`);
    }
  }
}

/**
 * A subagent host. `makeSandbox` gives mixed-coding's `run_js` its sandbox: by default a fresh
 * Web Worker per run (a worker may start workers), in Node tests `nodeSandbox`.
 */
export function subagentHost(
  makeProvider: ProviderFactory = providerFromSetup,
  makeSandbox: () => CodeSandbox = workerSandbox,
): SubagentApi {
  let executor: AsyncExecutor | undefined;
  const running = new Set<AbortController>();
  return {
    async init(setup, provider) {
      const ports = setup.scenario.kind === 'mixed-coding' ? { sandbox: makeSandbox() } : {};
      executor = await executorFromSetup(setup, await makeProvider(provider, setup), ports);
    },
    async run(request) {
      if (!executor) throw new Error('the subagent ran before init(setup, provider)');
      const controller = new AbortController();
      running.add(controller);
      try {
        return await executor.run(request, controller.signal);
      } finally {
        running.delete(controller);
      }
    },
    abort() {
      for (const controller of running) controller.abort(new Error('cancelled by the pool'));
    },
  };
}
