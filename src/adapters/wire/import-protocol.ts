/**
 * The import worker's interface (workers/import.worker.ts exposes it with Comlink, from
 * src/adapters/browser/import-host.ts; src/adapters/browser/import-client.ts calls it). The page hands the worker
 * the File itself; the worker reads, checks and stores it, so a big import never blocks the page.
 * A refusal rejects the call with an Error whose message says what was wrong, word for word.
 */
import type { RunSummary } from '../../core/trace/store';

export type ImportPhase = 'reading' | 'checking' | 'storing';

export interface ImportProgress {
  readonly phase: ImportPhase;
  readonly done: number;
  readonly total: number;
}

export interface ImportApi {
  importTrace(
    file: Blob,
    meta: { readonly label: string; readonly startedAt: number },
    onProgress: (progress: ImportProgress) => void,
  ): Promise<RunSummary>;
}
