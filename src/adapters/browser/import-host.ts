/**
 * The worker side of importing a trace: reads the file, refuses bytes that are not UTF-8 (naming
 * the line), checks every line against the trace schema with progress, and stores it in the same
 * IndexedDB library the page reads. An object, not a worker, so it is testable on its own;
 * workers/import.worker.ts exposes it with Comlink.
 */
import type { TraceStore } from '../../core/trace/store';
import { decodeUtf8, notUtf8 } from '../../core/util/utf8';
import type { ImportApi } from '../wire/import-protocol';
import { openIdbTraceStore } from './idb-trace-store';

export function importHost(openStore: () => Promise<TraceStore> = openIdbTraceStore): ImportApi {
  return {
    async importTrace(file, meta, onProgress) {
      onProgress({ phase: 'reading', done: 0, total: file.size });
      const decoded = decodeUtf8(new Uint8Array(await file.arrayBuffer()));
      if (!decoded.ok) throw new Error(`The trace was not imported: ${notUtf8(decoded.line)}.`);
      const store = await openStore();
      try {
        return await store.importTrace(decoded.text, meta, {
          onProgress: (done, total) =>
            onProgress({ phase: done < total ? 'checking' : 'storing', done, total }),
        });
      } finally {
        store.close();
      }
    },
  };
}
