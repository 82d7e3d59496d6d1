/**
 * Imports a trace file off the page's thread: reads it, refuses bytes that are not UTF-8 (naming
 * the line), checks every line against the trace schema with progress, and stores it in the same
 * IndexedDB library the page reads (src/adapters/import-protocol.ts).
 */

import { openIdbTraceStore } from '../src/adapters/idb-trace-store';
import type { ImportReply, ImportRequest } from '../src/adapters/import-protocol';
import { decodeUtf8, notUtf8 } from '../src/core/util/utf8';

const post = (reply: ImportReply) => (self as unknown as Worker).postMessage(reply);

self.onmessage = async (event: MessageEvent<ImportRequest>) => {
  const request = event.data;
  if (request?.type !== 'import') return;
  try {
    post({ type: 'progress', phase: 'reading', done: 0, total: request.file.size });
    const bytes = new Uint8Array(await request.file.arrayBuffer());
    const decoded = decodeUtf8(bytes);
    if (!decoded.ok) {
      post({ type: 'refused', message: `The trace was not imported: ${notUtf8(decoded.line)}.` });
      return;
    }
    const store = await openIdbTraceStore();
    try {
      const summary = await store.importTrace(
        decoded.text,
        { label: request.label, startedAt: request.startedAt },
        {
          onProgress: (done, total) =>
            post({ type: 'progress', phase: done < total ? 'checking' : 'storing', done, total }),
        },
      );
      post({ type: 'imported', summary });
    } finally {
      store.close();
    }
  } catch (error) {
    post({ type: 'refused', message: error instanceof Error ? error.message : String(error) });
  }
};
