/**
 * The live run: one at a time, started from the settings in the URL. The settings become a
 * prepared run (`prepareRun`, the composition root every run goes through); the orchestrator runs
 * here, on the page's thread (it is a few microseconds per decision; docs/playground.md has the
 * measurement), and every subagent attempt of a task scenario runs in a Web Worker from the pool.
 * Each event goes to the library as it is made, to the replay fold and to the run's one metrics
 * accumulator; the page redraws at most every REDRAW_MS. Everything from outside (store, pool,
 * clock, pace) comes from `services`.
 */

import { createRoot, createSignal } from 'solid-js';
import type { ConcurrencySummary } from '../../adapters/browser/engine-concurrency';
import { watchEndpoint } from '../../adapters/common/endpoint-watch';
import { steppedPace } from '../../adapters/common/pace';
import type { KilledAttempt } from '../../adapters/common/thread-pool';
import type { ProviderSpec } from '../../core/providers/factories';
import { composeRun } from '../../core/request/compose-run';
import type { RequestScenario } from '../../core/request/run-input';
import { runAnswer } from '../../core/run/final-answer';
import { runPrepared, taskRoles } from '../../core/run/run';
import type { RunConfig } from '../../core/runtime/config';
import { pacedGraphExecutor } from '../../core/runtime/graph-executor';
import type { Pace } from '../../core/runtime/pace';
import { metricsContext, type SimulateResult } from '../../core/runtime/run-options';
import { knowledgeSearchOf } from '../../core/scenarios/rag-qa';
import { needsOf } from '../../core/scenarios/registry';
import type { ScenarioPorts } from '../../core/scenarios/types';
import { withoutFailures } from '../../core/trace/end-reason';
import type { TraceHeader } from '../../core/trace/header';
import { type Metrics, MetricsAccumulator } from '../../core/trace/metrics';
import { SIMULATED } from '../../core/trace/simulated-id';
import type { RunHandle } from '../../core/trace/store';
import { readRunRequest } from '../../providers/run-request';
import { app } from '../app-state';
import { type CatalogEntry, findScenario, profiles } from '../catalog';
import { PageError, saidOf } from '../i18n/page-error';
import { type Said, sayEnglish, words } from '../i18n/words';
import { LiveAttempts, type LiveTally, NO_LIVE } from '../model/live-attempts';
import { RunFolder, type RunSnapshot } from '../model/replay';
import { requestOfState } from '../request-state';
import { services } from '../services';
import { shortenLabel } from '../shorten-label';
import type { AppState } from '../url-state';
import type { PassageLookup } from '../views/answer-view';
import { pageBaseline, pageHealingTimings, rememberIfHealthy } from './healing-setup';
import { openInPage, PAGE_PROVIDERS } from './page-providers';
import { missingSavedPolicy, savedCheckpoints } from './policies';
import { throttledRedraw } from './redraw';
import { requestRunLabel, sampleRunLabel } from './run-label';
import type { RunProvider } from './run-provider';

/**
 * The simulated model, loaded on the first run: its players are most of the simulator's code, and
 * the page's simulated subagents play in workers, so the main thread needs it only by name (and to
 * play a model orchestrator offline).
 */
async function simulatedFor(pace?: Pace) {
  const { simulatedProviderFor } = await import('../../core/scenarios/players');
  return simulatedProviderFor(profiles, pace);
}
export type LiveStatus = 'idle' | 'starting' | 'running' | 'done' | 'cancelled' | 'failed';

/** Workers the page starts at most: attempts beyond wait their turn (effective ≤ nominal parallelism). */
export const MAX_WORKERS = 16;

/** The least time between two redraws of a live run. */
export const REDRAW_MS = 150;

export interface LiveView {
  readonly id: string | undefined;
  /** The scenario the run was started on: the Run view shows it only while that scenario is picked. */
  readonly scenario?: string;
  /**
   * The user's own request the run works on ('' for the scenario's sample): two typed requests
   * of one workflow share a scenario, and each must show only its own run.
   */
  readonly ask?: string;
  readonly status: LiveStatus;
  /** Why it failed: the page's own words (said in its language) or another's message as it is. */
  readonly error: Said | undefined;
  readonly header: TraceHeader | undefined;
  readonly snapshot: RunSnapshot | undefined;
  readonly metrics: Metrics | undefined;
  readonly lowerBound: number;
  readonly config: RunConfig | undefined;
  readonly running: number;
  /** What the running attempts have done so far, before their ends are recorded (live-attempts.ts). */
  readonly live: LiveTally;
  /** The first words of each running attempt's latest turn, by task id. */
  readonly saying: ReadonlyMap<string, string>;
  readonly crashes: number;
  /** Subagents run in the worker pool (simulated task runs), so one can be killed. */
  readonly workers: boolean;
  /** Real ms spent starting subagent workers before the run began (not in its wall clock). */
  readonly startupMs?: number;
  /** WebLLM runs: the concurrency the swarm asked for against what the engines delivered. */
  readonly parallelism?: ConcurrencySummary & { readonly engines: number };
  /** A task scenario's finished run: what it hands back, and the grader's criteria. */
  readonly result?: RunResult;
  /** Why the finished run ended (run.finished's reason): a budget, an overflow, completed… */
  readonly endReason?: string;
  /** `services.clock` when the run's clock started: the Run view ticks its wall clock from it. */
  readonly startedAtMs?: number;
  /** Step mode: the run is held before the orchestrator's next decision, waiting for "Next step". */
  readonly holding?: boolean;
}

export interface RunResult {
  readonly text: string;
  readonly criteria?: Readonly<Record<string, number>>;
  /** Each task's own answer, in plan order: what `text` was made from. */
  readonly pieces?: readonly { readonly task: string; readonly text: string }[];
}

const idle: LiveView = {
  id: undefined,
  status: 'idle',
  error: undefined,
  header: undefined,
  snapshot: undefined,
  metrics: undefined,
  lowerBound: 0,
  config: undefined,
  running: 0,
  live: NO_LIVE,
  saying: new Map(),
  crashes: 0,
  workers: false,
};

function createSession() {
  const [view, setView] = createSignal<LiveView>(idle);
  let nextStep: (() => void) | undefined;
  const [lookup, setLookup] = createSignal<PassageLookup | undefined>(undefined);
  let control: { abort: AbortController; kill?: () => KilledAttempt | undefined } | undefined;

  /**
   * `open: false` leaves the link's `runs` alone: the Compare view's picker starts its runs one
   * after another and keeps its own list of them in the link, which each start would overwrite.
   */
  async function start(
    settings: AppState = app.state(),
    { open = true }: { open?: boolean } = {},
  ): Promise<string | undefined> {
    if (control) return view().id;
    const abort = new AbortController();
    control = { abort };
    setView({ ...idle, status: 'starting', scenario: settings.scenario, ask: settings.ask.trim() });
    setLookup(undefined);
    try {
      return await run(settings, abort, open);
    } catch (error) {
      setView((v) => ({ ...v, status: 'failed', error: saidOf(error) }));
      return view().id;
    } finally {
      control = undefined;
    }
  }

  async function run(
    settings: AppState,
    abort: AbortController,
    showInLink: boolean,
  ): Promise<string | undefined> {
    const entry = findScenario(settings.scenario) as CatalogEntry;
    // The run the settings ask for, checked as the CLI and the API check theirs (core/request).
    const asksKnowledgeBase = entry.type === 'task' && needsOf(entry.spec).knowledgeBase === true;
    const request = requestOfState(settings, asksKnowledgeBase);
    const read = readRunRequest(request);
    if (!read.ok) throw new Error(`${read.message}.`);
    // A saved policy this browser does not have, refused in the page's words before anything starts.
    const missing = await missingSavedPolicy(settings.policy);
    if (missing) throw new PageError(missing);
    const scenario: RequestScenario = entry.type === 'task' ? { type: 'task', spec: entry.spec } : entry;
    // Step mode holds each decision until "Next step"; its attempts play at the pace chosen.
    const stepped = settings.step ? steppedPace(settings.pace) : undefined;
    stepped?.onHold((holding) => setView((v) => ({ ...v, holding })));
    nextStep = stepped ? () => stepped.next() : undefined;
    // A graph run's waits are all on this page, so its pace keeps time over them (keptPace): the
    // page's drawing between waits does not lengthen the run past its estimate (run-length.ts).
    const pace =
      stepped ?? (entry.type === 'graph' ? services.keptPace(settings.pace) : services.pace(settings.pace));
    // An endpoint that fails in a way no retry mends (a refused key, nothing listening) stops the
    // run at once, failed with the endpoint's words: it ran on to a green "done" of zeros, and its
    // agents were quarantined as unresponsive while the provider retried (endpoint-watch.ts).
    let watched: ReturnType<typeof watchEndpoint> | undefined;
    let meter: RunProvider['meter'];
    // The run the settings ask for, checked and composed as the CLI and the API compose theirs
    // (core/request/compose-run.ts): the page lends its profiles, saved policies, providers and pace.
    const composed = await composeRun(request, scenario, {
      profiles,
      checkpoints: savedCheckpoints,
      providerKinds: PAGE_PROVIDERS.filter((kind) => kind !== SIMULATED),
      // The provider's fields as the request's schema read them.
      openProvider: async () => {
        const chosen = await openInPage(read.request.provider as ProviderSpec, { settings, profiles });
        watched = watchEndpoint(chosen.provider, (error) => abort.abort(new Error(error.message)));
        meter = chosen.meter;
        return { provider: watched.provider, profiles: chosen.profiles };
      },
      // The orchestrator model is the subagents' provider; the simulated one plays at their pace.
      simulated: () => simulatedFor(pace),
      sandbox: true,
      knowledgeBase: true,
      healingTimings: async (prepared, real) =>
        pageHealingTimings(settings, prepared, real, await pageBaseline(prepared).catch(() => undefined)),
      signal: abort.signal,
    });
    const { prepared, policy, healing } = composed;
    const real = composed.real ? { ...composed.real, meter } : undefined;
    // The user's own knowledge base: the question comes from the page, the passages from IndexedDB.
    const base = asksKnowledgeBase ? (await services.knowledge()).kb() : undefined;
    if (base && base.stats().chunks === 0) {
      throw new PageError(words('runError.emptyKnowledge'));
    }
    const knowledge = base ? knowledgeSearchOf(base) : undefined;
    const store = await services.store();
    // The roles the trace header will carry (an own request's parts), so agents are named live.
    const folder = new RunFolder(
      prepared.config.mainStepCost,
      prepared.type === 'task' ? taskRoles(prepared) : undefined,
    );
    const metrics = new MetricsAccumulator(metricsContext(prepared.config));
    const attempts = new LiveAttempts(prepared.config.prices);
    let handle: Promise<RunHandle> | undefined;
    const redraw = throttledRedraw(() => {
      const snapshot = folder.snapshot();
      setView((v) => ({
        ...v,
        snapshot,
        metrics: metrics.result(),
        running: snapshot.segments.filter((s) => s.outcome === 'running').length,
        live: attempts.tally(),
        saying: attempts.words(),
        ...(real?.meter
          ? { parallelism: { ...real.meter.meter.summary(), engines: real.meter.engines } }
          : {}),
      }));
    }, REDRAW_MS);
    setView((v) => ({ ...v, config: prepared.config, lowerBound: prepared.lowerBound() }));

    // Real models answer over the network or from their GPU workers, so their agent loops are
    // cheap and run here; simulated subagents run in the worker pool; graph attempts are paced here.
    const pool =
      prepared.type === 'task' && !real
        ? services.subagentPool({
            setup: healing ? { ...prepared.setup, healing } : prepared.setup,
            provider: { kind: SIMULATED, paceMs: settings.pace },
            capacity: Math.min(MAX_WORKERS, prepared.config.budgets.maxConcurrentSubagents),
          })
        : undefined;
    if (pool) {
      control = { abort, kill: () => pool.kill() };
      setView((v) => ({ ...v, workers: true }));
      // Start as many workers as the first decision can use before the run's clock starts, as a
      // model is loaded before it is timed: the wall clock is the swarm's, not the page's start-up
      // (up to 10 workers rebuilding the instance take 1–1.5 s on 2 cores), which is shown apart.
      // A worker that cannot start shows up as crashed attempts, retried, so its error is moot here.
      const first =
        prepared.type === 'task' ? prepared.plan.tasks.filter((t) => t.deps.length === 0).length : 0;
      const warming = performance.now();
      await pool.warm(Math.min(pool.capacity, first)).catch(() => {});
      setView((v) => ({ ...v, startupMs: performance.now() - warming }));
    }
    const executor = pool ?? (prepared.type === 'graph' ? pacedGraphExecutor(pace) : undefined);
    const ports: ScenarioPorts = { sandbox: services.codeSandbox(), ...(knowledge ? { knowledge } : {}) };
    const citations =
      prepared.type === 'task' ? prepared.kind.citations?.(prepared.instance, ports) : undefined;
    if (citations) setLookup(() => citations);
    let result: SimulateResult;
    let criteria: Readonly<Record<string, number>> | undefined;
    try {
      result = await runPrepared(prepared, {
        policy,
        provider: real?.provider ?? (await simulatedFor()),
        ...(executor ? { executor } : {}),
        // Agents that run here (real models) are watched here; the workers watch their own.
        ...(healing && !executor && prepared.type === 'task'
          ? {
              // Loaded only for agents that run here: the workers load their own.
              hooks: (await import('../../core/healing/setup')).hooksFor(
                healing,
                { seed: settings.seed, taskIds: prepared.plan.tasks.map((t) => t.id) },
                { clock: services.clock, scheduler: services.scheduler },
              ),
            }
          : {}),
        // Grading runs code here (mixed-coding), as do the agents of a real model.
        ...(prepared.type === 'task' ? { ports } : {}),
        pace,
        signal: abort.signal,
        clock: services.clock,
        keepEvents: false,
        metrics,
        onHeader: (header) => {
          handle = store.begin(header, {
            // A run of the user's own request is named by it, not by the sample it replaced.
            // Kept in English, the record; the Library says it in its language (run-label.ts).
            label: sayEnglish(
              request.request
                ? requestRunLabel(shortenLabel(request.request.text.trim(), 60), settings.policy)
                : sampleRunLabel(entry.title, settings.policy, settings.seed),
            ),
            startedAt: Date.now(),
          });
          void handle.then((h) => {
            setView((v) => ({ ...v, id: h.id }));
            if (showInLink) app.update({ runs: [h.id] });
          });
          setView((v) => ({ ...v, header, status: 'running', startedAtMs: services.clock.now() }));
        },
        // Each turn of a running attempt moves the counters before the attempt ends.
        onProgress: (progress) => {
          attempts.tell(progress);
          redraw.request();
        },
        onEvent: (event) => {
          if (event.type === 'run.graded' && event.criteria) criteria = event.criteria;
          attempts.settle(event);
          folder.push(event);
          void handle?.then((open) => open.append(event));
          redraw.request();
        },
      });
    } catch (error) {
      // Stored as failed with its reason, not left 'running' (then 'interrupted' after a reload).
      await failStored(handle, error);
      throw error;
    } finally {
      if (pool) {
        setView((v) => ({ ...v, crashes: pool.stats().crashes }));
        await pool.close();
      }
    }
    const broken = watched?.broken();
    if (broken) {
      const error = new PageError(
        words('runError.endpointFailed', { kind: broken.kind, message: broken.message }),
      );
      redraw.now();
      await failStored(handle, error);
      throw error;
    }
    redraw.now();
    const text = prepared.type === 'task' ? runAnswer(prepared, result.answers) : undefined;
    const pieces =
      prepared.type === 'task'
        ? prepared.plan.tasks.flatMap((t) => {
            const answer = result.answers.get(t.id);
            return answer === undefined ? [] : [{ task: t.id, text: answer }];
          })
        : [];
    if (text !== undefined)
      setView((v) => ({ ...v, result: { text, pieces, ...(criteria ? { criteria } : {}) } }));
    const open = await (handle as Promise<RunHandle>);
    await open.flush();
    const status = abort.signal.aborted ? 'cancelled' : 'done';
    await open.finish(status, { finishedAt: Date.now(), metrics: { ...result.metrics } });
    await rememberIfHealthy(prepared, settings, {
      completed: status === 'done' && withoutFailures(result.reason),
      incidents: folder.snapshot().incidents.length,
      criticalSteps: result.metrics.criticalSteps,
    }).catch(() => undefined);
    setView((v) => ({ ...v, status, endReason: result.reason }));
    return open.id;
  }

  return {
    view,
    /** How the last run's citations are looked up (rag-qa), if they can be. */
    lookup,
    start,
    stop: () => control?.abort.abort('stopped by the user'),
    /** Step mode: carry out the orchestrator's next decision. */
    next: () => nextStep?.(),
    /** Terminates one busy subagent worker, as a crash would (the chaos button); says which. */
    kill: (): KilledAttempt | undefined => control?.kill?.(),
    busy: () => control !== undefined,
  };
}

/** Ends a stored run that threw as 'failed', with the error's message; the library shows it. */
async function failStored(handle: Promise<RunHandle> | undefined, error: unknown): Promise<void> {
  if (!handle) return;
  const reason = error instanceof Error ? error.message : String(error);
  await handle
    .then((open) => open.finish('failed', { finishedAt: Date.now(), error: reason }))
    .catch(() => {});
}

export const session = createRoot(createSession);

/** A run is going (it holds the loaded engines; its provider may be retrying). */
export const running = () => ['starting', 'running'].includes(session.view().status);
export const startRun = (settings?: AppState) => session.start(settings);
