/**
 * Every piece of the outside world the views touch, in one module (STYLE §11): the trace library
 * (IndexedDB, or memory when the browser refuses IndexedDB, e.g. some private modes), and file
 * downloads.
 */

import { apiKeyStore, redactSecrets } from '../adapters/api-key-store';
import { liveRunIds, openIdbTraceStore } from '../adapters/idb-trace-store';
import { memoryTraceStore } from '../adapters/memory-trace-store';
import type { TraceStore } from '../core/trace/store';

let store: Promise<TraceStore> | undefined;
let persistent = true;

async function openStore(): Promise<TraceStore> {
  try {
    const store = await openIdbTraceStore();
    // A run left 'running' by a tab that is gone (reloaded, closed, crashed) was interrupted.
    const live = await liveRunIds();
    await store.markInterrupted((id) => live.has(id));
    return store;
  } catch {
    persistent = false;
    return memoryTraceStore();
  }
}

export const services = {
  store(): Promise<TraceStore> {
    store ??= openStore();
    return store;
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
