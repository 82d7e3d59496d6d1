/** A stored run, replayed event by event with a scrubber, and the answer it handed back. */

import { createMemo, createSignal, onCleanup, onMount, Show } from 'solid-js';
import { lowerBound } from '../../core/graph/cpm';
import { graphOrThrow } from '../../core/graph/validate';
import { readMetrics } from '../../core/trace/cost-alias';
import type { TraceEvent } from '../../core/trace/events';
import type { TraceHeader } from '../../core/trace/header';
import type { Metrics } from '../../core/trace/metrics';
import { app } from '../app-state';
import { t } from '../i18n/t';
import { ENDED_EARLY } from '../model/cut-short';
import { measureKindOf, qualityLine, qualityMeasure } from '../model/quality';
import { foldTrace, type RunSnapshot } from '../model/replay';
import { metricsAt } from '../model/replay-position';
import { storedAnswer } from '../run/stored-answer';
import { AnswerView } from './answer-view';
import { AskRunPanel } from './ask-run-panel';
import type { ReplayStart } from './finished-run-controls';
import { ForkPanel } from './fork-panel';
import { type ReplayControl, ReplayControls } from './replay-controls';
import { RunPicture } from './run-picture';
import { StoredRunNote } from './stored-run-note';

export function Replay(props: {
  /** The stored run's id: its analyses are kept under it. */
  runId?: string;
  header: TraceHeader;
  events: readonly TraceEvent[];
  final: RunSnapshot;
  /** The stored run's status ('done', 'interrupted', …): at its end, how it ended. */
  status?: string;
  /** Hears the event scrubbed to (0-based), so the page's status says what was true then. */
  onPosition?: (index: number) => void;
  /** Hears Play and its end (paused, scrubbed, or at the last event), so the status says a replay plays. */
  onPlaying?: (playing: boolean) => void;
  /**
   * How it opens when the run that just ended in the Run view is replayed from its controls
   * (finished-run-controls.tsx): at an event or playing, the focus on the control that was used.
   */
  start?: ReplayStart;
}) {
  const last = () => Math.max(0, props.events.length - 1);
  const decisions = createMemo(() => props.events.filter((e) => e.type === 'orchestrator.step').length);
  // The scrubber moves over events by their place in the trace, counted from 1 as the Library
  // counts them; an event's seq is what the fold stops at.
  const [index, setIndex] = createSignal(Number.POSITIVE_INFINITY);
  const at = () => Math.min(index(), last());
  const atEnd = () => at() >= last();
  const move = (i: number) => {
    setIndex(i);
    props.onPosition?.(Math.min(i, last()));
  };
  // Play: step-time advances at a pace a person can follow, about ten seconds for the whole run
  // (between 80 ms and 1.5 s a step), the scrubber following the last event up to that time.
  const [playing, setPlayingSignal] = createSignal(false);
  const setPlaying = (on: boolean) => {
    setPlayingSignal(on);
    props.onPlaying?.(on);
  };
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    setPlaying(false);
  };
  const play = () => {
    if (playing()) return stop();
    const events = props.events;
    const end = events.at(-1)?.t ?? 0;
    const msPerStep = Math.min(1500, Math.max(80, 10_000 / Math.max(1, end)));
    const from = atEnd() ? 0 : (events[at()]?.t ?? 0);
    // Playing before moving back to the start: the status never reads "paused" on the way.
    const rewind = atEnd();
    setPlaying(true);
    if (rewind) move(0);
    const started = performance.now();
    const tick = () => {
      const t = from + (performance.now() - started) / msPerStep;
      let i = at();
      while (i < last() && (events[i + 1]?.t ?? Number.POSITIVE_INFINITY) <= t) i++;
      if (i !== at()) move(i);
      if (i >= last()) stop();
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
  };
  let controls: Record<ReplayControl, HTMLElement> | undefined;
  // "Fork from decision K" from a node's or a bar's detail, or the replay's position: the link
  // keeps the decision (`fork=K`), and the fork panel comes into view with the focus.
  const [summoned, setSummoned] = createSignal(0);
  const forkFrom = (decision: number) => {
    app.update({ fork: decision });
    setSummoned((n) => n + 1);
  };
  onMount(() => {
    if (props.start?.at !== undefined) move(props.start.at);
    if (props.start?.play) play();
    // The control used had gone with the run view's own controls: its twin here takes the focus.
    if (props.start?.focus) controls?.[props.start.focus].focus();
    // A fork asked for from the run that just ended: the panel it opens takes the focus.
    if (props.start?.fork) setSummoned(1);
  });
  onCleanup(() => {
    cancelAnimationFrame(frame);
    if (playing()) props.onPlaying?.(false);
  });
  // The orchestrator decision the scrubber stands on (the last one at or before it), where a fork starts.
  const stepAtPosition = createMemo(() => {
    let step = 1;
    for (let i = 0; i <= at() && i < props.events.length; i++) {
      const e = props.events[i];
      if (e?.type === 'orchestrator.step') step = e.step;
    }
    return step;
  });
  // At the end the snapshot folded while the run loaded; folded again only when scrubbed back.
  const snapshot = createMemo(() =>
    atEnd() ? props.final : foldTrace(props.events, props.events[at()]?.seq ?? -1, props.header.mainStepCost),
  );
  const finished = createMemo(() => {
    const end = props.events.find((e) => e.type === 'run.finished');
    return end?.type === 'run.finished'
      ? (readMetrics(end.metrics) as unknown as Partial<Metrics>)
      : undefined;
  });
  const metrics = () =>
    atEnd() && finished()
      ? finished()
      : metricsAt(props.events, at(), props.header.mainStepCost, measureKindOf(props.header));
  const answer = createMemo(() => storedAnswer(props.header, props.events));
  // The whole run's graph, not the one folded so far: mid-replay only the attempts started by then
  // are in it, and a bound of 1 step against 4 taken read as a schedule wasting parallelism.
  const bound = createMemo(() => {
    const graph = props.final.graph;
    if (!graph) return 0;
    const p = Math.min(graph.n || 1, props.header.budgets.maxConcurrentSubagents ?? 100);
    return lowerBound(
      graphOrThrow({ kind: 'graph', id: graph.id, tasks: graph.tasks }),
      p,
      props.header.mainStepCost,
    );
  });
  return (
    <>
      <ReplayControls
        playing={playing()}
        at={at()}
        last={last()}
        step={snapshot().t}
        onRewind={() => {
          stop();
          move(0);
        }}
        onPlay={play}
        onScrub={(i) => {
          stop();
          move(i);
        }}
        controls={(c) => {
          controls = c;
        }}
      />
      <Show when={decisions() > 0}>
        <p class="actions note">
          <span data-testid="replay-decision">
            {t('replayView.at', { at: stepAtPosition(), of: decisions() })}
          </span>
          <button
            type="button"
            class="secondary"
            data-testid="replay-fork-here"
            onClick={() => forkFrom(stepAtPosition())}
          >
            {t('replayView.fork', { at: stepAtPosition() })}
          </button>
        </p>
      </Show>
      <StoredRunNote header={props.header} />
      <ForkPanel
        header={props.header}
        events={props.events}
        step={stepAtPosition()}
        asked={app.state().fork}
        summoned={summoned()}
        onChoose={(decision) => app.update({ fork: decision })}
      />
      <RunPicture
        snapshot={snapshot()}
        metrics={metrics()}
        kind={measureKindOf(props.header)}
        plannedBound={bound()}
        provider={props.header.provider}
        budgets={props.header.budgets}
        overhead={props.header.mainStepCost}
        running={snapshot().segments.filter((s) => s.outcome === 'running').length}
        endedEarly={atEnd() && props.status && ENDED_EARLY.has(props.status) ? props.status : undefined}
        planChoices={props.header.planChoices}
        onFork={forkFrom}
        play={props.header.play}
      />
      {/* As live: the answer once the run has ended. Scrubbed back, the page shows that moment,
          and a graded answer beside a run still running contradicted it. */}
      <Show when={answer()}>
        {(a) => (
          <Show
            when={atEnd()}
            fallback={
              <p class="note" data-testid="replay-answer-later">
                {t('replayView.later', { n: props.events.length })}{' '}
                <button type="button" class="secondary" onClick={() => move(last())}>
                  {t('replayView.toEnd')}
                </button>
              </p>
            }
          >
            <AnswerView
              text={a().text}
              criteria={a().criteria}
              lookup={a().lookup}
              note={a().note}
              pieces={a().pieces}
              score={scoreLine(props.final, measureKindOf(props.header), finished())}
            />
          </Show>
        )}
      </Show>
      <Show when={props.runId} keyed>
        {(id) => (
          <AskRunPanel
            runId={id}
            trace={async () => ({ header: props.header, events: props.events })}
            timelineAtEnd={atEnd}
          />
        )}
      </Show>
    </>
  );
}

function scoreLine(final: RunSnapshot, kind: string, metrics: Partial<Metrics> | undefined) {
  const value = metrics?.quality ?? final.grade?.itemF1;
  return value === undefined ? undefined : qualityLine(value, qualityMeasure(kind, final.grade?.criteria));
}
