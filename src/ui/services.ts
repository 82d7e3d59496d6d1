/**
 * Every piece of the outside world the views touch, in one module: the trace library
 * and the trained policies kept beside it (IndexedDB, or memory when the browser refuses
 * IndexedDB, e.g. some private modes), file downloads, and what a live run is given from outside:
 * the wall clock, the pace of a simulated run, the pool of subagent workers and a code sandbox.
 */

import type { ReadDocuments } from '../adapters/browser/browser-documents';
import type { AnalysisStore } from '../adapters/browser/idb-analyses';
import type { BaselineStore } from '../adapters/browser/idb-baselines';
import type { KnowledgeRepository } from '../adapters/browser/idb-knowledge';
import { openIdbPolicyStore } from '../adapters/browser/idb-policy-store';
import { openIdbTraceStore } from '../adapters/browser/idb-trace-store';
import { liveRunIds } from '../adapters/browser/run-locks';
import type { TrainCallbacks, TrainingHandle } from '../adapters/browser/train-client';
import {
  type WorkerPool,
  type WorkerPoolOptions,
  type WorkerShelf,
  workerPool,
  workerShelf,
} from '../adapters/browser/worker-pool';
import { createMemoryLibrary } from '../adapters/common/memory-library';
import { memoryPolicyStore } from '../adapters/common/memory-policy-store';
import { memoryTraceStore } from '../adapters/common/memory-trace-store';
import { keptPace, realPace } from '../adapters/common/pace';
import { timeoutScheduler } from '../adapters/common/timeout-scheduler';
import type { ImportProgress } from '../adapters/wire/import-protocol';
import type { TrainRequest } from '../adapters/wire/train-protocol';
import type { PolicyStore } from '../core/learning/policy-store';
import type { ArbitrationStore } from '../core/router/arbitration-store';
import type { Pace } from '../core/runtime/pace';
import type { Clock } from '../core/runtime/ports';
import type { CodeSandbox } from '../core/tools/sandbox';
import type { RunSummary, TraceStore } from '../core/trace/store';
import type { StandaloneSvg } from './export/picture';
import { pageDownloads, type ZipEntry } from './export/save-download';

// What the views read of the adapters they reach through here: views import no adapter
// (.dependency-cruiser.cjs, rule views-io-through-services).
export type { AnalysisStore, ImportProgress, ReadDocuments, TrainingHandle };

interface Library {
  readonly traces: TraceStore;
  readonly policies: PolicyStore;
}

let library: Promise<Library> | undefined;
let knowledge: Promise<KnowledgeRepository> | undefined;
let arbitration: Promise<ArbitrationStore> | undefined;
let baselines: Promise<BaselineStore> | undefined;
let analyses: Promise<AnalysisStore> | undefined;
let persistent = true;
let shelf: WorkerShelf | undefined;
const keptWorkers = (): WorkerShelf => {
  shelf ??= workerShelf();
  return shelf;
};

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
  /**
   * The knowledge base kept in this browser (IndexedDB), embedded with the weight-free hashing
   * embedder so that what is stored compares with what any tab or worker embeds.
   */
  knowledge(): Promise<KnowledgeRepository> {
    // Loaded on first use (the Knowledge view, a question to the knowledge base), not up front.
    knowledge ??= Promise.all([import('../adapters/browser/idb-knowledge'), import('../core/kb')]).then(
      ([{ openIdbKnowledge }, { kbEmbedder }]) => openIdbKnowledge(kbEmbedder()),
    );
    // A failure to open is reported each time it is asked, not cached for the tab's life.
    knowledge.catch(() => {
      knowledge = undefined;
    });
    return knowledge;
  },
  /**
   * The router's arbitration queue (IndexedDB, or memory when the browser refuses it), loaded
   * with the Router view.
   */
  arbitration(): Promise<ArbitrationStore> {
    arbitration ??= import('../adapters/browser/idb-arbitration-store').then(async (m) => {
      try {
        return await m.openIdbArbitrationStore();
      } catch {
        return m.memoryArbitrationStore();
      }
    });
    return arbitration;
  },
  /** The self-healing loop's baselines across runs (IndexedDB, or memory when refused). */
  baselines(): Promise<BaselineStore> {
    baselines ??= import('../adapters/browser/idb-baselines').then(async (m) => {
      try {
        return await m.openIdbBaselines();
      } catch {
        return m.memoryBaselines();
      }
    });
    return baselines;
  },
  /**
   * A model's answers about the runs (the Run view's "Ask a model about this run"), kept with the
   * runs: in the library's database, or in memory when the library is (runs and their analyses
   * are kept, or lost, together).
   */
  analyses(): Promise<AnalysisStore> {
    // The library first: whether it is persistent decides where the analyses live.
    analyses ??= services.store().then(async () => {
      const m = await import('../adapters/browser/idb-analyses');
      if (!persistent) return m.memoryAnalyses();
      try {
        return await m.openIdbAnalyses();
      } catch {
        return m.memoryAnalyses();
      }
    });
    return analyses;
  },
  /** False when runs live only as long as the tab (IndexedDB unavailable). */
  persistent: () => persistent,
  /** Timers for the self-healing loop's watchdog on agents that run on this thread. */
  scheduler: timeoutScheduler,
  /** The wall clock runs are timed with (never part of a deterministic result). */
  clock: { now: () => performance.now() } as Clock,
  /** A simulated run at `msPerSecond` real ms per second of model time, so it can be watched. */
  pace: (msPerSecond: number): Pace => realPace(msPerSecond),
  /** The same, keeping time over a chain of waits that are all on this page (a graph run). */
  keptPace: (msPerSecond: number): Pace => keptPace(msPerSecond, () => performance.now()),
  /**
   * Where model-written code runs on this thread: grading mixed-coding, and `run_js` for agents
   * that run here (real models). A fresh worker per call in the opaque-origin sandbox frame.
   */
  codeSandbox: (): CodeSandbox => {
    // Loaded with the first run that needs it, not with the page (the initial-JS budget).
    const loading = import('../adapters/browser/worker-sandbox').then((m) => m.workerSandbox());
    return {
      run: (code, tests, timeoutMs) => loading.then((sandbox) => sandbox.run(code, tests, timeoutMs)),
    };
  },
  /**
   * Trains a policy in a Web Worker (workers/train.worker.ts), reporting progress, curve points and
   * checkpoints; the handle stops it. The trainer's code loads with the first training.
   */
  async startTraining(request: TrainRequest, callbacks: TrainCallbacks): Promise<TrainingHandle> {
    const { startTraining } = await import('../adapters/browser/train-client');
    return startTraining(request, callbacks);
  },
  /** Reads and checks a trace file in a Web Worker, so a large file keeps the page responsive. */
  async importTraceFile(file: File, onProgress: (progress: ImportProgress) => void): Promise<RunSummary> {
    const { importInWorker } = await import('../adapters/browser/import-client');
    return importInWorker(file, onProgress);
  },
  /** The text of documents the user picked (PDF, text, Markdown), for the knowledge base. */
  async readDocuments(files: readonly File[]): Promise<ReadDocuments> {
    const { readBrowserFiles } = await import('../adapters/browser/browser-documents');
    return readBrowserFiles(files);
  },
  /**
   * The Web Workers a task run's subagents run in. Workers idle at a run's end are kept a while
   * for the next run, which then skips their start-up (the bundle loaded ten times over).
   */
  subagentPool: (options: WorkerPoolOptions): WorkerPool => workerPool({ shelf: keptWorkers(), ...options }),
  /**
   * Saves text as a file, through the page's one download path (export/save-download.ts). No key
   * saved in this browser leaves it in a file: none should be in the text, and any that is, is
   * redacted inside the file's strings, so JSON stays JSON. Returns how many were replaced, for
   * the caller to say so.
   */
  download(name: string, text: string, type = 'application/json'): number {
    return pageDownloads.text(name, text, type);
  },
  /** Saves a picture as SVG or PNG, redacted the same way; the PNG is drawn from the redacted SVG. */
  downloadPicture(picture: StandaloneSvg, kind: 'svg' | 'png', name: string): Promise<number> {
    return pageDownloads.picture(picture, kind, name);
  },
  /** Saves several text files as one zip, each redacted the same way: one button, one file. */
  downloadFiles(name: string, files: readonly ZipEntry[]): number {
    return pageDownloads.files(name, files);
  },
};
