/**
 * Opening a stored run without blocking the page: its header and summary first (one small read),
 * then its events page by page, each page folded into the replay as it arrives, with a pause
 * between pages so the page keeps answering. A 74 MB trace used to block the main thread for
 * seconds while every event was read and folded at once.
 */

import type { TraceEvent } from '../../core/trace/events';
import type { StoredHead, TraceStore } from '../../core/trace/store';
import { cutShort } from '../model/cut-short';
import { RunFolder, type RunSnapshot } from '../model/replay';

/** Events read and folded per page: a few milliseconds of work each. */
export const EVENTS_PER_PAGE = 2_000;

export type StoredRunLoad =
  | { readonly kind: 'missing'; readonly id: string }
  | { readonly kind: 'failed'; readonly id: string; readonly message: string }
  | {
      readonly kind: 'ready';
      readonly head: StoredHead;
      readonly events: readonly TraceEvent[];
      /** The run as it stood after its last event, folded while it loaded. */
      readonly final: RunSnapshot;
    };

export interface LoadProgress {
  readonly head: StoredHead;
  readonly loaded: number;
  readonly total: number;
}

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Reads run `id` from `store`. `onProgress` hears after the head and after each page;
 * `cancelled()` stops the reading between pages (another run was opened).
 */
export async function loadStoredRun(
  store: TraceStore,
  id: string,
  onProgress: (progress: LoadProgress) => void,
  cancelled: () => boolean = () => false,
): Promise<StoredRunLoad> {
  try {
    const head = await store.head(id);
    if (!head) return { kind: 'missing', id };
    const total = head.summary.eventCount;
    onProgress({ head, loaded: 0, total });
    const folder = new RunFolder(head.header.mainStepCost, head.header.roles);
    const events: TraceEvent[] = [];
    while (!cancelled()) {
      const page = await store.events(id, events.length, EVENTS_PER_PAGE);
      for (const event of page) {
        folder.push(event);
        events.push(event);
      }
      onProgress({ head, loaded: events.length, total: Math.max(total, events.length) });
      if (page.length < EVENTS_PER_PAGE) break;
      await pause();
    }
    return { kind: 'ready', head, events, final: cutShort(folder.snapshot(), head.summary.status) };
  } catch (error) {
    return { kind: 'failed', id, message: error instanceof Error ? error.message : String(error) };
  }
}
