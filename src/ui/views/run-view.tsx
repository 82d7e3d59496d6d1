import { createMemo, createResource, createSignal, For, lazy, Match, Show, Switch } from 'solid-js';
import { lowerBound } from '../../core/graph/cpm';
import { graphOrThrow } from '../../core/graph/validate';
import type { TraceEvent, TraceHeader } from '../../core/trace/events';
import type { Metrics } from '../../core/trace/metrics';
import { app } from '../app-state';
import { DagView } from '../dag/dag-view';
import { metricCards } from '../model/metric-cards';
import { foldTrace, type RunSnapshot } from '../model/replay';
import { session } from '../run/session';
import { type LoadProgress, loadStoredRun } from '../run/stored-run';
import { services } from '../services';
import { TimelineView } from '../timeline/timeline-view';
import { quoted } from '../url-state';
import { AnswerView } from './answer-view';
import { ConfigPanel } from './config-panel';
import { MetricCards } from './metric-cards-view';
import { StoredRunNote } from './stored-run-note';

// Loaded with the first run that has agents: not part of the page's first load.
// Shown only when the self-healing loop saw something; loaded then.
const IncidentsView = lazy(async () => ({ default: (await import('./incidents-view')).IncidentsView }));
const AgentGraphView = lazy(async () => ({
  default: (await import('../dag/agent-graph-view')).AgentGraphView,
}));

/** Settings, the run controls, and the run itself: live while it goes on, or a stored one replayed. */
export function RunView() {
  const live = session.view;
  // The last snapshot there was: what a computation still scheduled when a new run clears the
  // snapshot reads (the Show's own accessor throws once its condition is gone).
  const lastSnapshot = createMemo<RunSnapshot | undefined>((previous) => live().snapshot ?? previous);
  const shownId = () => app.state().runs[0];
  const isLive = () => live().status !== 'idle' && (shownId() === undefined || shownId() === live().id);
  // A stored run opens head first, then its events page by page (stored-run.ts); what has loaded
  // so far shows while the rest comes.
  const [progress, setProgress] = createSignal<LoadProgress | undefined>();
  let opening = 0;
  const [load] = createResource(
    () => (isLive() ? undefined : shownId()),
    async (id) => {
      const mine = ++opening;
      setProgress(undefined);
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
  /** A stored run's status: its summary's once its head has loaded, else why there is none. */
  const storedStatus = (): string => {
    const l = load.loading ? undefined : load();
    if (l?.kind === 'missing') return 'not found';
    if (l?.kind === 'failed') return 'unreadable';
    if (l?.kind === 'ready') return l.head.summary.status;
    return shownId() ? 'loading' : 'idle';
  };
  return (
    <div class="run-layout">
      <ConfigPanel />
      <section>
        <div class="actions">
          <button
            type="button"
            class="primary"
            data-testid="run-button"
            disabled={session.busy() && live().status === 'running'}
            onClick={() => {
              app.update({ runs: [] });
              void session.start();
            }}
          >
            Run
          </button>
          <button
            type="button"
            class="secondary"
            data-testid="stop-button"
            disabled={live().status !== 'running'}
            onClick={() => session.stop()}
          >
            Stop
          </button>
          <button
            type="button"
            class="secondary"
            data-testid="kill-worker"
            title={
              live().workers
                ? 'Terminate one busy subagent worker, as a crash would: its task is retried'
                : 'Only simulated runs of task scenarios have subagent workers to kill'
            }
            disabled={live().status !== 'running' || !live().workers}
            onClick={() => session.kill()}
          >
            Kill a worker
          </button>
          <button
            type="button"
            class="secondary"
            data-testid="compare-serial"
            onClick={() => void compareWithSerial()}
          >
            Compare with a single agent
          </button>
          <span>
            Status:{' '}
            <span
              class="status"
              data-testid="run-status"
              data-state={isLive() ? live().status : storedStatus()}
            >
              {isLive() ? live().status : storedStatus()}
            </span>
          </span>
        </div>
        <Show when={isLive() && live().error}>
          <div class="error" role="alert" data-testid="run-error">
            {live().error}
          </div>
        </Show>
        <Show when={isLive() && live().parallelism}>
          {(p) => (
            <p class="note" data-testid="parallelism">
              Parallelism on this GPU: effective {p().effective.toFixed(2)} of nominal{' '}
              {p().nominal.toFixed(2)} (peaks {p().peakEffective} of {p().peakNominal};{' '}
              {p().engines === 1 ? 'one shared engine' : `${p().engines} engines`}). Subagents beyond the
              engine count wait their turn; the time model's makespan shows what parallel hardware would give
              (docs/models.md).
            </p>
          )}
        </Show>
        <Show
          when={isLive()}
          fallback={
            <Switch
              fallback={
                <Show when={shownId()}>
                  {(id) => (
                    <p class="note" data-testid="run-loading" role="status">
                      Loading run {quoted(id())}…
                      <Show when={progress()}>
                        {(p) =>
                          ` ${p().loaded.toLocaleString('en')} of ${p().total.toLocaleString('en')} events`
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
                    <Replay header={l.head.header} events={l.events} final={l.final} />
                  ) : (
                    <div class="error" role="alert" data-testid="run-missing">
                      {l.kind === 'missing'
                        ? `There is no run ${quoted(l.id)} in this browser's library: it may have been deleted, or the link was made in another browser. Open the Library to see the runs stored here.`
                        : `Run ${quoted(l.id)} could not be read from the library: ${l.message}`}
                    </div>
                  )
                }
              </Match>
            </Switch>
          }
        >
          <Show when={live().snapshot}>
            <RunPicture
              snapshot={lastSnapshot() as RunSnapshot}
              metrics={live().metrics}
              plannedBound={live().lowerBound}
              startupMs={live().startupMs}
              budgets={live().header?.budgets ?? {}}
              running={live().running}
              overhead={live().header?.mainStepCost ?? 0}
            />
          </Show>
          <Show when={live().result}>
            {(r) => <AnswerView text={r().text} criteria={r().criteria} lookup={session.lookup()} />}
          </Show>
        </Show>
      </section>
    </div>
  );
}

/** Runs the single agent on the same scenario and seed after the swarm, then compares the two. */
async function compareWithSerial() {
  const settings = app.state();
  const swarm =
    settings.runs[0] ??
    (await session.start({
      ...settings,
      policy: settings.policy === 'serial' ? 'heuristic' : settings.policy,
    }));
  const serial = await session.start({ ...app.state(), policy: 'serial' });
  if (swarm && serial) app.update({ view: 'compare', runs: [swarm, serial] });
}

function RunPicture(props: {
  snapshot: RunSnapshot;
  metrics: Metrics | undefined;
  /** The plan's estimate of the lower bound; the shown one comes from the run's own durations. */
  plannedBound: number;
  startupMs?: number | undefined;
  budgets: TraceHeader['budgets'];
  running: number;
  /** The orchestrator's step cost per task, for the critical path. */
  overhead: number;
}) {
  const cards = () =>
    props.metrics
      ? metricCards({
          metrics: props.metrics,
          lowerBound: props.snapshot.realized.lowerBound,
          plannedBound: props.plannedBound,
          ...(props.startupMs ? { startupMs: props.startupMs } : {}),
          maxToolCalls: props.budgets.maxToolCalls ?? Number.POSITIVE_INFINITY,
          maxTokens: props.budgets.maxTokens ?? Number.POSITIVE_INFINITY,
          running: props.running,
          graded: props.snapshot.finished,
          orchestratorSteps: props.snapshot.realized.path.nodes.reduce(
            (a, n) => a + (n.kind === 'main' ? n.end - n.start : 0),
            0,
          ),
        })
      : [];
  const status = (id: string) => props.snapshot.status.get(id) ?? 'waiting';
  return (
    <>
      <MetricCards cards={cards()} />
      <Show when={props.snapshot.graph}>
        {(graph) => (
          <div class="figure">
            <h3>
              Run graph — tasks and the orchestrator's steps; the realized critical path in red, the planned
              one dashed; hover a node for its slack and a what-if
            </h3>
            <DagView
              graph={graph()}
              status={status}
              overhead={props.overhead}
              realized={props.snapshot.seq >= 0 ? props.snapshot.realized : undefined}
            />
          </div>
        )}
      </Show>
      <Show when={props.snapshot.subagents.length > 0}>
        <div class="figure">
          <h3>
            {props.snapshot.messages.length > 0 ||
            props.snapshot.segments.some((s) => /^r\d+-peer-/.test(s.task))
              ? 'Agents — a decentralized team: no orchestrator, messages on a shared board as arrows, one colour a round'
              : 'Agents — the orchestrator and the subagents it made'}
          </h3>
          <AgentGraphView snapshot={props.snapshot} />
        </div>
      </Show>
      <div class="figure">
        <h3>
          Timeline — the orchestrator's steps, then one lane per subagent, in step-time; the realized critical
          path outlined in red
        </h3>
        <TimelineView snapshot={props.snapshot} />
      </div>
      <Show when={props.snapshot.incidents.length > 0}>
        <IncidentsView snapshot={props.snapshot} />
      </Show>
      <Show when={props.snapshot.orchestratorTurns > 0}>
        <OrchestratorLog snapshot={props.snapshot} />
      </Show>
      <Failures snapshot={props.snapshot} />
    </>
  );
}

/** Failed attempts in words: how many, and the latest error as the model or the runtime gave it. */
function Failures(props: { snapshot: RunSnapshot }) {
  const failed = () => props.snapshot.segments.filter((s) => s.outcome === 'failed');
  return (
    <Show when={failed().at(-1)}>
      {(last) => (
        <p class="note" data-testid="run-failures">
          {failed().length} attempt{failed().length === 1 ? '' : 's'} failed. The latest, {last().task}{' '}
          (attempt {last().attempt}): {last().error ?? 'no reason recorded'}
        </p>
      )}
    </Show>
  );
}

/** What a model orchestrator (policy llm) called, and what it was told back; refused calls stand out. */
function OrchestratorLog(props: { snapshot: RunSnapshot }) {
  const refused = () => props.snapshot.orchestrator.filter((c) => !c.ok).length;
  return (
    <div class="figure" data-testid="orchestrator-log">
      <h3>
        Orchestrator model — {props.snapshot.orchestratorTurns} turn(s); latest calls
        {refused() > 0 ? `, ${refused()} refused` : ''}
      </h3>
      <Show when={props.snapshot.orchestratorError}>
        <div class="error" role="alert" data-testid="orchestrator-error">
          The orchestrator model failed: {props.snapshot.orchestratorError}
        </div>
      </Show>
      <ol class="calls">
        <For each={[...props.snapshot.orchestrator].reverse()}>
          {(call) => (
            <li data-testid="orchestrator-call" classList={{ refused: !call.ok }}>
              <code>
                t={call.t} {call.tool}({call.args})
              </code>
              <span class="note"> → {call.result}</span>
            </li>
          )}
        </For>
      </ol>
    </div>
  );
}

/** A stored run, replayed step by step with a scrubber. */
function Replay(props: { header: TraceHeader; events: readonly TraceEvent[]; final: RunSnapshot }) {
  const last = () => props.events[props.events.length - 1]?.seq ?? 0;
  const [upTo, setUpTo] = createSignal(Number.POSITIVE_INFINITY);
  const at = () => Math.min(upTo(), last());
  // At the end the snapshot folded while the run loaded; folded again only when scrubbed back.
  const snapshot = createMemo(() =>
    at() >= last() ? props.final : foldTrace(props.events, at(), props.header.mainStepCost),
  );
  const finished = createMemo(() => {
    const end = props.events.find((e) => e.type === 'run.finished');
    return end?.type === 'run.finished' ? (end.metrics as unknown as Metrics) : undefined;
  });
  const bound = createMemo(() => {
    const graph = snapshot().graph;
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
      <div class="scrubber">
        <button type="button" class="secondary" onClick={() => setUpTo(0)}>
          ⏮
        </button>
        <input
          type="range"
          min="0"
          max={last()}
          value={at()}
          data-testid="replay-scrubber"
          aria-label="Replay position (event number)"
          onInput={(e) => setUpTo(Number(e.currentTarget.value))}
        />
        <span class="mono">
          event {at()} / {last()} · step {snapshot().t}
        </span>
      </div>
      <StoredRunNote header={props.header} />
      <RunPicture
        snapshot={snapshot()}
        metrics={at() >= last() ? finished() : undefined}
        plannedBound={bound()}
        budgets={props.header.budgets}
        overhead={props.header.mainStepCost}
        running={snapshot().segments.filter((s) => s.outcome === 'running').length}
      />
    </>
  );
}
