/**
 * The page's side of the import worker (workers/import.worker.ts, over Comlink): one worker per
 * import, ended when it answers. The promise rejects with the worker's refusal, word for word.
 */
import { proxy, releaseProxy, wrap } from 'comlink';
import type { RunSummary } from '../../core/trace/store';
import type { ImportApi, ImportProgress } from '../wire/import-protocol';

export type { ImportProgress };

export function importInWorker(
  file: File,
  onProgress: (progress: ImportProgress) => void,
  createWorker: () => Worker = () =>
    new Worker(new URL('../../../workers/import.worker.ts', import.meta.url), { type: 'module' }),
): Promise<RunSummary> {
  const worker = createWorker();
  const remote = wrap<ImportApi>(worker);
  // Comlink leaves a call pending forever when its worker dies: this settles the import instead.
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      reject(new Error(`the import worker failed: ${event.message || 'it could not start'}`));
    });
  });
  const call = remote.importTrace(file, { label: file.name, startedAt: Date.now() }, proxy(onProgress));
  return Promise.race([call, failed]).finally(() => {
    remote[releaseProxy]();
    worker.terminate();
  });
}
