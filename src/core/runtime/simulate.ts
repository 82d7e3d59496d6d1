import { writtenMetrics } from '../trace/cost-alias';
import type { EndReason } from '../trace/end-reason';
import type { EventBody, Grade, TraceEvent } from '../trace/events';
import { MetricsAccumulator } from '../trace/metrics';
import { Heap } from '../util/heap';
import { graphExecutor } from './graph-executor';
import type { RuntimeInput } from './input';
import { step } from './machine';
import { mergedAnswers } from './merge';
import { waitModelTime } from './pace';
import { type AttemptOutcome, type AttemptRequest, frozenClock, noTools } from './ports';
import {
  metricsContext,
  type SimulateAsyncOptions,
  type SimulateOptions,
  type SimulateResult,
  traceHeader,
} from './run-options';
import { type Command, createState, type RunState, Status } from './state';

/** A driver-only input: an event from inside a running attempt, recorded at its step-time. */
type Note = {
  readonly type: 'note';
  readonly at: number;
  readonly task: number;
  readonly attempt: number;
  readonly body: EventBody;
};
type Queued = { readonly input: RuntimeInput | Note; readonly order: number; readonly seq: number };

const noAnswers: ReadonlyMap<string, string> = new Map();

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
