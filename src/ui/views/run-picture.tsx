/**
 * The picture of one run, live or replayed: its metric cards, graph, agents, timeline, incidents,
 * a model orchestrator's calls, and its failures.
 */

import { For, lazy, Show } from 'solid-js';
import type { PlayMode, PolicyChoice } from '../../core/trace/events';
import type { TraceHeader } from '../../core/trace/header';
import type { Metrics } from '../../core/trace/metrics';
import { SIMULATED } from '../../core/trace/simulated-id';
import { providerOf } from '../../providers/registry';
import { DagView } from '../dag/dag-view';
import { isPeersPlan, runGraphHeading, timelineHeading } from '../dag/peers';
import { failureWords } from '../i18n/evidence-words';
import { providerLabel } from '../i18n/provider-words';
import { t } from '../i18n/t';
import { say } from '../i18n/words';
import type { LiveTally } from '../model/live-attempts';
import { callsNoTools, metricCards } from '../model/metric-cards';
import type { RunSnapshot } from '../model/replay';
import { TimelineView } from '../timeline/timeline-view';
import { MetricCards } from './metric-cards-view';
import { PolicyDecisions } from './policy-decisions';

// Loaded with the first run that has agents: not part of the page's first load.
// Shown only when the self-healing loop saw something; loaded then.
const IncidentsView = lazy(async () => ({ default: (await import('./incidents-view')).IncidentsView }));
const AgentGraphView = lazy(async () => ({
  default: (await import('../dag/agent-graph-view')).AgentGraphView,
}));

export function RunPicture(props: {
  snapshot: RunSnapshot;
  /** A live run's step-time now, between events: its running attempts' bars grow to it. */
  now?: number | undefined;
  metrics: Partial<Metrics> | undefined;
  /** The scenario's kind, from the trace header: which measure its quality is. */
  kind: string | undefined;
  /** The plan's estimate of the lower bound; the shown one comes from the run's own durations. */
  plannedBound: number;
  startupMs?: number | undefined;
  /** The trace header's provider: whose pace the wall clock is. */
  provider?: string | undefined;
  budgets: TraceHeader['budgets'];
  running: number;
  /** The running attempts' work so far (a live run's): the counters move before they end. */
  live?: LiveTally | undefined;
  /** The first words of each running attempt's latest turn, by task id (a live run's). */
  saying?: ReadonlyMap<string, string> | undefined;
  /** The orchestrator's step cost per task, for the critical path. */
  overhead: number;
  /** How a run that will not be graded ended (metric-cards.ts), if it did. */
  endedEarly?: string | undefined;
  /** A learned policy's plan decision, from the trace header. */
  planChoices?: readonly PolicyChoice[] | undefined;
  /** "Fork from here" in the details of the graph's nodes and the timeline's bars, once the run ended. */
  onFork?: ((decision: number) => void) | undefined;
  /** How the learned policy chose (the header's `play`): greedy when absent. */
  play?: PlayMode | undefined;
}) {
  const cards = () =>
    props.metrics
      ? metricCards({
          metrics: props.metrics,
          ...(props.kind ? { kind: props.kind } : {}),
          criteria: props.snapshot.grade?.criteria,
          lowerBound: props.snapshot.realized.lowerBound,
          plannedBound: props.plannedBound,
          ...(props.startupMs ? { startupMs: props.startupMs } : {}),
          // A real model named as the Run settings name it ("OpenAI-compatible endpoint"), not by its id.
          ...(props.provider
            ? {
                provider: props.provider === SIMULATED ? props.provider : providerLabelOf(props.provider),
              }
            : {}),
          maxToolCalls: props.budgets.maxToolCalls ?? Number.POSITIVE_INFINITY,
          noTools: callsNoTools(props.kind, props.snapshot.graph),
          maxTokens: props.budgets.maxTokens ?? Number.POSITIVE_INFINITY,
          running: props.running,
          ...(props.live ? { live: props.live } : {}),
          graded: props.snapshot.finished,
          ...(props.endedEarly ? { endedEarly: props.endedEarly } : {}),
          orchestratorSteps: props.snapshot.realized.path.nodes.reduce(
            (a, n) => a + (n.kind === 'main' ? n.end - n.start : 0),
            0,
          ),
        })
      : [];
  const status = (id: string) => props.snapshot.status.get(id) ?? 'waiting';
  // A decentralized run (peers' turns in rounds, no orchestrator) is worded as one everywhere.
  const peers = () => isPeersPlan(props.snapshot.segments.map((s) => s.task));
  return (
    <>
      <MetricCards cards={cards()} />
      <Show when={props.snapshot.graph}>
        {(graph) => (
          <div class="figure">
            <h3>{runGraphHeading(peers())}</h3>
            <DagView
              graph={graph()}
              status={status}
              overhead={props.overhead}
              realized={props.snapshot.seq >= 0 ? props.snapshot.realized : undefined}
              bounds={{
                planned: props.plannedBound,
                // P as the bounds take it (core/graph/cpm lowerBound): no more subagents than tasks.
                workers: Math.max(1, Math.min(graph().n, props.budgets.maxConcurrentSubagents ?? 100)),
              }}
              onFork={props.onFork}
            />
          </div>
        )}
      </Show>
      <Show when={props.snapshot.subagents.length > 0}>
        <div class="figure">
          <h3>
            {props.snapshot.messages.length > 0
              ? t('picture.agentsPeersArrows')
              : peers()
                ? // The arrows are promised only when there are messages to draw.
                  t('picture.agentsPeersNone')
                : t('picture.agents')}
          </h3>
          <AgentGraphView snapshot={props.snapshot} />
          <Saying saying={props.saying} />
        </div>
      </Show>
      <div class="figure">
        <h3>{timelineHeading(peers())}</h3>
        <TimelineView
          snapshot={props.snapshot}
          {...(props.now !== undefined ? { now: props.now } : {})}
          onFork={props.onFork}
        />
      </div>
      <Show when={props.snapshot.incidents.length > 0}>
        <IncidentsView snapshot={props.snapshot} />
      </Show>
      {/* The orchestration environment's orchestrator reads in turns but calls no tools: only a
      model orchestrator's calls, or its error, make a section with something in it. */}
      <Show when={props.snapshot.orchestrator.length > 0 || props.snapshot.orchestratorError}>
        <OrchestratorLog snapshot={props.snapshot} />
      </Show>
      <PolicyDecisions snapshot={props.snapshot} plan={props.planChoices} play={props.play} />
      <Failures snapshot={props.snapshot} />
    </>
  );
}

/** A provider's label as the page names it, or its id when the page has none. */
const providerLabelOf = (id: string): string => {
  const p = providerOf(id);
  return p ? providerLabel(p) : id;
};
/** Running agents' latest words, as they say them: what the swarm is doing before any part ends. */
function Saying(props: { saying?: ReadonlyMap<string, string> | undefined }) {
  const lines = () => [...(props.saying ?? new Map<string, string>()).entries()].slice(0, SAYING_SHOWN);
  return (
    <Show when={lines().length > 0}>
      <ul class="note saying" data-testid="agents-saying">
        <For each={lines()}>
          {([task, words]) => (
            <li>
              <strong>{task}</strong>: {words}
            </li>
          )}
        </For>
      </ul>
    </Show>
  );
}

/** Running agents whose words are shown at once; the rest are in the picture. */
const SAYING_SHOWN = 6;

/** Failed attempts in words: how many, and the latest error as the model or the runtime gave it. */
function Failures(props: { snapshot: RunSnapshot }) {
  const failed = () => props.snapshot.segments.filter((s) => s.outcome === 'failed');
  return (
    <Show when={failed().at(-1)}>
      {(last) => (
        <p class="note" data-testid="run-failures">
          {t('picture.failures', {
            n: failed().length,
            task: last().task,
            attempt: last().attempt,
            error: last().error === undefined ? t('picture.noReason') : say(failureWords(last().error ?? '')),
          })}
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
        {t('picture.orchestratorLog', { turns: props.snapshot.orchestratorTurns })}
        {refused() > 0 ? t('picture.refused', { n: refused() }) : ''}
      </h3>
      <Show when={props.snapshot.orchestratorError}>
        <div class="error" role="alert" data-testid="orchestrator-error">
          {t('picture.orchestratorFailed', { error: props.snapshot.orchestratorError ?? '' })}
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
