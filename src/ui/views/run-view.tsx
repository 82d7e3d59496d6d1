import {
  createEffect,
  createMemo,
  createResource,
  createSignal,
  Match,
  onCleanup,
  Show,
  Switch,
} from 'solid-js';
import { DEFAULT_POLICY } from '../../core/request/defaults';
import type { TraceHeader } from '../../core/trace/events';
import { app } from '../app-state';
import { findScenario } from '../catalog';
import { statusWord } from '../i18n/status-word';
import { t } from '../i18n/t';
import { say } from '../i18n/words';
import { formatNumber } from '../model/format';
import { liveStep, runningHorizon } from '../model/live-step';
import { measureKindOf, qualityLine, qualityMeasure } from '../model/quality';
import type { RunSnapshot } from '../model/replay';
import { type ReplayStatus, replayStatus } from '../model/replay-position';
import { endNote } from '../model/status-words';
import { session } from '../run/session';
import { type LoadProgress, loadStoredRun } from '../run/stored-run';
import { services } from '../services';
import { quoted } from '../url-state';
import { AnswerView } from './answer-view';
import { ConfigPanel } from './config-panel';
import { FinishedRunControls, type ReplayStart } from './finished-run-controls';
import { NoRunHint } from './no-run-hint';
import { OwnRequestNote } from './own-request-note';
import { FASTEST, PaceControl } from './pace-control';
import { Replay } from './replay-view';
import { RunLengthNote } from './run-length-note';
import { RunPicture } from './run-picture';

/** How a live run may have ended: it then has the replay controls a stored run has. */
const ENDED: ReadonlySet<string> = new Set(['done', 'cancelled', 'failed']);

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
  // While a run goes on, its wall clock moves every frame, not only when an event lands: at a
  // watching pace a model's reply takes seconds, and a clock standing still read as a stalled run.
  const [now, setNow] = createSignal(0);
  createEffect(() => {
    if (live().status !== 'running') return;
    let frame = requestAnimationFrame(function tick() {
      setNow(services.clock.now());
      frame = requestAnimationFrame(tick);
    });
    onCleanup(() => cancelAnimationFrame(frame));
  });
  const liveMetrics = () => {
    const m = live().metrics;
    const from = live().startedAtMs;
    if (!m || live().status !== 'running' || from === undefined) return m;
    return { ...m, wallClockMs: Math.max(m.wallClockMs, now() - from) };
  };
  // Step-time now, for running attempts' bars: they grow with the clock between events.
  const liveT = () => {
    const m = live().metrics;
    const from = live().startedAtMs;
    const snapshot = live().snapshot;
    if (!m || !snapshot || live().status !== 'running' || from === undefined) return undefined;
    return liveStep({
      t: snapshot.t,
      wallAtLastMs: m.wallClockMs,
      wallNowMs: now() - from,
      paceMs: app.state().pace,
      until: runningHorizon(snapshot.segments, snapshot.graph),
    });
  };
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
  // A stored run opens head first, then its events page by page (stored-run.ts); what has loaded
  // so far shows while the rest comes.
  const [progress, setProgress] = createSignal<LoadProgress | undefined>();
  // Why "Compare with a single agent" could not, for a stored run.
  const [compareProblem, setCompareProblem] = createSignal<string | undefined>();
  // What "Kill a worker" did, said at once: before, nothing showed until the run ended.
  const [killNote, setKillNote] = createSignal<string | undefined>();
  // The event a stored run is scrubbed back to; undefined at its end.
  const [replayAt, setReplayAt] = createSignal<number | undefined>();
  // Whether the stored run's replay is playing.
  const [replayPlaying, setReplayPlaying] = createSignal(false);
  let opening = 0;
  const [load] = createResource(
    () => (isLive() ? undefined : shownId()),
    async (id) => {
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
    },
  );
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
  return (
    <div class="run-layout">
      <ConfigPanel />
      <section>
        <OwnRequestNote />
        <div class="actions">
          <button
            type="button"
            class="primary"
            data-testid="run-button"
            disabled={session.busy() && live().status === 'running'}
            onClick={() => {
              setReplaying(undefined);
              app.update({ runs: [] });
              setKillNote(undefined);
              void session.start();
            }}
          >
            {t('run.run')}
          </button>
          <PaceControl going={going()} holding={live().holding === true} onNext={() => session.next()} />
          <button
            type="button"
            class="secondary"
            data-testid="stop-button"
            disabled={live().status !== 'running'}
            onClick={() => session.stop()}
          >
            {t('run.stop')}
          </button>
          <button
            type="button"
            class="secondary"
            data-testid="kill-worker"
            title={live().workers ? t('run.killTitle') : t('run.killTitleNone')}
            disabled={live().status !== 'running' || !live().workers}
            onClick={() => {
              const killed = session.kill();
              setKillNote(
                killed
                  ? t('run.killed', {
                      subagent: killed.subagent,
                      task: killed.taskId,
                      attempt: killed.attempt,
                    })
                  : t('run.killedNone'),
              );
            }}
          >
            {t('run.kill')}
          </button>
          <button
            type="button"
            class="secondary"
            data-testid="compare-serial"
            onClick={() => {
              setCompareProblem(undefined);
              void compareWithSerial().then(setCompareProblem);
            }}
          >
            {t('run.compareSerial')}
          </button>
          <span>
            {t('run.status')}{' '}
            {/* A live region, so a screen reader hears the run start and end; focusable, so the
                gallery's Run can move focus here instead of leaving it on the page's body. */}
            <span
              class="status"
              role="status"
              tabIndex={-1}
              id="run-status"
              data-testid="run-status"
              data-state={isLive() ? live().status : storedStatus().state}
            >
              <Show
                when={!isLive()}
                fallback={
                  live().status === 'running' && live().holding ? t('run.holding') : statusWord(live().status)
                }
              >
                {storedStatus().words}
                {/* The step a playing replay stands at changes many times a second: shown, and
                    not read out each time by a screen reader (the replay's position says it). */}
                <Show when={storedStatus().detail}>
                  <span aria-hidden="true">{storedStatus().detail}</span>
                </Show>
              </Show>
            </span>
            <Show when={isLive() && endNote(live().status, live().endReason)}>
              {(words) => (
                <span class="end-reason" data-testid="run-end-reason">
                  {' '}
                  — {words()}
                </span>
              )}
            </Show>
          </span>
        </div>
        <RunLengthNote fastest={FASTEST} going={going} live={isLive} snapshot={lastSnapshot} />
        <Show when={killNote()}>
          <p class="note" role="status" data-testid="kill-note">
            {killNote()}
          </p>
        </Show>
        <Show when={compareProblem()}>
          <p class="note" role="status" data-testid="compare-problem">
            {compareProblem()}
          </p>
        </Show>
        <Show when={isLive() && live().error}>
          <div class="error" role="alert" data-testid="run-error">
            {say(live().error ?? '')}
          </div>
        </Show>
        <Show when={isLive() && live().parallelism}>
          {(p) => (
            <p class="note" data-testid="parallelism">
              {t('run.parallelism', {
                effective: p().effective.toFixed(2),
                nominal: p().nominal.toFixed(2),
                peakEffective: p().peakEffective,
                peakNominal: p().peakNominal,
                engines: p().engines,
              })}
            </p>
          )}
        </Show>
        <Show
          when={isLive()}
          fallback={
            <Switch
              fallback={
                <Show
                  when={shownId()}
                  fallback={<NoRunHint other={otherScenario()} status={live().status} />}
                >
                  {(id) => (
                    <p class="note" data-testid="run-loading" role="status">
                      {t('run.loading', { id: quoted(id()) })}
                      <Show when={progress()}>
                        {(p) =>
                          ` ${t('run.loaded', { loaded: formatNumber(p().loaded), total: formatNumber(p().total) })}`
                        }
                      </Show>
                    </p>
                  )}
                </Show>
              }
            >
              <Match when={load.loading ? undefined : load()} keyed>
                {(l) =>
                  l.kind === 'ready' ? (
                    <Replay
                      header={l.head.header}
                      events={l.events}
                      final={l.final}
                      status={l.head.summary.status}
                      onPosition={setReplayAt}
                      onPlaying={setReplayPlaying}
                      start={replaying()}
                    />
                  ) : (
                    <div class="error" role="alert" data-testid="run-missing">
                      {l.kind === 'missing'
                        ? t('run.missing', { id: quoted(l.id) })
                        : t('run.unreadable', { id: quoted(l.id), message: l.message })}
                    </div>
                  )
                }
              </Match>
            </Switch>
          }
        >
          <Show when={live().id !== undefined && ENDED.has(live().status) && live().snapshot}>
            {(s) => <FinishedRunControls events={s().seq + 1} step={s().t} onOpen={replay} />}
          </Show>
          <Show when={live().snapshot}>
            <RunPicture
              snapshot={lastSnapshot() as RunSnapshot}
              now={liveT()}
              metrics={liveMetrics()}
              kind={live().header ? measureKindOf(live().header as TraceHeader) : undefined}
              plannedBound={live().lowerBound}
              startupMs={live().startupMs}
              provider={live().header?.provider}
              budgets={live().header?.budgets ?? {}}
              running={live().running}
              live={live().live}
              saying={live().saying}
              overhead={live().header?.mainStepCost ?? 0}
              endedEarly={
                live().status === 'cancelled' || live().status === 'failed' ? live().status : undefined
              }
              planChoices={live().header?.planChoices}
              onFork={live().id !== undefined && ENDED.has(live().status) ? forkFrom : undefined}
              play={live().header?.play}
            />
          </Show>
          <Show when={live().result}>
            {(r) => (
              <AnswerView
                text={r().text}
                criteria={r().criteria}
                lookup={session.lookup()}
                score={liveScore(r().criteria)}
                pieces={r().pieces}
              />
            )}
          </Show>
        </Show>
      </section>
    </div>
  );
}

/** Runs the single agent on the same scenario and seed after the swarm, then compares the two. */
/**
 * The open run beside a single agent on the same task. A stored run's single agent runs that run's
 * scenario, seed and size (from its header), not the sidebar's, which may name another scenario:
 * a diamond graph was compared with a wide search. Returns why it cannot, if it cannot.
 */
async function compareWithSerial(): Promise<string | undefined> {
  const settings = app.state();
  const stored = settings.runs[0];
  if (stored === undefined) {
    const swarm = await session.start({
      ...settings,
      policy: settings.policy === 'serial' ? DEFAULT_POLICY : settings.policy,
    });
    const serial = await session.start({ ...app.state(), policy: 'serial' });
    if (swarm && serial) app.update({ view: 'compare', runs: [swarm, serial] });
    return undefined;
  }
  const header = (await (await services.store()).get(stored))?.header;
  if (!header) return t('run.compareGone');
  if (header.scenario.kind === 'orchestration') return t('run.compareOrchestration');
  if (!findScenario(header.scenario.id)) return t('run.compareNoScenario', { scenario: header.scenario.id });
  const serial = await session.start({
    ...settings,
    scenario: header.scenario.id,
    seed: header.seed,
    size: header.size ?? 0,
    policy: 'serial',
    runs: [],
  });
  if (serial) app.update({ view: 'compare', runs: [stored, serial] });
  return undefined;
}

/** The live run's score line, once its metrics hold the grade. */
function liveScore(criteria: Readonly<Record<string, number>> | undefined): string | undefined {
  const v = session.view();
  if (!v.metrics || !v.snapshot?.grade) return undefined;
  return qualityLine(v.metrics.quality, qualityMeasure(v.header ? measureKindOf(v.header) : '', criteria));
}
