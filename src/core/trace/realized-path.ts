import type { TraceEvent } from './events';

/**
 * The realized critical path of a run: the chain of work that made it as long as it was, traced
 * back through the trace from the event that ended it. Each link is whatever its successor waited
 * for — the orchestrator step that launched an attempt (which itself waited for a dependency to
 * finish, a subagent to come free, a retry's backoff, or the orchestrator's previous step). The
 * links meet end to start, so the chain runs from step-time 0 to the run's end: its length is the
 * run's critical steps in async join, and Σ_t (S_main + max_i S_sub,i) in barrier join, where each
 * stage's slowest attempt is the link. The planned path (CPM over the plan, graph/cpm) is an
 * estimate; this is what happened.
 */

/** One link of the path, in step-time. */
export type PathNode =
  /** An orchestrator step (a decision): S_main (the step's `main`, else mainStepCost), from `t` on. */
  | { readonly kind: 'main'; readonly step: number; readonly start: number; readonly end: number }
  /** One attempt at a task on a subagent. */
  | {
      readonly kind: 'task';
      readonly task: string;
      readonly attempt: number;
      readonly subagent: string;
      readonly start: number;
      readonly end: number;
      readonly outcome: 'finished' | 'failed' | 'cancelled';
    }
  /** A failed attempt's backoff before its retry became ready. */
  | { readonly kind: 'backoff'; readonly task: string; readonly start: number; readonly end: number }
  /** Time no recorded event accounts for (only in traces that lack events). */
  | { readonly kind: 'wait'; readonly start: number; readonly end: number };

export interface RealizedPath {
  /** The links in time order; each starts where the previous one ends. */
  readonly nodes: readonly PathNode[];
  /** Step-time at its end (the run's critical steps once the run ended); 0 when unavailable. */
  readonly length: number;
  /** Why there is no path (a trace without orchestrator steps), when there is none. */
  readonly unavailable?: string;
}

/** One orchestrator step and what it launched, for the stage strip and the run's graph. */
export interface Stage {
  readonly step: number;
  readonly t: number;
  /** Seq of its `orchestrator.step` event: work that ended before it is what it saw. */
  readonly seq: number;
  /** S_main of the stage. */
  readonly main: number;
  /** The attempts it launched, as indices into `RealizedFold.attempts`. */
  readonly launched: readonly number[];
  /** max_i S_sub,i: the longest attempt it launched (running ones so far), 0 when none. */
  readonly maxSub: number;
}

export interface Attempt {
  readonly task: string;
  readonly attempt: number;
  readonly subagent: string;
  readonly start: number;
  /** Undefined while it runs. */
  end: number | undefined;
  outcome: 'running' | 'finished' | 'failed' | 'cancelled';
  /** Seq of the event that ended it. */
  endSeq: number;
  /** Index into `stages` of the step that assigned it; -1 if the trace does not say. */
  readonly stage: number;
}

interface Backoff {
  readonly task: string;
  /** The failed attempt (index into attempts). */
  readonly after: number;
  readonly start: number;
  readonly end: number;
}

interface MutableStage {
  step: number;
  t: number;
  seq: number;
  /** Its S_main: the step's own `main` when the trace gives one, else the run's mainStepCost. */
  main: number;
  launched: number[];
}

/** Folds events one at a time (a live run is one pass); `path()` walks back in O(path length). */
export class RealizedFold {
  readonly attempts: Attempt[] = [];
  private readonly stageList: MutableStage[] = [];
  private readonly openAttempt = new Map<string, number>();
  private readonly assignedBy = new Map<string, number>();
  /** Attempts by the step-time they ended at, and decisions by the step-time their S_main ends at. */
  private readonly attemptsEndingAt = new Map<number, number[]>();
  private readonly stagesEndingAt = new Map<number, number[]>();
  private readonly backoffsEndingAt = new Map<number, Backoff[]>();
  private lastFailed = new Map<string, number>();
  private lastStage = -1;
  private now = 0;
  private finishedAt: number | undefined;
  /** What the lower bound needs: the graph's dependencies, P, and each retry's backoff. */
  readonly deps = new Map<string, readonly string[]>();
  workers = 0;
  readonly backoffs: { readonly task: string; readonly delay: number }[] = [];

  constructor(private readonly mainStepCost: number) {}

  push(e: TraceEvent): void {
    this.now = Math.max(this.now, e.t);
    switch (e.type) {
      case 'run.started':
        this.workers = e.workers;
        for (const task of e.tasks) this.deps.set(task.id, task.deps);
        break;
      case 'orchestrator.step': {
        this.lastStage = this.stageList.length;
        const main = e.main ?? this.mainStepCost;
        this.stageList.push({ step: e.step, t: e.t, seq: e.seq, main, launched: [] });
        this.index(this.stagesEndingAt, e.t + main, this.lastStage);
        break;
      }
      case 'task.assigned':
        // A step's assignments follow its event: they belong to the latest step.
        this.assignedBy.set(`${e.task}#${e.attempt}`, this.lastStage);
        break;
      case 'task.started': {
        const key = `${e.task}#${e.attempt}`;
        const stage = this.assignedBy.get(key) ?? -1;
        const index = this.attempts.length;
        this.attempts.push({
          task: e.task,
          attempt: e.attempt,
          subagent: e.subagent,
          start: e.t,
          end: undefined,
          outcome: 'running',
          endSeq: -1,
          stage,
        });
        this.openAttempt.set(key, index);
        if (stage >= 0) this.stageList[stage]?.launched.push(index);
        break;
      }
      case 'task.finished':
      case 'task.failed':
      case 'task.cancelled': {
        if (e.type === 'task.cancelled' && e.attempt === undefined) break;
        const key = `${e.task}#${e.attempt}`;
        const index = this.openAttempt.get(key);
        if (index === undefined) break;
        this.openAttempt.delete(key);
        const a = this.attempts[index] as Attempt;
        a.end = e.t;
        a.endSeq = e.seq;
        a.outcome =
          e.type === 'task.finished' ? 'finished' : e.type === 'task.failed' ? 'failed' : 'cancelled';
        if (e.type === 'task.failed') this.lastFailed.set(e.task, index);
        this.index(this.attemptsEndingAt, e.t, index);
        break;
      }
      case 'task.retried': {
        this.backoffs.push({ task: e.task, delay: Math.max(0, e.readyAt - e.t) });
        const after = this.lastFailed.get(e.task);
        if (after === undefined || e.readyAt <= e.t) break;
        const list = this.backoffsEndingAt.get(e.readyAt) ?? [];
        list.push({ task: e.task, after, start: e.t, end: e.readyAt });
        this.backoffsEndingAt.set(e.readyAt, list);
        break;
      }
      case 'run.finished':
        this.finishedAt = e.t;
        break;
      default:
        break;
    }
  }

  /** Step-time of `run.finished`, once folded. */
  get endedAt(): number | undefined {
    return this.finishedAt;
  }

  stages(): Stage[] {
    return this.stageList.map((s) => {
      let maxSub = 0;
      for (const i of s.launched) {
        const a = this.attempts[i] as Attempt;
        const end = a.end ?? this.now;
        maxSub = Math.max(maxSub, end - a.start);
      }
      return { step: s.step, t: s.t, seq: s.seq, main: s.main, launched: [...s.launched], maxSub };
    });
  }

  /**
   * The path so far: back from the run's end once it ended (a run stopped midway ends where it
   * stopped), else from the latest event folded.
   */
  path(): RealizedPath {
    if (this.attempts.length > 0 && this.stageList.length === 0) {
      return {
        nodes: [],
        length: 0,
        unavailable:
          'this trace has no orchestrator.step events (it was recorded by an older version or by hand), so the realized path cannot be traced',
      };
    }
    const end = this.finishedAt ?? this.now;
    const nodes: PathNode[] = [];
    let link = this.linkEndingAt(end, Number.POSITIVE_INFINITY) ?? this.linkCovering(end);
    let at = end;
    // Each link starts no later than its successor, and one step-time holds finitely many links.
    let guard = this.attempts.length + this.stageList.length + 2 * this.backoffCount() + 2;
    while (at > 0 || link) {
      if (guard-- < 0) throw new Error('realizedPath: the walk did not reach step-time 0 (a bug)');
      if (!link) {
        // Nothing recorded ends here: account for the gap up to the latest link that ends earlier.
        const before = this.latestEndBefore(at);
        nodes.push({ kind: 'wait', start: before, end: at });
        at = before;
        link = before > 0 ? this.linkEndingAt(before, Number.POSITIVE_INFINITY) : undefined;
        continue;
      }
      nodes.push(link.node);
      at = link.node.start;
      link = link.previous();
    }
    nodes.reverse();
    return { nodes, length: end };
  }

  private backoffCount(): number {
    let n = 0;
    for (const list of this.backoffsEndingAt.values()) n += list.length;
    return n;
  }

  private index(map: Map<number, number[]>, at: number, value: number): void {
    const list = map.get(at);
    if (list) list.push(value);
    else map.set(at, [value]);
  }

  private latestEndBefore(at: number): number {
    let best = 0;
    for (const t of this.attemptsEndingAt.keys()) if (t < at && t > best) best = t;
    for (const t of this.stagesEndingAt.keys()) if (t < at && t > best) best = t;
    for (const t of this.backoffsEndingAt.keys()) if (t < at && t > best) best = t;
    return best;
  }

  /**
   * A link that ends at step-time `at` and was recorded before seq `before`: an attempt first (the
   * last to end there), then a backoff, then an orchestrator step.
   */
  private linkEndingAt(at: number, before: number): Link | undefined {
    const attempts = this.attemptsEndingAt.get(at);
    if (attempts) {
      for (let k = attempts.length - 1; k >= 0; k--) {
        const index = attempts[k] as number;
        const a = this.attempts[index] as Attempt;
        if (a.endSeq < before) return this.attemptLink(index);
      }
    }
    const backoff = this.backoffsEndingAt.get(at)?.at(-1);
    if (backoff) {
      return {
        node: { kind: 'backoff', task: backoff.task, start: backoff.start, end: backoff.end },
        previous: () => this.attemptLink(backoff.after),
      };
    }
    const stages = this.stagesEndingAt.get(at);
    if (stages) {
      for (let k = stages.length - 1; k >= 0; k--) {
        const index = stages[k] as number;
        if ((this.stageList[index] as MutableStage).seq < before) return this.stageLink(index);
      }
    }
    return undefined;
  }

  /**
   * A link still under way at `at`, cut there: the orchestrator step or the backoff a run was in
   * when it stopped (a `finish` or a breaker trips mid-step).
   */
  private linkCovering(at: number): Link | undefined {
    for (let k = this.stageList.length - 1; k >= 0; k--) {
      const s = this.stageList[k] as MutableStage;
      if (s.t + s.main <= at) break;
      if (s.t <= at) {
        const link = this.stageLink(k);
        return { node: { ...link.node, end: at }, previous: link.previous };
      }
    }
    for (const list of this.backoffsEndingAt.values()) {
      for (const b of list) {
        if (b.start <= at && at < b.end) {
          return {
            node: { kind: 'backoff', task: b.task, start: b.start, end: at },
            previous: () => this.attemptLink(b.after),
          };
        }
      }
    }
    return undefined;
  }

  private attemptLink(index: number): Link {
    const a = this.attempts[index] as Attempt;
    return {
      node: {
        kind: 'task',
        task: a.task,
        attempt: a.attempt,
        subagent: a.subagent,
        start: a.start,
        end: a.end as number,
        outcome: a.outcome === 'running' ? 'cancelled' : a.outcome,
      },
      // The step that launched it; an older trace without assignments falls back to what ended
      // at its start.
      previous: () =>
        a.stage >= 0 ? this.stageLink(a.stage) : this.linkEndingAt(a.start, Number.POSITIVE_INFINITY),
    };
  }

  private stageLink(index: number): Link {
    const s = this.stageList[index] as MutableStage;
    return {
      node: { kind: 'main', step: s.step, start: s.t, end: s.t + s.main },
      // What woke it: work that ended at its instant, before it (the run's start has none).
      previous: () => (s.t > 0 ? this.linkEndingAt(s.t, s.seq) : undefined),
    };
  }
}

interface Link {
  readonly node: PathNode;
  readonly previous: () => Link | undefined;
}

/** The realized critical path of a whole trace. */
export function realizedPath(events: Iterable<TraceEvent>, mainStepCost: number): RealizedPath {
  const fold = new RealizedFold(mainStepCost);
  for (const e of events) fold.push(e);
  return fold.path();
}
