import { AttemptFold } from './attempts';
import type { TraceEvent } from './events';
import type { TraceHeader } from './header';
import { realizedPath } from './realized-path';

/**
 * A run in the Chrome Trace Event Format (the JSON object form), for ui.perfetto.dev and
 * chrome://tracing: the orchestrator and each subagent on a thread of their own, every task attempt
 * a slice on its subagent's thread, every dependency an arrow.
 *
 * Step-time becomes the format's microseconds at 1 step = 1000 µs, so with displayTimeUnit 'ms'
 * the viewers' millisecond ruler reads in steps. Wall-clock ms go in args only.
 */
export const US_PER_STEP = 1000;

export interface ChromeTraceEvent {
  readonly name: string;
  readonly ph: 'M' | 'X' | 'i' | 's' | 'f';
  readonly ts: number;
  readonly pid: number;
  readonly tid: number;
  readonly cat?: string;
  readonly dur?: number;
  /** Flow id, shared by an 's' and its 'f'. */
  readonly id?: number;
  /** 'e': the flow end binds to the slice enclosing it, not to the next one to begin. */
  readonly bp?: 'e';
  /** Scope of an instant event: thread or global. */
  readonly s?: 't' | 'g';
  /** One of the viewers' reserved colour names. */
  readonly cname?: string;
  readonly args?: Readonly<Record<string, unknown>>;
}

export interface ChromeTrace {
  readonly traceEvents: ChromeTraceEvent[];
  readonly displayTimeUnit: 'ms';
  readonly metadata: Readonly<Record<string, unknown>>;
}

const PID = 1;
const ORCHESTRATOR_TID = 0;
/** Last of the threads, below every subagent (there are at most 100). */
const CRITICAL_TID = 1000;

/** Pure and deterministic: the same header and events give the same object. */
export function chromeTrace(header: TraceHeader, events: readonly TraceEvent[]): ChromeTrace {
  const us = (t: number) => Math.round(t * US_PER_STEP);
  const threads = new Map<string, number>();
  const meta: ChromeTraceEvent[] = [
    {
      name: 'process_name',
      ph: 'M',
      ts: 0,
      pid: PID,
      tid: ORCHESTRATOR_TID,
      args: { name: `${header.scenario.id} · ${header.policy} · seed ${header.seed}` },
    },
    ...threadNames(ORCHESTRATOR_TID, 'orchestrator'),
  ];
  const tidOf = (subagent: string, profile?: string) => {
    let tid = threads.get(subagent);
    if (tid === undefined) {
      tid = threads.size + 1;
      threads.set(subagent, tid);
      meta.push(...threadNames(tid, profile ? `${subagent} (${profile})` : subagent));
    }
    return tid;
  };

  const out: ChromeTraceEvent[] = [];
  const fold = new AttemptFold();
  let lastT = 0;
  for (const e of events) {
    lastT = Math.max(lastT, e.t);
    const closes = fold.push(e);
    switch (e.type) {
      case 'subagent.spawned':
        tidOf(e.subagent, e.profile);
        break;
      case 'orchestrator.step':
        out.push({
          name: `step ${e.step}`,
          cat: 'orchestrator',
          ph: 'X',
          ts: us(e.t),
          dur: us(e.main ?? header.mainStepCost),
          pid: PID,
          tid: ORCHESTRATOR_TID,
          args: {
            actions: e.actions.map(describeAction),
            invalid: e.invalid.map((i) => `${describeAction(i.action)}: ${i.reason}`),
            rewardProxy: e.rewardProxy,
            observation: e.observation,
            wallMs: e.wallMs,
          },
        });
        break;
      case 'task.started':
        // A subagent's thread is named where it first appears (its spawn, or else its first attempt).
        tidOf(e.subagent);
        break;
      case 'task.cancelled':
        // A cancelled attempt ends its slice; a task cancelled with no attempt running is an instant.
        if (!closes) out.push(instant(`cancel ${e.task}`, us(e.t), { reason: e.reason }));
        break;
      case 'task.retried':
        out.push(
          instant(`retry ${e.task}`, us(e.t), { attempt: e.attempt, readyAt: e.readyAt, wallMs: e.wallMs }),
        );
        break;
      case 'task.skipped':
        out.push(instant(`skip ${e.task}`, us(e.t), { cause: e.cause }));
        break;
      case 'budget.exhausted':
        out.push(instant(`budget ${e.budget}`, us(e.t), { limit: e.limit, used: e.used }));
        break;
      case 'run.finished':
        out.push({ ...instant(`run ${e.reason}`, us(e.t), { ...e.metrics }), s: 'g' });
        break;
      default:
        break;
    }
  }

  // Slices, by attempt, in the order they started. An attempt the trace never ends (a run cut off)
  // is drawn up to the trace's last step-time.
  const slices = new Map<string, { first: ChromeTraceEvent; last: ChromeTraceEvent }>();
  fold.attempts.forEach((a, i) => {
    const end = fold.ends[i];
    const finish = end?.t ?? lastT;
    const outcome = !end
      ? 'unfinished'
      : end.type === 'task.finished'
        ? 'finished'
        : end.type === 'task.failed'
          ? 'failed'
          : 'cancelled';
    const slice: ChromeTraceEvent = {
      name: a.task,
      cat: 'task',
      ph: 'X',
      ts: us(a.start),
      dur: us(finish) - us(a.start),
      pid: PID,
      tid: threads.get(a.subagent) as number,
      ...(outcome === 'failed' ? { cname: 'terrible' } : outcome === 'finished' ? {} : { cname: 'grey' }),
      args: {
        attempt: a.attempt,
        outcome,
        ...(end?.type === 'task.failed' ? { error: end.error, final: end.final } : {}),
        ...(end?.type === 'task.cancelled' ? { error: end.reason } : {}),
        ...(end?.type === 'task.finished' || end?.type === 'task.failed' ? { usage: { ...end.usage } } : {}),
        wallMs: { start: (fold.starts[i] as TraceEvent).wallMs, ...(end ? { end: end.wallMs } : {}) },
      },
    };
    out.push(slice);
    const seen = slices.get(a.task);
    slices.set(a.task, { first: seen?.first ?? slice, last: slice });
  });

  // One arrow per dependency edge whose both ends ran: from the end of the dependency's last
  // attempt to the start of the dependent's first. Each end sits 1 µs inside its slice (when the
  // slice is not empty) so that both viewers bind it to that slice and not to a neighbour.
  let flowId = 0;
  for (const [task, taskDeps] of fold.deps) {
    const to = slices.get(task)?.first;
    if (!to) continue;
    for (const dep of taskDeps) {
      const from = slices.get(dep)?.last;
      if (!from) continue;
      const id = ++flowId;
      const fromEnd = from.ts + (from.dur ?? 0);
      const flow = { name: `${dep} → ${task}`, cat: 'dependency', pid: PID, id } as const;
      out.push({ ...flow, ph: 's', ts: Math.max(from.ts, fromEnd - 1), tid: from.tid });
      out.push({ ...flow, ph: 'f', bp: 'e', ts: Math.min(to.ts + 1, to.ts + (to.dur ?? 0)), tid: to.tid });
    }
  }

  // The realized critical path on a thread of its own, link by link (trace/realized-path).
  const path = realizedPath(events, header.mainStepCost);
  if (path.nodes.length > 0) {
    meta.push(...threadNames(CRITICAL_TID, 'realized critical path'));
    for (const link of path.nodes) {
      out.push({
        name:
          link.kind === 'main'
            ? `step ${link.step}`
            : link.kind === 'task'
              ? `${link.task} #${link.attempt}`
              : link.kind === 'backoff'
                ? `backoff ${link.task}`
                : 'wait',
        cat: 'critical-path',
        ph: 'X',
        ts: us(link.start),
        dur: us(link.end) - us(link.start),
        pid: PID,
        tid: CRITICAL_TID,
        cname: 'bad',
        args: { ...link },
      });
    }
  }

  // Sorted by time (stable, so events of one instant keep the order they were made in): viewers
  // cope with any order, readers of the file do better with this one.
  const timed = out.map((e, i) => ({ e, i })).sort((a, b) => a.e.ts - b.e.ts || a.i - b.i);
  return {
    traceEvents: [...meta, ...timed.map(({ e }) => e)],
    displayTimeUnit: 'ms',
    metadata: {
      'swarmflight-schema': header.schema,
      scenario: header.scenario,
      seed: header.seed,
      policy: header.policy,
      provider: header.provider,
      join: header.join,
      mainStepCost: header.mainStepCost,
      failurePolicy: header.failurePolicy,
      timeUnit: `1 step = ${US_PER_STEP} µs (shown as 1 ms)`,
    },
  };
}

/** A thread's name, and its place: threads are listed in the order they appear. */
function threadNames(tid: number, name: string): ChromeTraceEvent[] {
  return [
    { name: 'thread_name', ph: 'M', ts: 0, pid: PID, tid, args: { name } },
    { name: 'thread_sort_index', ph: 'M', ts: 0, pid: PID, tid, args: { sort_index: tid } },
  ];
}

function instant(name: string, ts: number, args: Record<string, unknown>): ChromeTraceEvent {
  return { name, cat: 'orchestrator', ph: 'i', s: 't', ts, pid: PID, tid: ORCHESTRATOR_TID, args };
}

function describeAction(
  action: Extract<TraceEvent, { type: 'orchestrator.step' }>['actions'][number],
): string {
  switch (action.type) {
    case 'spawn':
      return `spawn ${action.count} ${action.profile}`;
    case 'assign':
      return `assign ${action.task} → ${action.subagent}`;
    case 'join':
      return `join ${action.subagents.join(', ')}`;
    case 'replan':
      return `replan ${action.scope}`;
    case 'tool_call':
      return `tool_call ${action.tool}`;
    case 'give_up':
      return `give up ${action.task}`;
    case 'finish':
      return 'finish';
  }
}
