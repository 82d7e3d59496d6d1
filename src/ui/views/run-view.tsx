import { createEffect, createMemo, createSignal, Show } from 'solid-js';
import { app } from '../app-state';
import type { RunSnapshot } from '../model/replay';
import { session } from '../run/session';
import { ConfigPanel } from './config-panel';
import type { ReplayStart } from './finished-run-controls';
import { liveClock } from './live-clock';
import { LiveRunPane } from './live-run-pane';
import { OwnRequestNote } from './own-request-note';
import { FASTEST } from './pace-control';
import { RunActions } from './run-actions';
import { RunLengthNote } from './run-length-note';
import { RunNotes } from './run-notes';
import { RunStatus } from './run-status';
import { storedRunLoad } from './stored-run-load';
import { StoredRunPane } from './stored-run-pane';

/** Settings, the run controls, and the run itself: live while it goes on, or a stored one replayed. */
export function RunView() {
  const live = session.view;
  // The last snapshot there was: what a computation still scheduled when a new run clears the
  // snapshot reads (the Show's own accessor throws once its condition is gone).
  const lastSnapshot = createMemo<RunSnapshot | undefined>((previous) => live().snapshot ?? previous);
  const shownId = () => app.state().runs[0];
  // The last run in this tab, if it was of another scenario than the one now picked (the Router
  // opening a scenario, a card, the settings): shown, its graph and answer read as this one's.
  const otherScenario = () => {
    const ran = live().scenario;
    return live().status !== 'idle' &&
      shownId() === undefined &&
      ran !== undefined &&
      ran !== app.state().scenario
      ? ran
      : undefined;
  };
  const { liveMetrics, liveT } = liveClock();
  const going = () => live().status === 'starting' || live().status === 'running';
  // The run that just ended, opened as stored by its replay controls: how its replay starts.
  const [replaying, setReplaying] = createSignal<ReplayStart | undefined>();
  const replay = (start: ReplayStart) => {
    setReplaying(start);
    app.update({ runs: [live().id as string] });
  };
  // "Fork from decision K" in the finished run's picture: it opens as stored, its fork panel at K.
  const forkFrom = (decision: number) => {
    setReplaying({ fork: true });
    app.update({ runs: [live().id as string], fork: decision });
  };
  // Over once another run starts (from here, the gallery, a link) or another run is opened.
  createEffect(() => {
    if (live().status === 'running' || shownId() !== live().id) setReplaying(undefined);
  });
  // The last run worked on another typed request than the one now asked (the Router's next
  // request, same workflow): it is not this request's run, and shows nothing of it.
  const otherRequest = () => live().status !== 'idle' && (live().ask ?? '') !== app.state().ask.trim();
  const isLive = () =>
    !replaying() &&
    live().status !== 'idle' &&
    (shownId() === undefined || shownId() === live().id) &&
    otherScenario() === undefined &&
    !otherRequest();
  // Why "Compare with a single agent" could not, for a stored run.
  const [compareProblem, setCompareProblem] = createSignal<string | undefined>();
  // What "Kill a worker" did, said at once: before, nothing showed until the run ended.
  const [killNote, setKillNote] = createSignal<string | undefined>();
  const stored = storedRunLoad(() => (isLive() ? undefined : shownId()), shownId);
  return (
    <div class="run-layout">
      <ConfigPanel />
      <section>
        <OwnRequestNote />
        <RunActions
          going={going}
          onRun={() => {
            setReplaying(undefined);
            app.update({ runs: [] });
            setKillNote(undefined);
          }}
          onKilled={setKillNote}
          onCompareProblem={setCompareProblem}
        >
          <RunStatus isLive={isLive} storedStatus={stored.storedStatus} />
        </RunActions>
        <RunLengthNote fastest={FASTEST} going={going} live={isLive} snapshot={lastSnapshot} />
        <RunNotes killNote={killNote} compareProblem={compareProblem} isLive={isLive} />
        <Show
          when={isLive()}
          fallback={
            <StoredRunPane
              stored={stored}
              shownId={shownId}
              otherScenario={otherScenario}
              replaying={replaying}
            />
          }
        >
          <LiveRunPane
            lastSnapshot={lastSnapshot}
            liveT={liveT}
            liveMetrics={liveMetrics}
            onOpen={replay}
            onFork={forkFrom}
          />
        </Show>
      </section>
    </div>
  );
}
