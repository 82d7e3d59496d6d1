import { TRACE_SCHEMA, TRACE_SCHEMA_VERSION, type TraceEvent, type TraceHeader } from './events';
import { decodeTrace, type TraceProblem } from './jsonl';

/**
 * The trace library's port: runs (header, events, summary) and trained policies, kept in the
 * browser (adapters/idb-trace-store) or in memory (adapters/memory-trace-store). Both adapters pass
 * tests/support/trace-store-contract.ts. Times are wall-clock milliseconds passed in by the caller.
 */
export interface TraceStore {
  /** Starts recording a run: it is listed as 'running' at once, its events follow as they come. */
  begin(header: TraceHeader, meta: RunMeta): Promise<RunHandle>;
  /** Newest first. */
  list(filter?: RunFilter): Promise<RunSummary[]>;
  get(id: string): Promise<StoredTrace | undefined>;
  /** Removes the run and all its events; an unknown id is not an error. */
  delete(id: string): Promise<void>;
  usage(): Promise<StorageUsage>;
  /**
   * Stores a JSONL trace after checking every line of it; a trace with any problem is refused
   * with a TraceImportError and nothing is stored.
   */
  importTrace(text: string, meta: RunMeta): Promise<RunSummary>;
  /** The run as JSONL, byte for byte what encodeTrace(header, events) gives. */
  exportJsonl(id: string): Promise<string>;
  /**
   * Marks every 'running' run that `isLive` does not claim as 'interrupted' (its tab closed or
   * crashed mid-run); returns their ids. The app calls it at start-up.
   */
  markInterrupted(isLive: (id: string) => boolean): Promise<string[]>;
  /** Saves (or replaces) a trained policy's checkpoint under `name`. */
  savePolicy(name: string, checkpoint: unknown, savedAt: number): Promise<void>;
  /** Newest first. */
  listPolicies(): Promise<PolicySummary[]>;
  getPolicy(name: string): Promise<StoredPolicy | undefined>;
  deletePolicy(name: string): Promise<void>;
  /**
   * Lets go of the storage, as a page unload does: events appended and not yet flushed are lost,
   * runs left unfinished stay 'running' until markInterrupted.
   */
  close(): void;
}

export interface RunMeta {
  /** Made up by the store when absent. */
  readonly id?: string;
  readonly label: string;
  /** Wall-clock ms. */
  readonly startedAt: number;
}

/** A run being recorded. Events are buffered and written in batches (see BatchLimits). */
export interface RunHandle {
  readonly id: string;
  append(event: TraceEvent): void;
  /** Writes everything appended so far; rejects (StoreQuotaError…) if that write failed. */
  flush(): Promise<void>;
  /**
   * Flushes, then records how the run ended. The key metrics come from `end.metrics`, else from
   * the last 'run.finished' event appended. If the flush fails, the run stays 'running'.
   */
  finish(status: FinishStatus, end?: RunEnd): Promise<RunSummary>;
}

export type FinishStatus = 'done' | 'cancelled' | 'failed';
export type RunStatus = 'running' | FinishStatus | 'interrupted';

export interface RunEnd {
  /** Wall-clock ms. */
  readonly finishedAt?: number;
  readonly metrics?: Readonly<Record<string, number>>;
}

export const keyMetricNames = ['criticalSteps', 'itemF1', 'reward', 'estimatedCost'] as const;
export type KeyMetrics = { readonly [K in (typeof keyMetricNames)[number]]?: number };

export interface RunSummary {
  readonly id: string;
  readonly label: string;
  readonly scenario: { readonly id: string; readonly kind: string; readonly title?: string };
  readonly policy: string;
  readonly provider: string;
  readonly seed: number;
  readonly status: RunStatus;
  readonly startedAt: number;
  readonly finishedAt?: number;
  /** Events written so far (appended ones still in the buffer are not counted). */
  readonly eventCount: number;
  /** Set once the run has finished with metrics. */
  readonly metrics?: KeyMetrics;
}

export interface RunFilter {
  /** Scenario id. */
  readonly scenario?: string;
  readonly policy?: string;
  readonly status?: RunStatus | readonly RunStatus[];
  /** Case-insensitive, in the label, id, scenario id and title, policy and provider. */
  readonly text?: string;
}

export interface StoredTrace {
  readonly header: TraceHeader;
  readonly events: TraceEvent[];
  readonly summary: RunSummary;
}

/** What a store record holds for a run: its summary and its header. */
export interface RunRecord extends RunSummary {
  readonly header: TraceHeader;
}

export interface StorageUsage {
  readonly bytes?: number;
  readonly quota?: number;
}

export interface PolicySummary {
  readonly name: string;
  readonly savedAt: number;
}

export interface StoredPolicy extends PolicySummary {
  readonly checkpoint: unknown;
}

/** A write refused for lack of space; what was stored before it is untouched. */
export class StoreQuotaError extends Error {
  override readonly name = 'StoreQuotaError';
  constructor(what: string, options?: { cause?: unknown }) {
    super(
      `Browser storage is full: ${what} could not be saved. Delete old runs in the library to make room.`,
      options,
    );
  }
}

/** A trace refused on import, with every problem found (line numbers are 1-based). */
export class TraceImportError extends Error {
  override readonly name = 'TraceImportError';
  constructor(
    readonly problems: readonly TraceProblem[],
    /** 'newer-schema': written by a newer SwarmFlight; 'invalid': anything else. */
    readonly reason: 'newer-schema' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Events are written in batches: when `maxEvents` are waiting, or `maxDelayMs` after the first of
 * them, whichever comes first — so a 10,000-event run is tens of writes, not 10,000, and a reload
 * loses at most the last ~100 ms.
 */
export interface BatchLimits {
  readonly maxEvents: number;
  readonly maxDelayMs: number;
}

export const defaultBatchLimits: BatchLimits = { maxEvents: 200, maxDelayMs: 100 };

/** Runs `task` once after `ms` milliseconds; the returned function cancels it. Timers are a port. */
export type Scheduler = (task: () => void, ms: number) => () => void;

/** Writes `events` as the run's events number `from`, `from + 1`, … in one transaction. */
export type BatchWrite = (events: readonly TraceEvent[], from: number) => Promise<void>;

/**
 * The append buffer a RunHandle keeps. Writes happen one at a time, in order. A failed write puts
 * its events back at the head of the buffer; after a failed background write only an explicit
 * flush() tries again (a full disk does not fill up less by being asked every 100 ms).
 */
export class AppendBuffer {
  private buffer: TraceEvent[] = [];
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private cancelTimer: (() => void) | undefined;
  private failure: unknown;
  /** Events written so far. */
  written = 0;

  constructor(
    private readonly write: BatchWrite,
    private readonly schedule: Scheduler,
    private readonly limits: BatchLimits = defaultBatchLimits,
  ) {}

  get pending(): number {
    return this.buffer.length;
  }

  push(event: TraceEvent): void {
    this.buffer.push(event);
    if (this.buffer.length >= this.limits.maxEvents) this.background();
    else if (this.cancelTimer === undefined && !this.queued) {
      this.cancelTimer = this.schedule(() => {
        this.cancelTimer = undefined;
        this.background();
      }, this.limits.maxDelayMs);
    }
  }

  flush(): Promise<void> {
    this.stopTimer();
    // A write already queued takes everything buffered when it starts, these events included.
    if (this.queued) return this.chain;
    this.queued = true;
    const next = this.chain.catch(() => undefined).then(() => this.writeBuffered());
    this.chain = next;
    return next;
  }

  /** Drops what is buffered and stops the timer (the store was closed). */
  discard(): void {
    this.stopTimer();
    this.buffer = [];
  }

  private background(): void {
    if (this.queued || this.failure !== undefined) return;
    this.flush().catch((error: unknown) => {
      this.failure = error;
    });
  }

  private stopTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
  }

  private async writeBuffered(): Promise<void> {
    this.queued = false;
    const batch = this.buffer;
    this.buffer = [];
    if (batch.length === 0) return;
    try {
      await this.write(batch, this.written);
      this.written += batch.length;
      this.failure = undefined;
    } catch (error) {
      this.buffer = batch.concat(this.buffer);
      throw error;
    }
  }
}

/** The summary of a run that has just begun. */
export function newRunRecord(id: string, header: TraceHeader, meta: RunMeta, status: RunStatus): RunRecord {
  const { id: scenarioId, kind, title } = header.scenario;
  return {
    id,
    label: meta.label,
    scenario: title === undefined ? { id: scenarioId, kind } : { id: scenarioId, kind, title },
    policy: header.policy,
    provider: header.provider,
    seed: header.seed,
    status,
    startedAt: meta.startedAt,
    eventCount: 0,
    header,
  };
}

/** The record's summary: the record without its header. */
export function summaryOf(record: RunRecord): RunSummary {
  const { header: _, ...summary } = record;
  return summary;
}

/** The record once its run has ended. */
export function finishedRecord(
  record: RunRecord,
  status: FinishStatus,
  end: RunEnd,
  eventCount: number,
): RunRecord {
  const metrics = end.metrics ? keyMetrics(end.metrics) : undefined;
  return {
    ...record,
    status,
    eventCount,
    ...(end.finishedAt !== undefined ? { finishedAt: end.finishedAt } : {}),
    ...(metrics ? { metrics } : {}),
  };
}

export function keyMetrics(metrics: Readonly<Record<string, number>>): KeyMetrics {
  const out: Record<string, number> = {};
  for (const name of keyMetricNames) {
    const value = metrics[name];
    if (typeof value === 'number') out[name] = value;
  }
  return out;
}

/** The metrics of the last 'run.finished' event, if any. */
export function finishedMetrics(events: readonly TraceEvent[]): Readonly<Record<string, number>> | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as TraceEvent;
    if (e.type === 'run.finished') return e.metrics;
  }
  return undefined;
}

/** The record of an imported trace: its status and key metrics read from its events. */
export function importedRecord(
  id: string,
  header: TraceHeader,
  events: readonly TraceEvent[],
  meta: RunMeta,
): RunRecord {
  const metrics = finishedMetrics(events);
  return {
    ...newRunRecord(id, header, meta, importedStatus(events)),
    eventCount: events.length,
    ...(metrics ? { metrics: keyMetrics(metrics) } : {}),
  };
}

/** How an imported run ended: a trace cut off before 'run.finished' was interrupted. */
function importedStatus(events: readonly TraceEvent[]): RunStatus {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as TraceEvent;
    if (e.type === 'run.finished') return e.reason === 'aborted' ? 'cancelled' : 'done';
  }
  return 'interrupted';
}

export function matchesFilter(run: RunSummary, filter: RunFilter = {}): boolean {
  if (filter.scenario !== undefined && run.scenario.id !== filter.scenario) return false;
  if (filter.policy !== undefined && run.policy !== filter.policy) return false;
  if (filter.status !== undefined) {
    const wanted: readonly RunStatus[] = typeof filter.status === 'string' ? [filter.status] : filter.status;
    if (!wanted.includes(run.status)) return false;
  }
  const text = filter.text?.trim().toLowerCase();
  if (text) {
    const haystack = [run.label, run.id, run.scenario.id, run.scenario.title ?? '', run.policy, run.provider];
    if (!haystack.some((s) => s.toLowerCase().includes(text))) return false;
  }
  return true;
}

/** Newest first; runs started in the same millisecond by id, so the order is stable. */
export function newestFirst(a: RunSummary, b: RunSummary): number {
  return b.startedAt - a.startedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

export function policiesNewestFirst(a: PolicySummary, b: PolicySummary): number {
  return b.savedAt - a.savedAt || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/**
 * Checks a JSONL trace completely before anything is stored: decodeTrace's line-by-line checks,
 * plus the header fields the library lists runs by. Throws TraceImportError.
 */
export function validateImport(text: string): { header: TraceHeader; events: TraceEvent[] } {
  const newer = newerSchema(text);
  const decoded = decodeTrace(text);
  if (newer !== undefined) {
    const problems = decoded.ok ? [] : decoded.problems;
    throw new TraceImportError(
      problems,
      'newer-schema',
      `This trace was written by a newer SwarmFlight (line 1 names ${newer}, this version reads ${TRACE_SCHEMA}): update SwarmFlight to import it.`,
    );
  }
  if (!decoded.ok) throw invalid(decoded.problems);
  const missing = missingHeaderFields(decoded.header);
  if (missing.length > 0) {
    throw invalid([{ line: 1, message: `the header lacks ${missing.join(', ')}` }]);
  }
  return { header: decoded.header, events: decoded.events };
}

function invalid(problems: readonly TraceProblem[]): TraceImportError {
  const lines = [...new Set(problems.map((p) => p.line))];
  const first = problems[0] as TraceProblem;
  const message =
    lines.length === 1
      ? `The trace was not imported because of a problem on line ${first.line} (${first.message}).`
      : `The trace was not imported because of problems on lines ${listLines(lines)} (line ${first.line}: ${first.message}).`;
  return new TraceImportError(problems, 'invalid', message);
}

/** "3, 5 and 7"; past five lines, "1, 2, 3, 4, 5 and 9 more". */
function listLines(lines: readonly number[]): string {
  if (lines.length > 5) return `${lines.slice(0, 5).join(', ')} and ${lines.length - 5} more`;
  return `${lines.slice(0, -1).join(', ')} and ${lines.at(-1)}`;
}

/**
 * The schema named on line 1 when it is a later version of ours. decodeTrace reports this too, as
 * one of its problems; reading it here keeps the refusal from depending on that message's wording.
 */
function newerSchema(text: string): string | undefined {
  const end = text.indexOf('\n');
  let header: unknown;
  try {
    header = JSON.parse(end < 0 ? text : text.slice(0, end));
  } catch {
    return undefined;
  }
  const schema = (header as { schema?: unknown } | null)?.schema;
  if (typeof schema !== 'string') return undefined;
  const version = Number(/^swarmflight\.trace\/(\d+)$/.exec(schema)?.[1]);
  return version > TRACE_SCHEMA_VERSION ? schema : undefined;
}

function missingHeaderFields(header: TraceHeader): string[] {
  const h = header as unknown as Record<string, unknown>;
  const scenario = h.scenario as Record<string, unknown> | undefined;
  const missing: string[] = [];
  if (typeof scenario?.id !== 'string') missing.push('"scenario.id"');
  if (typeof scenario?.kind !== 'string') missing.push('"scenario.kind"');
  if (typeof h.policy !== 'string') missing.push('"policy"');
  if (typeof h.provider !== 'string') missing.push('"provider"');
  if (typeof h.seed !== 'number') missing.push('"seed"');
  return missing;
}
