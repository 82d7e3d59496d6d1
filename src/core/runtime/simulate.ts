import type { TaskGraph } from '../graph/types';
import { type WrittenMetrics, writtenMetrics } from '../trace/cost-alias';
import type { EndReason } from '../trace/end-reason';
import {
  type DecisionLog,
  type EventBody,
  type Grade,
  type PlayMode,
  type PolicyChoice,
  type TeamPlanRecord,
  TRACE_SCHEMA,
  type TraceEvent,
  type TraceHeader,
} from '../trace/events';
import { MetricsAccumulator, type MetricsContext } from '../trace/metrics';
import { SIMULATED } from '../trace/simulated-id';
import { Heap } from '../util/heap';
import { detectLanguage } from '../util/words';
import { budgetsToJson, type RunConfig } from './config';
import { graphExecutor } from './graph-executor';
import type { RuntimeInput } from './input';
import { step } from './machine';
import { mergedAnswers } from './merge';
import { type Pace, waitModelTime } from './pace';
import type { Policy } from './policy-port';
import {
  type AsyncExecutor,
  type AttemptOutcome,
  type AttemptProgress,
  type AttemptRequest,
  type Clock,
  frozenClock,
  noTools,
  type SimulatedExecutor,
  type ToolPort,
} from './ports';
import { type Command, createState, type RunState, Status } from './state';

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

/** A driver-only input: an event from inside a running attempt, recorded at its step-time. */
type Note = {
  readonly type: 'note';
  readonly at: number;
  readonly task: number;
  readonly attempt: number;
  readonly body: EventBody;
};
type Queued = { readonly input: RuntimeInput | Note; readonly order: number; readonly seq: number };

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

const noAnswers: ReadonlyMap<string, string> = new Map();

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

/** A graph scenario succeeds when every task completed (or took its declared default). */
export function gradeGraph(state: RunState): Grade {
  const completed = (state.count[Status.DONE] as number) + (state.count[Status.DEGRADED] as number);
  const share = state.graph.n === 0 ? 1 : completed / state.graph.n;
  const success = completed === state.graph.n;
  return { 'pass@1': success ? 1 : 0, itemF1: share, rowF1: share, success };
}

/**
 * The driver for simulated step-time: a discrete-event loop that carries out the machine's
 * effects. Inputs are taken in (step-time, kind, arrival) order, with wakes after every other
 * input of their instant so one decision sees all that happened then, and the critical-steps
 * deadline just before the wake, after the work that ended at that instant.
 */
export function simulate(options: SimulateOptions): SimulateResult {
  const executor = options.executor ?? graphExecutor;
  const run = drive(options, (request) => executor.simulate(request));
  const next = run.next();
  // The loop yields only to await; a synchronous executor, grader and policy never make it.
  if (!next.done) {
    throw new Error(
      'simulate: the executor or grader returned a promise, or the policy deliberates (llm); use simulateAsync',
    );
  }
  return next.value;
}

/**
 * The same driver over an executor that awaits (an agent loop over a provider). Attempts started
 * by one decision run concurrently; the driver waits for all of them before it moves step-time
 * on, and queues their ends in start order, so the trace does not depend on which finished first.
 */
export async function simulateAsync(options: SimulateAsyncOptions): Promise<SimulateResult> {
  const { onProgress } = options;
  const run = drive(options, (request) =>
    options.executor.run(onProgress ? { ...request, progress: onProgress } : request, options.signal),
  );
  let value: unknown;
  for (;;) {
    const next = run.next(value);
    if (next.done) return next.value;
    value = await next.value;
  }
}

type Execute = (request: AttemptRequest) => AttemptOutcome | Promise<AttemptOutcome>;

/** The loop both drivers share; it yields a promise whenever it must wait, and gets its value back. */
function* drive(
  options: SimulateOptions | SimulateAsyncOptions,
  execute: Execute,
): Generator<Promise<unknown>, SimulateResult, unknown> {
  const { graph, config, policy, signal } = options;
  const tools = options.tools ?? noTools;
  const clock = options.clock ?? frozenClock;
  const keep = options.keepEvents ?? true;
  const header = traceHeader(options);
  options.onHeader?.(header);
  const events: TraceEvent[] = [];
  const answers = new Map<string, string>();
  const metrics = options.metrics ?? new MetricsAccumulator(metricsContext(config));
  const deliberation = policy.deliberation;
  const pace = 'pace' in options ? options.pace : undefined;
  const decisionMs = ('decisionMs' in options ? options.decisionMs : undefined) ?? 0;
  const record = (event: TraceEvent) => {
    metrics.observe(event);
    if (keep) events.push(event);
    deliberation?.observe(event);
    options.onEvent?.(event);
  };

  const origin = clock.now();
  const wall = () => clock.now() - origin;
  const queue = new Heap<Queued>(
    (a, b) =>
      a.input.at < b.input.at ||
      (a.input.at === b.input.at && (a.order < b.order || (a.order === b.order && a.seq < b.seq))),
  );
  let seq = 0;
  const enqueue = (input: RuntimeInput | Note) =>
    // Work that ends at the deadline's instant ends within the budget: the deadline comes after
    // every other input of its instant, and before the wake, so no decision launches into it.
    queue.push({ input, order: input.type === 'wake' ? 2 : input.type === 'deadline' ? 1 : 0, seq: seq++ });
  const cancelled = new Set<string>();
  const ended = (run: Extract<Command, { type: 'run' }>, outcome: AttemptOutcome) => {
    // An attempt's own steps are turns; the run counts them in step-time at the attempt's turn time.
    const span = (steps: number) => (run.turnTime === 1 ? steps : Math.ceil(steps * run.turnTime - 1e-9));
    for (const { after, body } of outcome.events ?? []) {
      enqueue({ type: 'note', at: run.at + span(after), task: run.task, attempt: run.attempt, body });
    }
    enqueue({
      type: 'attempt-ended',
      at: run.at + span(outcome.steps),
      wallMs: 0,
      task: run.task,
      attempt: run.attempt,
      ok: outcome.ok,
      error: outcome.error,
      retryable: outcome.retryable,
      usage: outcome.usage,
      ...(outcome.answer !== undefined ? { answer: outcome.answer } : {}),
      ...(outcome.settled ? { settled: true } : {}),
      ...(outcome.worker !== undefined ? { worker: outcome.worker } : {}),
    });
  };
  // An attempt reads only its dependencies' answers: handing it every answer so far would make a
  // pool that copies requests (structured clone to a worker) copy O(tasks²) over a run.
  const answersFor = (task: number): ReadonlyMap<string, string> => {
    if (answers.size === 0) return noAnswers;
    const own = new Map<string, string>();
    for (const dep of graph.preds[task] as readonly number[]) {
      const id = graph.ids[dep] as string;
      const answer = answers.get(id);
      if (answer !== undefined) own.set(id, answer);
    }
    return own;
  };
  const pending: { run: Extract<Command, { type: 'run' }>; outcome: Promise<AttemptOutcome> }[] = [];

  let state = createState(graph, config, policy, options.scenario?.kind ?? 'graph');
  let reason: EndReason | undefined;
  let aborted = false;
  enqueue({ type: 'start', at: 0, wallMs: 0 });
  while (reason === undefined) {
    if (pending.length > 0) {
      const outcomes = (yield Promise.all(pending.map((p) => p.outcome))) as AttemptOutcome[];
      pending.forEach((p, i) => {
        ended(p.run, outcomes[i] as AttemptOutcome);
      });
      pending.length = 0;
    }
    let input: RuntimeInput;
    if (signal?.aborted && !aborted) {
      aborted = true;
      input = { type: 'abort', at: state.t, wallMs: wall(), reason: String(signal.reason ?? 'aborted') };
    } else {
      const next = queue.pop();
      if (!next) throw new Error('simulate: the run stopped with no event due (a runtime bug)');
      const queued = next.input;
      if (
        cancelled.size > 0 &&
        (queued.type === 'attempt-ended' || queued.type === 'note') &&
        cancelled.has(`${queued.task}#${queued.attempt}`)
      )
        continue;
      if (queued.type === 'note') {
        record({ seq: state.seq++, t: queued.at, wallMs: wall(), ...queued.body } as TraceEvent);
        continue;
      }
      input = queued;
      if (input.type === 'attempt-ended' && input.ok && input.answer !== undefined) {
        answers.set(graph.ids[input.task] as string, input.answer);
      }
      // Wall time is read when an input is handled, not when it was queued. The driver made the
      // input and owns it, so it writes the field in place.
      (input as { wallMs: number }).wallMs = wall();
    }
    const [nextState, effects] = step(state, input);
    if (decisionMs > 0 && !deliberation && effects.some((e) => e.type === 'orchestrator.step')) {
      // An abort ends the wait early; the loop then handles it as its next input.
      const thinking = waitModelTime(pace, decisionMs * config.mainStepCost, signal);
      if (thinking) yield thinking.catch(() => undefined);
    }
    // Step mode: the decision is carried out once the user asks for the next step.
    if (pace?.decision && effects.some((e) => e.type === 'orchestrator.step'))
      yield pace.decision(signal).catch(() => undefined);
    state = nextState;
    for (const effect of effects) {
      switch (effect.type) {
        case 'run': {
          const outcome = execute({
            task: effect.task,
            taskId: effect.taskId,
            spec: graph.tasks[effect.task] as (typeof graph.tasks)[number],
            attempt: effect.attempt,
            subagent: effect.subagent,
            profile: effect.profile,
            maxSteps: effect.maxSteps,
            seed: config.seed,
            at: effect.at,
            answers: answersFor(effect.task),
          });
          if (outcome instanceof Promise) pending.push({ run: effect, outcome });
          else ended(effect, outcome);
          break;
        }
        case 'cancel':
          cancelled.add(`${effect.task}#${effect.attempt}`);
          break;
        case 'timer':
          enqueue({ type: 'wake', at: effect.at, wallMs: 0 });
          break;
        case 'tool': {
          const result = tools.call(effect.tool, effect.args);
          enqueue({ type: 'tool-result', at: effect.at, wallMs: 0, callId: effect.callId, ...result });
          break;
        }
        case 'deadline':
          enqueue({ type: 'deadline', at: effect.at, wallMs: 0 });
          break;
        case 'end':
          reason = effect.reason;
          break;
        case 'deliberate': {
          // The model thinks while the attempts just launched run; what it did is recorded at
          // the decision's step-time, before the decision itself.
          const thought = (yield (deliberation as NonNullable<typeof deliberation>).deliberate(
            state.view,
            signal,
          )) as readonly EventBody[];
          for (const body of thought)
            record({ seq: state.seq++, t: state.t, wallMs: wall(), ...body } as TraceEvent);
          enqueue({ type: 'wake', at: effect.at, wallMs: 0, deliberated: true });
          break;
        }
        default:
          record(effect);
      }
    }
  }

  const wallMs = wall();
  const merged = mergedAnswers(state, answers);
  let grade = (options.grade ?? gradeGraph)(state, merged);
  if (grade instanceof Promise) grade = (yield grade) as Grade;
  const answer = options.answer?.(merged);
  record({
    seq: state.seq++,
    t: state.t,
    wallMs,
    type: 'run.graded',
    ...grade,
    ...(answer !== undefined ? { answer } : {}),
  });
  // The one place a run's metrics are written: its trace and every report folded from its result.
  const result = writtenMetrics(metrics.result());
  record({
    seq: state.seq++,
    t: state.t,
    wallMs,
    type: 'run.finished',
    reason,
    ...(state.breakerDetail ? { detail: state.breakerDetail } : {}),
    metrics: { ...result },
  });
  return { header, events, metrics: result, reason, answers };
}
