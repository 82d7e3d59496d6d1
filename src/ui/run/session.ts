/**
 * The live run: one at a time, started from the settings in the URL. The orchestrator runs here,
 * on the page's thread (it is a few microseconds per decision; docs/playground.md has the
 * measurement), and every subagent attempt of a task scenario runs in a Web Worker from the pool.
 * Each event goes to the library as it is made, to the replay fold and to the metrics; the page
 * redraws at most every REDRAW_MS, on an animation frame: copying a snapshot of a 1,500-task run
 * and redrawing it every frame would keep the main thread busy (docs/playground.md).
 */

import { createRoot, createSignal } from 'solid-js';
import type { ConcurrencySummary } from '../../adapters/engine-concurrency';
import { pacedProvider } from '../../adapters/paced-provider';
import { workerPool } from '../../adapters/worker-pool';
import { lowerBound } from '../../core/graph/cpm';
import type { TaskGraph } from '../../core/graph/types';
import { graphOrThrow } from '../../core/graph/validate';
import { llmPolicyFor } from '../../core/policy/llm/llm-policy';
import { makeConfig, type RunConfig } from '../../core/runtime/config';
import { graphExecutor } from '../../core/runtime/graph-executor';
import type { AsyncExecutor } from '../../core/runtime/ports';
import { simulateAsync } from '../../core/runtime/simulate';
import { scenarioKinds, simulatedProviderFor } from '../../core/scenarios/registry';
import { runScenario, scenarioConfig } from '../../core/scenarios/run';
import type { TaskScenarioSpec } from '../../core/scenarios/spec-types';
import type { TraceEvent, TraceHeader } from '../../core/trace/events';
import { type Metrics, MetricsAccumulator } from '../../core/trace/metrics';
import type { RunHandle } from '../../core/trace/store';
import { app } from '../app-state';
import { type CatalogEntry, findScenario, profiles, sizeRange } from '../catalog';
import { RunFolder, type RunSnapshot } from '../model/replay';
import { services } from '../services';
import type { AppState } from '../url-state';
import { models } from './models';
import { resolvePolicy } from './policies';

export type LiveStatus = 'idle' | 'starting' | 'running' | 'done' | 'cancelled' | 'failed';

/** Workers the page starts at most: attempts beyond wait their turn (effective ≤ nominal parallelism). */
export const MAX_WORKERS = 16;

/** The least time between two redraws of a live run. */
export const REDRAW_MS = 150;

export interface LiveView {
  readonly id: string | undefined;
  readonly status: LiveStatus;
  readonly error: string | undefined;
  readonly header: TraceHeader | undefined;
  readonly snapshot: RunSnapshot | undefined;
  readonly metrics: Metrics | undefined;
  readonly lowerBound: number;
  readonly config: RunConfig | undefined;
  readonly running: number;
  readonly crashes: number;
  /** Subagents run in the worker pool (simulated task runs), so one can be killed. */
  readonly workers: boolean;
  /** WebLLM runs: the concurrency the swarm asked for against what the engines delivered. */
  readonly parallelism?: ConcurrencySummary & { readonly engines: number };
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
  crashes: 0,
  workers: false,
};

function createSession() {
  const [view, setView] = createSignal<LiveView>(idle);
  let control: { abort: AbortController; kill?: () => boolean } | undefined;

  async function start(settings: AppState = app.state()): Promise<string | undefined> {
    if (control) return view().id;
    const abort = new AbortController();
    control = { abort };
    setView({ ...idle, status: 'starting' });
    try {
      return await run(settings, abort);
    } catch (error) {
      setView((v) => ({ ...v, status: 'failed', error: (error as Error).message }));
      return view().id;
    } finally {
      control = undefined;
    }
  }

  async function run(settings: AppState, abort: AbortController): Promise<string | undefined> {
    const entry = findScenario(settings.scenario) as CatalogEntry;
    const size = settings.size || sizeRange(entry)?.default || 0;
    if (settings.policy === 'llm' && entry.type !== 'task') {
      throw new Error(
        'The llm orchestrator runs task scenarios (wide-search, deep-search, mixed-coding): pick one of those, or another policy for a graph.',
      );
    }
    // A real model (WebLLM, an endpoint) serves task scenarios; graph tasks have no agent.
    const real =
      settings.provider !== 'simulated' && entry.type === 'task'
        ? models.providerFor(settings, profiles)
        : undefined;
    const runProfiles = real?.profiles ?? profiles;
    // The orchestrator model is the subagents' provider; the simulated one plays at their pace.
    const policy =
      settings.policy === 'llm'
        ? llmPolicyFor(
            real?.provider ?? pacedProvider(simulatedProviderFor(profiles), settings.pace),
            runProfiles,
          )
        : await resolvePolicy(settings.policy);
    const store = await services.store();
    const folder = new RunFolder();
    let metrics: MetricsAccumulator | undefined;
    let handle: Promise<RunHandle> | undefined;
    let config: RunConfig | undefined;
    let bound = 0;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let drawnAt = 0;
    const redraw = () => {
      frame = 0;
      timer = undefined;
      drawnAt = performance.now();
      queueMicrotask(() =>
        performance.measure('swarmflight:redraw', { start: drawnAt, end: performance.now() }),
      );
      const snapshot = folder.snapshot();
      setView((v) => ({
        ...v,
        snapshot,
        metrics: metrics?.result(),
        running: snapshot.segments.filter((s) => s.outcome === 'running').length,
        ...(real?.meter
          ? { parallelism: { ...real.meter.meter.summary(), engines: real.meter.engines } }
          : {}),
      }));
    };
    const onHeader = (header: TraceHeader) => {
      handle = store.begin(header, {
        label: `${entry.title} · ${settings.policy} · seed ${settings.seed}`,
        startedAt: Date.now(),
      });
      void handle.then((h) => {
        setView((v) => ({ ...v, id: h.id }));
        app.update({ runs: [h.id] });
      });
      setView((v) => ({ ...v, header, status: 'running' }));
    };
    const onEvent = (event: TraceEvent) => {
      folder.push(event);
      metrics?.observe(event);
      const h = handle;
      void h?.then((open) => open.append(event));
      if (frame || timer) return;
      const wait = REDRAW_MS - (performance.now() - drawnAt);
      if (wait <= 0) frame = requestAnimationFrame(redraw);
      else
        timer = setTimeout(() => {
          frame = requestAnimationFrame(redraw);
        }, wait);
    };

    let result: { metrics: Metrics; reason: string };
    if (entry.type === 'task') {
      const spec = withOverrides(entry.spec, settings);
      config = scenarioConfig(spec, settings.seed, profiles, settings.profile || undefined);
      const kind = scenarioKinds[spec.kind];
      const instance = kind.generate(spec as never, settings.seed, size);
      const plan = kind.plan(instance, policy.plan ?? 'swarm');
      bound = lowerBoundOf(
        graphOrThrow({
          kind: 'graph',
          id: spec.id,
          tasks: plan.tasks.map((t) => ({ id: t.id, steps: t.estimatedSteps, deps: t.deps })),
        }),
        config,
      );
      metrics = new MetricsAccumulator({
        prices: config.prices,
        mainStepCost: config.mainStepCost,
        maxCriticalSteps: config.budgets.maxCriticalSteps,
      });
      const context = settings.context
        ? { name: settings.context }
        : (spec.context ?? { name: 'hide-tool-result' as const });
      setView((v) => ({ ...v, config, lowerBound: bound }));
      const common = {
        kind,
        spec,
        instance,
        policy,
        ...(settings.profile ? { profile: settings.profile } : {}),
        context,
        signal: abort.signal,
        clock: { now: () => performance.now() },
        keepEvents: false,
        onHeader,
        onEvent,
      };
      if (real) {
        // Real models answer over the network or from the GPU worker: the agent loops are cheap
        // and run here, waiting on them.
        result = await runScenario({ ...common, profiles: runProfiles, provider: real.provider });
      } else {
        const pool = workerPool({
          setup: { scenario: spec, seed: settings.seed, size, plan: plan.mode, profiles, context },
          provider: { kind: 'simulated', paceMs: settings.pace },
          capacity: Math.min(MAX_WORKERS, config.budgets.maxConcurrentSubagents),
        });
        control = { abort, kill: () => pool.kill() };
        setView((v) => ({ ...v, workers: true }));
        // Pre-warm as many workers as the first decision can use while the run starts; a worker
        // that cannot start shows up as crashed attempts, retried, so the warm-up's own error is moot.
        pool
          .warm(Math.min(pool.capacity, plan.tasks.filter((t) => t.deps.length === 0).length))
          .catch(() => {});
        try {
          result = await runScenario({
            ...common,
            profiles,
            provider: simulatedProviderFor(profiles),
            executor: pool,
          });
        } finally {
          setView((v) => ({ ...v, crashes: pool.stats().crashes }));
          await pool.close();
        }
      }
    } else {
      const graph = graphOrThrow(entry.graph(size, settings.seed));
      config = makeConfig({
        seed: settings.seed,
        ...(settings.join ? { join: settings.join } : {}),
        ...(settings.failure ? { failurePolicy: settings.failure } : {}),
        budgets: budgetOverrides(settings),
      });
      bound = lowerBoundOf(graph, config);
      metrics = new MetricsAccumulator({
        prices: config.prices,
        mainStepCost: config.mainStepCost,
        maxCriticalSteps: config.budgets.maxCriticalSteps,
      });
      setView((v) => ({ ...v, config, lowerBound: bound }));
      const pace = settings.pace;
      // Graph tasks have no agent: a wave of attempts waits one pace so the run can be watched.
      const executor: AsyncExecutor = {
        run: (request) =>
          new Promise((resolve) => setTimeout(() => resolve(graphExecutor.simulate(request)), pace)),
      };
      result = await simulateAsync({
        graph,
        config,
        policy,
        executor,
        scenario: { id: entry.id, kind: 'graph', title: entry.title },
        signal: abort.signal,
        clock: { now: () => performance.now() },
        keepEvents: false,
        onHeader,
        onEvent,
      });
    }
    if (frame) cancelAnimationFrame(frame);
    if (timer) clearTimeout(timer);
    redraw();
    const open = await (handle as Promise<RunHandle>);
    await open.flush();
    const status = abort.signal.aborted ? 'cancelled' : 'done';
    await open.finish(status, { finishedAt: Date.now(), metrics: { ...result.metrics } });
    setView((v) => ({ ...v, status }));
    return open.id;
  }

  return {
    view,
    start,
    stop: () => control?.abort.abort('stopped by the user'),
    /** Terminates one busy subagent worker, as a crash would (the chaos button). */
    kill: () => control?.kill?.() ?? false,
    busy: () => control !== undefined,
  };
}

function budgetOverrides(settings: AppState) {
  return {
    ...(settings.subagents ? { maxConcurrentSubagents: settings.subagents } : {}),
    ...(settings.criticalSteps ? { maxCriticalSteps: settings.criticalSteps } : {}),
    ...(settings.toolCalls ? { maxToolCalls: settings.toolCalls } : {}),
  };
}

function withOverrides(spec: TaskScenarioSpec, settings: AppState): TaskScenarioSpec {
  return {
    ...spec,
    ...(settings.join ? { join: settings.join } : {}),
    ...(settings.failure ? { failurePolicy: settings.failure } : {}),
    budgets: { ...spec.budgets, ...budgetOverrides(settings) },
  };
}

function lowerBoundOf(graph: TaskGraph, config: RunConfig): number {
  const workers = Math.min(graph.n || 1, config.budgets.maxConcurrentSubagents);
  return lowerBound(graph, workers, config.mainStepCost);
}

export const session = createRoot(createSession);

/** A run is going (it holds the loaded engines; its provider may be retrying). */
export const running = () => ['starting', 'running'].includes(session.view().status);
export const startRun = (settings?: AppState) => session.start(settings);
