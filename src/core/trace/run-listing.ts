import type { RunFilter, RunStatus, RunSummary } from './store';

/** Whether `run` passes `filter` (TraceStore.list's filter). */
export function matchesFilter(run: RunSummary, filter: RunFilter = {}): boolean {
  if (filter.scenario !== undefined && run.scenario.id !== filter.scenario) return false;
  if (filter.policy !== undefined && run.policy !== filter.policy) return false;
  if (filter.status !== undefined) {
    const wanted: readonly RunStatus[] = typeof filter.status === 'string' ? [filter.status] : filter.status;
    if (!wanted.includes(run.status)) return false;
  }
  const text = filter.text?.trim().toLowerCase();
  if (text) {
    // Status and seed too: the Library's filter box offers "scenario, policy, status…".
    const haystack = [
      run.label,
      run.id,
      run.scenario.id,
      run.scenario.title ?? '',
      run.policy,
      run.provider,
      run.status,
      `seed ${run.seed}`,
    ];
    if (!haystack.some((s) => s.toLowerCase().includes(text))) return false;
  }
  return true;
}

/** Newest first; runs started in the same millisecond by id, so the order is stable. */
export function newestFirst(a: RunSummary, b: RunSummary): number {
  return b.startedAt - a.startedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
