/**
 * A stored run that ended without its last events — the tab closed or reloaded mid-run
 * ('interrupted'), or it threw ('failed') — has attempts with a start and no end. Drawn as they
 * are, its tasks and agents stayed yellow, "10 running now", as if it still went on. At its end
 * they are what they are: cut short, as a cancelled attempt is. A scrubbed-back position still
 * shows them running, as they were then.
 */

import type { RunSnapshot, TaskStatus } from './replay';

/** Run statuses of runs that ended before their tasks did: their running attempts were cut short. */
export const ENDED_EARLY: ReadonlySet<string> = new Set(['interrupted', 'failed', 'cancelled']);

export function cutShort(snapshot: RunSnapshot, runStatus: string): RunSnapshot {
  if (!ENDED_EARLY.has(runStatus)) return snapshot;
  if (!snapshot.segments.some((s) => s.outcome === 'running')) return snapshot;
  const end = snapshot.t;
  const status = new Map<string, TaskStatus>(snapshot.status);
  for (const [task, s] of status) if (s === 'running') status.set(task, 'cancelled');
  return {
    ...snapshot,
    status,
    segments: snapshot.segments.map((s) =>
      s.outcome === 'running' ? { ...s, end: Math.max(s.start, end), outcome: 'cancelled' } : s,
    ),
  };
}
