/**
 * The page's side of the import worker (workers/import.worker.ts): one worker per import, ended
 * when it answers. The promise rejects with the worker's refusal, word for word.
 */
import type { RunSummary } from '../core/trace/store';
import type { ImportPhase, ImportReply, ImportRequest } from './import-protocol';

export interface ImportProgress {
  readonly phase: ImportPhase;
  readonly done: number;
  readonly total: number;
}

export function importInWorker(
  file: File,
  onProgress: (progress: ImportProgress) => void,
  createWorker: () => Worker = () =>
    new Worker(new URL('../../workers/import.worker.ts', import.meta.url), { type: 'module' }),
): Promise<RunSummary> {
  return new Promise((resolve, reject) => {
    const worker = createWorker();
    const end = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<ImportReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') onProgress(reply);
      else if (reply.type === 'imported') {
        end();
        resolve(reply.summary);
      } else {
        end();
        reject(new Error(reply.message));
      }
    };
    worker.onerror = (event) => {
      end();
      reject(new Error(`the import worker failed: ${event.message || 'it could not start'}`));
    };
    const request: ImportRequest = { type: 'import', file, label: file.name, startedAt: Date.now() };
    worker.postMessage(request);
  });
}
