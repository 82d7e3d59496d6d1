/**
 * The worker side of the subagent pool: a `SubagentApi` over plain functions, so it runs (and is
 * tested) without a worker. workers/subagent.worker.ts exposes it with Comlink.
 */

import { releaseProxy } from 'comlink';
import { kbEmbedder } from '../../core/kb';
import type { Provider } from '../../core/providers/types';
import { executorFromSetup, type SubagentSetup } from '../../core/run/subagent-setup';
import type { AsyncExecutor, AttemptProgress } from '../../core/runtime/ports';
import { simulatedProviderFor } from '../../core/scenarios/players';
import { knowledgeSearchOf } from '../../core/scenarios/rag-qa';
import { needsOf } from '../../core/scenarios/registry';
import type { KnowledgeSearch } from '../../core/tools/knowledge';
import type { CodeSandbox } from '../../core/tools/sandbox';
import { SIMULATED } from '../../core/trace/simulated-id';
import { realPace } from '../common/pace';
import { timeoutScheduler } from '../common/timeout-scheduler';
import type { ProviderSetup, SubagentApi } from '../wire/subagent-protocol';
import { openIdbKnowledge } from './idb-knowledge';
import { workerSandbox } from './worker-sandbox';

/** Builds the subagent's provider from its plain description, on the subagent's thread. */
export type ProviderFactory = (provider: ProviderSetup, setup: SubagentSetup) => Provider | Promise<Provider>;

export function providerFromSetup(provider: ProviderSetup, setup: SubagentSetup): Provider {
  switch (provider.kind) {
    case SIMULATED:
      return simulatedProviderFor(setup.profiles, realPace(provider.paceMs));
    default: {
      const unknown: never = provider.kind;
      throw new Error(`unknown provider kind "${String(unknown)}"`);
    }
  }
}

/** What a run opened that outlives it unless closed. */
type Opened = { close(): void };

/**
 * The browser's knowledge base, opened read-only in this worker (the page writes it), read anew
 * for each run: a worker kept between runs must see documents added since.
 */
async function browserKnowledge(): Promise<KnowledgeSearch & { opened?: Opened }> {
  const repository = await openIdbKnowledge(kbEmbedder());
  return { ...knowledgeSearchOf(repository.kb()), opened: repository };
}

/**
 * A subagent host. `makeSandbox` gives mixed-coding's `run_js` its sandbox: by default the page's
 * sandbox frame, reached through the portal the pool hands this worker; in Node tests `nodeSandbox`.
 */
export function subagentHost(
  makeProvider: ProviderFactory = providerFromSetup,
  makeSandbox: () => CodeSandbox = workerSandbox,
  openKnowledge: () => Promise<KnowledgeSearch & { opened?: Opened }> = browserKnowledge,
): SubagentApi {
  let executor: AsyncExecutor | undefined;
  let opened: Opened | undefined;
  const rest = () => {
    executor = undefined;
    // An open database would hold up the page's upgrade or deletion of it while the worker waits.
    opened?.close();
    opened = undefined;
  };
  const running = new Set<AbortController>();
  return {
    async init(setup, provider) {
      // A worker kept from an earlier run starts from nothing of it.
      rest();
      // What the kind needs is lent here: a code sandbox, or the user's knowledge base, read
      // from the page's IndexedDB.
      const needs = needsOf(setup.scenario);
      const knowledge = needs.knowledgeBase ? await openKnowledge() : undefined;
      opened = knowledge?.opened;
      const ports = {
        ...(needs.sandbox ? { sandbox: makeSandbox() } : {}),
        ...(knowledge ? { knowledge } : {}),
      };
      executor = await executorFromSetup(setup, await makeProvider(provider, setup), ports, {
        clock: { now: () => performance.now() },
        scheduler: timeoutScheduler,
      });
    },
    async run(request, progress) {
      if (!executor) throw new Error('the subagent ran before init(setup, provider)');
      const controller = new AbortController();
      running.add(controller);
      try {
        // Each call to the page's proxy is a message; an answer is never awaited (a view only).
        const told = progress ? { progress: (p: AttemptProgress) => void progress(p) } : {};
        return await executor.run({ ...request, ...told }, controller.signal);
      } finally {
        running.delete(controller);
        // Through a worker, `progress` is a Comlink proxy holding a MessageChannel: let it go.
        (progress as Partial<Record<typeof releaseProxy, () => void>> | undefined)?.[releaseProxy]?.();
      }
    },
    abort() {
      for (const controller of running) controller.abort(new Error('cancelled by the pool'));
    },
    rest,
  };
}
