/**
 * What a run's driver (simulate.ts) is given and gives back, and what it derives from them before
 * the first event: the trace's header and the context its metrics are computed against.
 */
import type { TaskGraph } from '../graph/types';
import type { WrittenMetrics } from '../trace/cost-alias';
import type { EndReason } from '../trace/end-reason';
import {
  type DecisionLog,
  type Grade,
  type PlayMode,
  type PolicyChoice,
  TRACE_SCHEMA,
  type TraceEvent,
} from '../trace/events';
import type { TeamPlanRecord, TraceHeader } from '../trace/header';
import type { MetricsAccumulator, MetricsContext } from '../trace/metrics';
import { SIMULATED } from '../trace/simulated-id';
import { detectLanguage } from '../util/words';
import { budgetsToJson, type RunConfig } from './config';
import type { Pace } from './pace';
import type { Policy } from './policy-port';
import type { AsyncExecutor, AttemptProgress, Clock, SimulatedExecutor, ToolPort } from './ports';
import type { RunState } from './state';

export interface SimulateOptions {
  readonly graph: TaskGraph;
  readonly config: RunConfig;
  readonly policy: Policy;
  readonly executor?: SimulatedExecutor;
  readonly tools?: ToolPort;
  /** Wall clock; the default never moves, so traces are byte-identical. */
  readonly clock?: Clock;
  /** Aborting stops the run at the next event, every task ending in one terminal state. */
  readonly signal?: AbortSignal;
  /** Called with each event as it is made (to append it to a store while the run goes on). */
  readonly onEvent?: (event: TraceEvent) => void;
  /** Running attempts' progress as it happens (AttemptProgress): a live view's, never the trace's. */
  readonly onProgress?: (progress: AttemptProgress) => void;
  /** Called once with the trace header, before the first event (to open a stored run). */
  readonly onHeader?: (header: TraceHeader) => void;
  /** Keep every event in the result (default true). */
  readonly keepEvents?: boolean;
  /**
   * The run's metrics, for a caller that reads them while the run goes on (the page); one is made
   * when absent. Either way a run folds its events into exactly one accumulator.
   */
  readonly metrics?: MetricsAccumulator;
  readonly scenario?: { readonly id: string; readonly kind: string; readonly title?: string };
  readonly provider?: string;
  /** Profiles in the header, with their content hashes; default: the names of the priced profiles. */
  readonly profiles?: TraceHeader['profiles'];
  /** For the header, when agents run: their context strategy and the instance size. */
  readonly context?: TraceHeader['context'];
  readonly size?: number;
  /** For the header: the task as asked (task scenarios). */
  readonly query?: string;
  /** The team plan that chose this run's formation (the meta-router's), for the trace header. */
  readonly plan?: TeamPlanRecord;
  /**
   * Scores the finished run from its state and the tasks' final answers (by task id); graph
   * scenarios score the share of tasks completed.
   */
  readonly grade?: (state: RunState, answers: ReadonlyMap<string, string>) => Grade;
  /** For the header: how the task was split (task scenarios). */
  readonly planMode?: TraceHeader['planMode'];
  /** For the header: a swarm's cut (shard size, replicas), when it had one. */
  readonly planCut?: TraceHeader['planCut'];
  /** For the header: the role of each task, when a team plan named roles. */
  readonly roles?: TraceHeader['roles'];
  /** For the header: the run worked on the user's own request. */
  readonly ownRequest?: boolean;
  /** For the header: the own request as it was asked, so the run can be made again. */
  readonly request?: TraceHeader['request'];
  /**
   * What the run hands its user, from the tasks' final answers as the orchestrator merged them:
   * recorded with the grade, so a stored run's answer is read, never rebuilt.
   */
  readonly answer?: (answers: ReadonlyMap<string, string>) => string | undefined;
}

export interface SimulateAsyncOptions extends Omit<SimulateOptions, 'executor' | 'grade'> {
  readonly executor: AsyncExecutor;
  /**
   * Wall time for a run people watch: each orchestrator decision then takes `decisionMs` of model
   * time per step of S_main at this pace, before what it launched starts. A policy that
   * deliberates (the `llm` orchestrator) is paced by its own model's replies instead.
   */
  readonly pace?: Pace;
  /** Model time of one orchestrator step (one turn of thought), in ms. @default 0 */
  readonly decisionMs?: number;
  readonly grade?: (state: RunState, answers: ReadonlyMap<string, string>) => Grade | Promise<Grade>;
}

export interface SimulateResult {
  readonly header: TraceHeader;
  readonly events: TraceEvent[];
  /** The run's metrics as its trace's `run.finished` writes them (with the old name of `cost`). */
  readonly metrics: WrittenMetrics;
  readonly reason: EndReason;
  /** Final answers of the tasks that completed, by task id. */
  readonly answers: ReadonlyMap<string, string>;
}

export function traceHeader(options: Omit<SimulateOptions, 'executor' | 'grade'>): TraceHeader {
  const { config, graph } = options;
  return {
    schema: TRACE_SCHEMA,
    scenario: options.scenario ?? { id: graph.id, kind: 'graph' },
    seed: config.seed,
    policy: options.policy.name,
    ...(options.policy.checkpoint ? { policyCheckpoint: options.policy.checkpoint } : {}),
    ...planChoicesOf(options.policy),
    provider: options.provider ?? SIMULATED,
    profiles: options.profiles ?? Object.keys(config.prices),
    ...(options.context ? { context: options.context } : {}),
    ...(options.size !== undefined ? { size: options.size } : {}),
    ...(options.query !== undefined ? { query: options.query, language: detectLanguage(options.query) } : {}),
    ...(options.plan !== undefined ? { plan: options.plan } : {}),
    ...(options.planMode !== undefined ? { planMode: options.planMode } : {}),
    ...(options.planCut !== undefined ? { planCut: options.planCut } : {}),
    ...(options.roles !== undefined && Object.keys(options.roles).length > 0 ? { roles: options.roles } : {}),
    ...(options.ownRequest ? { ownRequest: true as const } : {}),
    ...(options.request ? { request: options.request } : {}),
    ...(config.preference ? { preference: config.preference } : {}),
    budgets: budgetsToJson(config.budgets),
    join: config.join,
    mainStepCost: config.mainStepCost,
    failurePolicy: config.failurePolicy,
    onBudgetExhausted: config.onBudgetExhausted,
    retry: { ...config.retry },
  };
}

/** A learned policy's plan decision, as the header records it (none for a graph or a fixed plan). */
function planChoicesOf(policy: Policy): {
  planChoices?: readonly PolicyChoice[];
  play?: PlayMode;
  decisionOptions?: Readonly<Record<string, readonly string[]>>;
  planDecision?: DecisionLog;
} {
  const choices = policy.explain?.('plan');
  const full = policy.logDecision?.('plan');
  return {
    ...(choices && choices.length > 0 ? { planChoices: choices } : {}),
    ...(policy.play ? { play: policy.play } : {}),
    ...(policy.decisionOptions ? { decisionOptions: policy.decisionOptions } : {}),
    ...(full ? { planDecision: full } : {}),
  };
}

/** What the metrics of a run under this configuration are computed against. */
export function metricsContext(config: RunConfig): MetricsContext {
  return {
    prices: config.prices,
    mainStepCost: config.mainStepCost,
    maxCriticalSteps: config.budgets.maxCriticalSteps,
    reward: config.reward,
    ...(config.orchestrator && config.orchestrator.briefTokens > 0
      ? {
          brief: {
            tokens: config.orchestrator.briefTokens,
            price: config.prices[config.defaultProfile] ?? { input: 0, output: 0 },
          },
        }
      : {}),
    ...(config.orchestrator && (config.orchestrator.spawnTokens ?? 0) > 0
      ? {
          spawn: {
            tokens: config.orchestrator.spawnTokens as number,
            price: config.prices[config.defaultProfile] ?? { input: 0, output: 0 },
          },
        }
      : {}),
  };
}
