/** The live run in the Run view: its replay controls once it ended, its picture, its answer. */
import { type Accessor, Show } from 'solid-js';
import type { TraceHeader } from '../../core/trace/header';
import type { Metrics } from '../../core/trace/metrics';
import { PageError } from '../i18n/page-error';
import { words } from '../i18n/words';
import { measureKindOf, qualityLine, qualityMeasure } from '../model/quality';
import type { RunSnapshot } from '../model/replay';
import { session } from '../run/session';
import { services } from '../services';
import { AnswerView } from './answer-view';
import { AskRunPanel } from './ask-run-panel';
import { FinishedRunControls, type ReplayStart } from './finished-run-controls';
import { RunPicture } from './run-picture';

/** How a live run may have ended: it then has the replay controls a stored run has. */
const ENDED: ReadonlySet<string> = new Set(['done', 'cancelled', 'failed']);

export function LiveRunPane(props: {
  /** The last snapshot there was (see RunView). */
  readonly lastSnapshot: Accessor<RunSnapshot | undefined>;
  /** Step-time now, for running attempts' bars. */
  readonly liveT: Accessor<number | undefined>;
  /** The live metrics, the wall clock at now. */
  readonly liveMetrics: Accessor<Metrics | undefined>;
  /** The run that just ended opened as stored by its replay controls. */
  readonly onOpen: (start: ReplayStart) => void;
  /** "Fork from decision K" in the finished run's picture. */
  readonly onFork: (decision: number) => void;
}) {
  const live = session.view;
  return (
    <>
      <Show when={live().id !== undefined && ENDED.has(live().status) && live().snapshot}>
        {(s) => <FinishedRunControls events={s().seq + 1} step={s().t} onOpen={props.onOpen} />}
      </Show>
      <Show when={live().snapshot}>
        <RunPicture
          snapshot={props.lastSnapshot() as RunSnapshot}
          now={props.liveT()}
          metrics={props.liveMetrics()}
          kind={live().header ? measureKindOf(live().header as TraceHeader) : undefined}
          plannedBound={live().lowerBound}
          startupMs={live().startupMs}
          provider={live().header?.provider}
          budgets={live().header?.budgets ?? {}}
          running={live().running}
          live={live().live}
          saying={live().saying}
          overhead={live().header?.mainStepCost ?? 0}
          endedEarly={live().status === 'cancelled' || live().status === 'failed' ? live().status : undefined}
          planChoices={live().header?.planChoices}
          onFork={live().id !== undefined && ENDED.has(live().status) ? props.onFork : undefined}
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
      {/* Asked about once it ended: the trace is read from the Library it was written to. */}
      <Show when={live().id !== undefined && ENDED.has(live().status) ? live().id : undefined} keyed>
        {(id) => <AskRunPanel runId={id} trace={() => storedTrace(id)} timelineAtEnd={() => true} />}
      </Show>
    </>
  );
}

async function storedTrace(id: string) {
  const trace = await (await services.store()).get(id);
  if (!trace) throw new PageError(words('analysis.runGone', { id }));
  return trace;
}

/** The live run's score line, once its metrics hold the grade. */
function liveScore(criteria: Readonly<Record<string, number>> | undefined): string | undefined {
  const v = session.view();
  if (!v.metrics || !v.snapshot?.grade) return undefined;
  return qualityLine(v.metrics.quality, qualityMeasure(v.header ? measureKindOf(v.header) : '', criteria));
}
