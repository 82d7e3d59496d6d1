/**
 * The stored run the Run view shows: opened head first, then its events page by page
 * (stored-run.ts), what has loaded so far showing while the rest comes; and its status line.
 */
import { type Accessor, createResource, createSignal } from 'solid-js';
import { statusWord } from '../i18n/status-word';
import { type ReplayStatus, replayStatus } from '../model/replay-position';
import { type LoadProgress, loadStoredRun } from '../run/stored-run';
import { services } from '../services';

/** Loads run `id()` whenever it names one (undefined while the live run shows). */
export function storedRunLoad(id: Accessor<string | undefined>, shownId: Accessor<string | undefined>) {
  const [progress, setProgress] = createSignal<LoadProgress | undefined>();
  // The event a stored run is scrubbed back to; undefined at its end.
  const [replayAt, setReplayAt] = createSignal<number | undefined>();
  // Whether the stored run's replay is playing.
  const [replayPlaying, setReplayPlaying] = createSignal(false);
  let opening = 0;
  const [load] = createResource(id, async (id) => {
    const mine = ++opening;
    setProgress(undefined);
    setReplayAt(undefined);
    setReplayPlaying(false);
    return loadStoredRun(
      await services.store(),
      id,
      (p) => {
        if (mine === opening) setProgress(p);
      },
      () => mine !== opening,
    );
  });
  /**
   * A stored run's status: its summary's once its head has loaded (replaying, or paused, while its
   * replay stands before its end), else why there is none.
   */
  const storedStatus = (): ReplayStatus => {
    const said = (state: string) => ({ state, words: statusWord(state), detail: '' });
    const l = load.loading ? undefined : load();
    if (l?.kind === 'missing') return said('not found');
    if (l?.kind === 'failed') return said('unreadable');
    if (l?.kind === 'ready') {
      const at = replayAt();
      return at === undefined
        ? said(l.head.summary.status)
        : replayStatus(l.events, at, l.head.summary.status, replayPlaying());
    }
    return said(shownId() ? 'loading' : 'idle');
  };
  return { load, progress, storedStatus, setReplayAt, setReplayPlaying };
}

export type StoredRunLoading = ReturnType<typeof storedRunLoad>;
