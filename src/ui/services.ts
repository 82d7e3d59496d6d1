/**
 * Every piece of the outside world the views touch, in one module: the trace library
 * and the trained policies kept beside it (IndexedDB, or memory when the browser refuses
 * IndexedDB, e.g. some private modes), and file downloads.
 */

import { apiKeyStore, redactSecrets } from '../adapters/api-key-store';
import { openIdbPolicyStore } from '../adapters/idb-policy-store';
import { openIdbTraceStore } from '../adapters/idb-trace-store';
import { createMemoryLibrary } from '../adapters/memory-library';
import { memoryPolicyStore } from '../adapters/memory-policy-store';
import { memoryTraceStore } from '../adapters/memory-trace-store';
import { liveRunIds } from '../adapters/run-locks';
import type { PolicyStore } from '../core/learning/policy-store';
import type { TraceStore } from '../core/trace/store';

interface Library {
  readonly traces: TraceStore;
  readonly policies: PolicyStore;
}

let library: Promise<Library> | undefined;
let persistent = true;

/** Both stores in IndexedDB, or both in memory: runs and policies are kept, or lost, together. */
async function openLibrary(): Promise<Library> {
  let traces: TraceStore | undefined;
  try {
    traces = await openIdbTraceStore();
    const policies = await openIdbPolicyStore();
    // A run left 'running' by a tab that is gone (reloaded, closed, crashed) was interrupted.
    const live = await liveRunIds();
    await traces.markInterrupted((id) => live.has(id));
    return { traces, policies };
  } catch {
    traces?.close();
    persistent = false;
    const db = createMemoryLibrary();
    return { traces: memoryTraceStore({ db }), policies: memoryPolicyStore({ db }) };
  }
}

export const services = {
  /** The trace library: every run recorded or imported. */
  async store(): Promise<TraceStore> {
    library ??= openLibrary();
    return (await library).traces;
  },
  /** The trained policies saved in this browser. */
  async policies(): Promise<PolicyStore> {
    library ??= openLibrary();
    return (await library).policies;
  },
  /** False when runs live only as long as the tab (IndexedDB unavailable). */
  persistent: () => persistent,
  /**
   * Saves text as a file; the object URL is revoked later, not at once (docs/development.md). No key saved in
   * this browser leaves it in a file: none should be in the text, and any that is, is redacted.
   */
  download(name: string, text: string, type = 'application/json') {
    const safe = redactSecrets(text, apiKeyStore().secrets());
    const url = URL.createObjectURL(new Blob([safe], { type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  },
};
