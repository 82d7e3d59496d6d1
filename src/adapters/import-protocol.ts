/**
 * The import worker's wire protocol (workers/import.worker.ts answers, src/adapters/import-client.ts
 * asks). The page hands the worker the File itself; the worker reads, checks and stores it, so a
 * big import never blocks the page:
 *
 *   page → worker   { type: 'import', file, label, startedAt }
 *   worker → page   { type: 'progress', phase, done, total }   (any number of times)
 *   worker → page   { type: 'imported', summary } | { type: 'refused', message }
 */
import type { RunSummary } from '../core/trace/store';

export interface ImportRequest {
  readonly type: 'import';
  readonly file: Blob;
  readonly label: string;
  readonly startedAt: number;
}

export type ImportPhase = 'reading' | 'checking' | 'storing';

export type ImportReply =
  | { readonly type: 'progress'; readonly phase: ImportPhase; readonly done: number; readonly total: number }
  | { readonly type: 'imported'; readonly summary: RunSummary }
  | { readonly type: 'refused'; readonly message: string };
