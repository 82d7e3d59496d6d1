/**
 * An exact solver for P|prec|Cmax — identical workers, precedence constraints, whole task costs
 * ≥ 0, no communication costs, no preemption — used as the reference optimum when we check how far
 * the list scheduler lands from optimal on random graphs. Bench code: it does not import the runtime,
 * only the graph types and the critical path method.
 *
 * The search is a depth-first branch and bound in the style of Kasahara & Narita's DF/IHS
 * (IEEE Trans. Computers, 1984): the tree is built over decision times, at each one the children
 * are taken in list-scheduling (CP/MISF) order so the first dive *is* the list schedule, and nodes
 * are cut by critical-path and load bounds. Three things differ from a plain DF/IHS, each for a
 * reason spelt out where it is done:
 *
 * 1. Completeness. Branching only over "which ready tasks start now" with every free worker filled
 *    (a non-delay, or greedy, schedule) is not complete: some instances need a worker to stay idle
 *    while a task is ready (see the tests). Here each decision is "the *set* of ready tasks that
 *    start now", any size up to the free workers, including sets that leave workers idle until the
 *    next completion. Every schedule can be left-shifted until each task starts at time 0 or at a
 *    completion time without growing the makespan, so decision times at completions lose nothing.
 * 2. A left-shift dominance rule keeps the idle branches from blowing up: see `Search.branch`.
 * 3. The search is run as a sequence of decision problems, "is there a schedule of makespan ≤ T?".
 *    First, for a quarter of the budget, T = incumbent − 1 (DF/IHS proper: each schedule found
 *    lowers the incumbent, a refuted T proves it optimal); then T rising from the best lower bound,
 *    where every refuted T raises the lower bound, so a run cut by the time limit still returns a
 *    lower bound better than the root one, and the first feasible T is the optimum. A fixed target
 *    also makes a table of failed states sound, and lets tasks past their latest start be forced.
 */
import { criticalPath, lowerBound } from '../src/core/graph/cpm';
import type { TaskGraph } from '../src/core/graph/types';

export interface OptimalOptions {
  /** Wall-clock budget for the whole call. Default 10 000 ms. */
  readonly timeLimitMs?: number;
  /**
   * Makespan of a schedule the caller already holds (say, the list scheduler's). It is trusted, not
   * checked — check the caller's schedule separately — except that a value below the root lower
   * bound is ignored as impossible. The solver only looks for schedules strictly shorter, and if it
   * proves there are none, the optimum is this value (`makespan` = upperBound, `proven` = true,
   * `schedule` is the solver's own best, which is then longer).
   */
  readonly upperBound?: number;
}

/** One placed task, in the shape the schedule checker takes (there are no failures: attempt 1). */
export interface PlacedTask {
  readonly task: string;
  readonly worker: string;
  readonly start: number;
  readonly finish: number;
  readonly attempt: number;
}

export interface OptimalResult {
  /** Best makespan known: the solver's best schedule, or opts.upperBound if that is smaller. */
  readonly makespan: number;
  /** No schedule is shorter than this. Equal to `makespan` when proven. */
  readonly lowerBound: number;
  /** True when `makespan` is the optimum (every shorter target was refuted). */
  readonly proven: boolean;
  /** Search nodes visited (decision times reached), over all targets. */
  readonly nodes: number;
  /** The solver's best schedule; its makespan is `makespan` unless opts.upperBound was smaller. */
  readonly schedule: PlacedTask[];
}

const WAITING = 0; // some dependency not finished
const READY = 1; // every dependency finished, not started
const RUNNING = 2;
const DONE = 3;

/** Cap on the table of failed states (per target), to bound memory. */
const MEMO_LIMIT = 400_000;

export function optimalMakespan(graph: TaskGraph, workers: number, opts: OptimalOptions = {}): OptimalResult {
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`workers must be a whole number ≥ 1`);
  const started = performance.now();
  const deadline = started + (opts.timeLimitMs ?? 10_000);
  const inst = prepare(graph, workers);
  if (inst.n === 0) return { makespan: 0, lowerBound: 0, proven: true, nodes: 0, schedule: [] };

  // Initial upper bound: the best of a few list schedules (CP/MISF first, as in DF/IHS).
  let best = listSchedule(inst, inst.order);
  for (const order of alternativeOrders(inst)) {
    const other = listSchedule(inst, order);
    if (other.makespan < best.makespan) best = other;
  }
  // A schedule of makespan `ub` exists (the caller's bound is trusted unless it is provably
  // impossible, i.e. below the root lower bound); none shorter than `lb` does.
  let lb = rootLowerBound(inst, graph);
  const callerBound = opts.upperBound ?? Number.POSITIVE_INFINITY;
  let ub = Math.min(best.makespan, callerBound >= lb ? callerBound : Number.POSITIVE_INFINITY);
  let nodes = 0;
  /** Looks for a schedule of makespan ≤ T, giving up at `until`. */
  const attempt = (T: number, until: number): 'found' | 'infeasible' | 'timeout' => {
    if (!energeticFeasible(inst, T)) return 'infeasible';
    const search = new Search(inst, T, until);
    const found = search.run();
    nodes += search.nodes;
    if (search.timedOut) return 'timeout';
    if (!found) return 'infeasible';
    best = search.best as Placement;
    ub = Math.min(ub, best.makespan);
    return 'found';
  };

  // Phase 1, falling targets T = ub − 1 (DF/IHS proper), for a quarter of the budget: each
  // schedule found lowers the upper bound, and a refuted target proves the incumbent optimal.
  // Better schedules, when there are any, tend to turn up early in the dive.
  const quarter = started + (deadline - started) / 4;
  while (lb < ub) {
    const outcome = attempt(ub - 1, quarter);
    if (outcome === 'timeout') break;
    if (outcome === 'infeasible') lb = ub;
  }
  // Phase 2, rising targets T = lb, lb + 1, … with the rest: each refuted T raises the lower bound,
  // and the first feasible T is the optimum.
  while (lb < ub) {
    const outcome = attempt(lb, deadline);
    if (outcome === 'timeout') break;
    if (outcome === 'infeasible') lb++;
  }
  return { makespan: ub, lowerBound: lb, proven: lb >= ub, nodes, schedule: toSchedule(inst, best) };
}

// ---------------------------------------------------------------------------------------------
// Instance preparation: costs, priorities, sharpened heads and tails, twins.

interface Instance {
  readonly n: number;
  readonly P: number;
  readonly ids: readonly string[];
  readonly p: Int32Array;
  readonly preds: readonly (readonly number[])[];
  readonly succs: readonly (readonly number[])[];
  readonly topo: Int32Array;
  /** Tasks in list-scheduling priority order (CP/MISF: bottom level, then more successors, then id). */
  readonly order: Int32Array;
  readonly rank: Int32Array;
  /**
   * Head r[i]: no schedule starts task i before r[i]. Tail q[i]: no schedule ends less than q[i]
   * after task i finishes. Both are valid for every schedule, hence at every search node.
   */
  readonly head: Int32Array;
  readonly tail: Int32Array;
  /** The next-higher-priority task identical to i (same cost, dependencies and dependants), or −1. */
  readonly twin: Int32Array;
}

function prepare(graph: TaskGraph, P: number): Instance {
  const { n, preds, succs, topo, idRank } = graph;
  const p = Int32Array.from(graph.steps);
  const cpm = criticalPath(graph);
  const bottomLevel = cpm.bottomLevel;
  const order = Int32Array.from(
    [...Array(n).keys()].sort(
      (a, b) =>
        bottomLevel[b]! - bottomLevel[a]! || succs[b]!.length - succs[a]!.length || idRank[a]! - idRank[b]!,
    ),
  );
  const rank = new Int32Array(n);
  order.forEach((task, k) => {
    rank[task] = k;
  });
  const head = sharpened(n, P, p, preds, topo, false);
  const tail = sharpened(n, P, p, succs, topo, true);

  // Twins: tasks that are interchangeable in every schedule. Forcing them to start in rank order
  // removes k! copies of every schedule of a class of k twins.
  const twin = new Int32Array(n).fill(-1);
  const classes = new Map<string, number>();
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    const key = `${p[i]}|${[...preds[i]!].sort((a, b) => a - b).join(',')}|${[...succs[i]!].sort((a, b) => a - b).join(',')}`;
    const prev = classes.get(key);
    if (prev !== undefined) twin[i] = prev;
    classes.set(key, i);
  }
  return { n, P, ids: graph.ids, p, preds, succs, topo, order, rank, head, tail, twin };
}

/**
 * Heads (or, with `reverse`, tails) sharpened by the work of the ancestors (descendants). Task i
 * cannot start before every ancestor has finished, and the ancestors whose own head is ≥ a must all
 * run inside [a, start of i) on P workers, so start(i) ≥ a + ⌈their work / P⌉ for every a. This is
 * the level/load bound of Fernandez & Bussell (1973) applied to the subgraph above each task; it is
 * much stronger than the plain earliest start when P is small. Symmetrically for tails: the
 * descendants whose tail is ≥ b run inside [finish of i, Cmax − b].
 */
function sharpened(
  n: number,
  P: number,
  p: Int32Array,
  before: readonly (readonly number[])[],
  topo: Int32Array,
  reverse: boolean,
): Int32Array {
  const words = (n + 31) >>> 5;
  const closure = new Uint32Array(n * words);
  const value = new Int32Array(n);
  const members: number[] = [];
  for (let k = 0; k < n; k++) {
    const i = topo[reverse ? n - 1 - k : k]!;
    let v = 0;
    for (const j of before[i]!) {
      v = Math.max(v, value[j]! + p[j]!);
      closure[i * words + (j >>> 5)]! |= 1 << (j & 31);
      for (let w = 0; w < words; w++) closure[i * words + w]! |= closure[j * words + w]!;
    }
    members.length = 0;
    for (let j = 0; j < n; j++) if (closure[i * words + (j >>> 5)]! & (1 << (j & 31))) members.push(j);
    members.sort((a, b) => value[b]! - value[a]!);
    let work = 0;
    for (const j of members) {
      work += p[j]!;
      v = Math.max(v, value[j]! + Math.ceil(work / P));
    }
    value[i] = v;
  }
  return value;
}

/**
 * The best static lower bound: the time model's (docs/architecture.md) max(critical path, ⌈work / P⌉), the longest
 * head + cost + tail, and the two-sided load bound — every set of tasks with head ≥ a and tail ≥ b
 * runs inside [a, Cmax − b], so Cmax ≥ a + b + ⌈its work / P⌉.
 */
function rootLowerBound(inst: Instance, graph: TaskGraph): number {
  const { n, P, p, head, tail } = inst;
  let lb = lowerBound(graph, P);
  for (let i = 0; i < n; i++) lb = Math.max(lb, head[i]! + p[i]! + tail[i]!);
  const byTail = [...Array(n).keys()].sort((a, b) => tail[b]! - tail[a]!);
  for (const a of new Set(head)) {
    let work = 0;
    for (const i of byTail) {
      if (head[i]! < a) continue;
      work += p[i]!;
      lb = Math.max(lb, a + tail[i]! + Math.ceil(work / P));
    }
  }
  return lb;
}

/**
 * Energetic reasoning (Lopez, Erschler & Esquirol; the interval form of Fernandez–Bussell): with
 * makespan T, task i runs inside [head, T − tail], so inside any window [a, b] it must do at least
 * min(p, b − a, its part after a if started as early as possible, its part before b if started as
 * late as possible). If the windows' mandatory work exceeds P(b − a), T is infeasible. O(n³), run
 * once per target at the root.
 */
function energeticFeasible(inst: Instance, T: number): boolean {
  const { n, P, p, head, tail } = inst;
  const lefts = new Set<number>();
  const rights = new Set<number>();
  for (let i = 0; i < n; i++) {
    const latest = T - tail[i]! - p[i]!;
    if (latest < head[i]!) return false;
    lefts.add(head[i]!);
    lefts.add(latest);
    rights.add(T - tail[i]!);
    rights.add(head[i]! + p[i]!);
  }
  for (const a of lefts) {
    for (const b of rights) {
      if (b <= a) continue;
      let need = 0;
      for (let i = 0; i < n; i++) {
        const pi = p[i]!;
        if (pi === 0) continue;
        const early = head[i]! + pi - a; // part after a when started at the head
        const late = b - (T - tail[i]! - pi); // part before b when started as late as possible
        const m = Math.min(pi, b - a, early, late);
        if (m > 0) need += m;
      }
      if (need > P * (b - a)) return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// List schedules (the initial upper bound).

interface Placement {
  readonly makespan: number;
  readonly start: Int32Array;
  readonly worker: Int32Array;
}

/**
 * Non-delay list scheduling: at each completion time, start ready tasks in `order` on free workers.
 * Zero-cost tasks take no worker time and are done the moment they are ready.
 */
function listSchedule(inst: Instance, order: Int32Array): Placement {
  const { n, P, p, preds, succs } = inst;
  const left = Int32Array.from(preds, (ps) => ps.length);
  const start = new Int32Array(n).fill(-1);
  const worker = new Int32Array(n);
  const busyUntil = new Int32Array(P);
  const finishOf = (i: number) => start[i]! + p[i]!;
  const running: number[] = [];
  let t = 0;
  let done = 0;
  let makespan = 0;
  const complete = (i: number) => {
    done++;
    makespan = Math.max(makespan, finishOf(i));
    for (const s of succs[i]!) left[s]!--;
  };
  while (done < n) {
    let changed = true;
    while (changed) {
      changed = false;
      for (const i of order) {
        if (start[i]! >= 0 || left[i]! > 0) continue;
        if (p[i] === 0) {
          start[i] = t;
          complete(i);
          changed = true;
        } else if (running.length < P) {
          const w = busyUntil.findIndex((b) => b <= t);
          start[i] = t;
          worker[i] = w;
          busyUntil[w] = t + p[i]!;
          running.push(i);
        }
      }
    }
    if (running.length === 0) break;
    t = Math.min(...running.map(finishOf));
    for (let k = running.length - 1; k >= 0; k--) {
      const i = running[k]!;
      if (finishOf(i) === t) {
        running.splice(k, 1);
        complete(i);
      }
    }
  }
  return { makespan, start, worker };
}

/** Other priority lists for the initial bound: sharpened head + tail, and descendants' work. */
function alternativeOrders(inst: Instance): Int32Array[] {
  const { n, p, tail, head, rank } = inst;
  const byTail = [...Array(n).keys()].sort(
    (a, b) => tail[b]! + p[b]! - (tail[a]! + p[a]!) || rank[a]! - rank[b]!,
  );
  const byTotal = [...Array(n).keys()].sort(
    (a, b) => head[b]! + p[b]! + tail[b]! - (head[a]! + p[a]! + tail[a]!) || rank[a]! - rank[b]!,
  );
  return [Int32Array.from(byTail), Int32Array.from(byTotal)];
}

function toSchedule(inst: Instance, placement: Placement): PlacedTask[] {
  const schedule: PlacedTask[] = [];
  for (let i = 0; i < inst.n; i++) {
    const start = placement.start[i]!;
    schedule.push({
      task: inst.ids[i]!,
      worker: `w${placement.worker[i]! + 1}`,
      start,
      finish: start + inst.p[i]!,
      attempt: 1,
    });
  }
  return schedule.sort((a, b) => a.start - b.start || (a.worker < b.worker ? -1 : 1));
}

// ---------------------------------------------------------------------------------------------
// The search for one target T.

class Search {
  nodes = 0;
  timedOut = false;
  best: Placement | undefined;

  private readonly n: number;
  private readonly P: number;
  private readonly status: Uint8Array;
  private readonly left: Int32Array;
  private readonly start: Int32Array;
  private readonly finish: Int32Array;
  private readonly worker: Int32Array;
  private readonly forbidden: Uint8Array;
  private readonly workerTask: Int32Array;
  private readonly running: number[] = [];
  private done = 0;
  /** Per-node scratch. */
  private readonly estimate: Int32Array;
  private readonly profile: Int32Array;
  private readonly codes: number[];
  private readonly chosen: Uint8Array;
  /** Failed states → earliest time they were reached at (see `explore`). */
  private readonly memo = new Map<string, number>();
  /** State keys are one UTF-16 code unit per task: only for moderate sizes and costs. */
  private readonly useMemo: boolean;

  constructor(
    private readonly inst: Instance,
    private readonly T: number,
    private readonly deadline: number,
  ) {
    const n = inst.n;
    this.n = n;
    this.P = inst.P;
    this.status = new Uint8Array(n);
    this.left = Int32Array.from(inst.preds, (ps) => ps.length);
    for (let i = 0; i < n; i++) if (this.left[i] === 0) this.status[i] = READY;
    this.start = new Int32Array(n).fill(-1);
    this.finish = new Int32Array(n).fill(-1);
    this.worker = new Int32Array(n);
    this.forbidden = new Uint8Array(n);
    this.workerTask = new Int32Array(inst.P).fill(-1);
    this.estimate = new Int32Array(n);
    this.profile = new Int32Array(T + 2);
    this.codes = new Array<number>(n).fill(0);
    this.chosen = new Uint8Array(n);
    this.useMemo = n <= 5000 && inst.p.every((c) => c < 60_000);
  }

  run(): boolean {
    return this.explore(0);
  }

  /** Marks i finished at `time` and releases its dependants. */
  private complete(i: number, time: number): void {
    this.status[i] = DONE;
    this.finish[i] = time;
    this.done++;
    for (const s of this.inst.succs[i]!) {
      if (--this.left[s]! === 0) this.status[s] = READY;
    }
  }

  private uncomplete(i: number, was: number): void {
    for (const s of this.inst.succs[i]!) {
      if (this.left[s]!++ === 0) this.status[s] = WAITING;
    }
    this.status[i] = was;
    this.done--;
  }

  /**
   * A decision time t: every task finishing at t has been completed. Returns true once a schedule
   * of makespan ≤ T is found (it is then in `best`).
   */
  private explore(t: number): boolean {
    if (this.timedOut) return false;
    if ((++this.nodes & 1023) === 0 && performance.now() > this.deadline) {
      this.timedOut = true;
      return false;
    }
    const { n, inst, status } = this;
    // Zero-cost tasks take no worker time: doing them the moment they are ready is never worse.
    // One pass in topological order also catches chains of them.
    const zeros: number[] = [];
    for (const i of inst.topo) {
      if (status[i] === READY && inst.p[i] === 0) {
        this.start[i] = t;
        this.complete(i, t);
        zeros.push(i);
      }
    }
    const undoZeros = () => {
      for (let k = zeros.length - 1; k >= 0; k--) this.uncomplete(zeros[k]!, READY);
    };
    if (this.done === n) {
      this.record();
      return true;
    }
    if (!this.bound(t)) {
      undoZeros();
      return false;
    }
    const key = this.useMemo ? this.stateKey(t) : '';
    const seen = this.useMemo ? this.memo.get(key) : undefined;
    if (seen !== undefined && seen <= t) {
      undoZeros();
      return false;
    }

    // Ready tasks that may start now, in priority order; those past their latest start must.
    const { P, T } = this;
    const free = P - this.running.length;
    const forced: number[] = [];
    const optional: number[] = [];
    for (const i of inst.order) {
      if (status[i] !== READY || this.forbidden[i]) continue;
      // Not started now, a task starts at the next completion at the earliest, ≥ t + 1.
      if (t + inst.p[i]! + inst.tail[i]! >= T) forced.push(i);
      else optional.push(i);
    }
    let found = false;
    if (forced.length <= free) {
      for (const i of forced) this.chosen[i] = 1;
      const picked = [...forced];
      // Children in DF/IHS order: largest sets first, and within a size in lexicographic priority
      // order, so the first child is exactly the list scheduler's choice. Smaller sets leave
      // workers idle on purpose; they are what makes the search complete.
      const pick = (from: number, need: number): boolean => {
        if (need === 0) return this.branch(t, picked);
        for (let k = from; k <= optional.length - need; k++) {
          const i = optional[k]!;
          const tw = inst.twin[i]!;
          if (tw >= 0 && status[tw] === READY && !this.chosen[tw]) continue;
          picked.push(i);
          this.chosen[i] = 1;
          const ok = pick(k + 1, need - 1);
          picked.pop();
          this.chosen[i] = 0;
          if (ok) return true;
          if (this.timedOut) return false;
        }
        return false;
      };
      for (let extra = Math.min(free - forced.length, optional.length); extra >= 0 && !found; extra--) {
        if (forced.length + extra === 0 && this.running.length === 0) continue; // nothing would happen
        found = pick(0, extra);
        if (this.timedOut) break;
      }
      for (const i of forced) this.chosen[i] = 0;
    }
    if (this.useMemo && !found && !this.timedOut && (seen === undefined || t < seen)) {
      if (seen !== undefined || this.memo.size < MEMO_LIMIT) this.memo.set(key, t);
    }
    if (!found) undoZeros();
    return found;
  }

  /**
   * Starts `picked` at t, moves to the next completion and explores from there.
   *
   * Left-shift dominance: if a worker stays idle after this decision, every ready task not started
   * now is *forbidden* until some later decision leaves no worker idle. A forbidden task X starting
   * at a later time t' would leave one worker free throughout [t, t'), so X could move to t (it was
   * ready at t) without overloading any instant: in [t, t') it takes the free worker, after t' it
   * only uses time it used already. Shifting a task left never delays anything, and the sum of start
   * times falls each time, so repeating it ends in a schedule that is no longer and that breaks the
   * rule nowhere — hence the rule keeps an optimal schedule in the tree. Without it the idle
   * branches would enumerate every way of starting tasks later than they could have.
   */
  private branch(t: number, picked: readonly number[]): boolean {
    const { inst, status } = this;
    for (const i of picked) {
      status[i] = RUNNING;
      this.start[i] = t;
      this.finish[i] = t + inst.p[i]!;
      const w = this.workerTask.indexOf(-1);
      this.workerTask[w] = i;
      this.worker[i] = w;
      this.running.push(i);
    }
    const idle = this.running.length < this.P;
    const flipped: number[] = [];
    for (let i = 0; i < this.n; i++) {
      if (status[i] !== READY) continue;
      const want = idle ? 1 : 0;
      if (this.forbidden[i] !== want) {
        this.forbidden[i] = want;
        flipped.push(i);
      }
    }
    let next = Number.POSITIVE_INFINITY;
    for (const i of this.running) next = Math.min(next, this.finish[i]!);
    const ended: number[] = [];
    for (let k = this.running.length - 1; k >= 0; k--) {
      const i = this.running[k]!;
      if (this.finish[i] === next) {
        this.running.splice(k, 1);
        this.workerTask[this.worker[i]!] = -1;
        this.complete(i, next);
        ended.push(i);
      }
    }
    const found = this.explore(next);
    if (found) return true;
    for (let k = ended.length - 1; k >= 0; k--) {
      const i = ended[k]!;
      this.uncomplete(i, RUNNING);
      this.finish[i] = next;
      this.workerTask[this.worker[i]!] = i;
      this.running.push(i);
    }
    for (const i of flipped) this.forbidden[i] = this.forbidden[i] ? 0 : 1;
    for (const i of picked) {
      status[i] = READY;
      this.workerTask[this.worker[i]!] = -1;
      this.running.splice(this.running.indexOf(i), 1);
    }
    return false;
  }

  /**
   * Can the state at decision time t still finish by T? Three necessary conditions:
   * - critical path: each unfinished task's earliest start (propagated from the state, and never
   *   below its static head) + cost + tail ≤ T;
   * - load before deadlines: started as late as T allows, the work that must be done inside [t, D]
   *   fits P(D − t), for every D (covers ⌈remaining work / P⌉ and the level bound by tails);
   * - load after releases: started as early as possible, the work left after R fits P(T − R).
   * Both load checks subtract the worker time that is lost for sure before the next completion.
   */
  private bound(t: number): boolean {
    const { n, inst, status, estimate: est, T, P } = this;
    const { p, tail, head, topo, preds } = inst;
    // Earliest time a ready task not chosen now could start: the next completion.
    let nextEvent = Number.POSITIVE_INFINITY;
    for (const i of this.running) nextEvent = Math.min(nextEvent, this.finish[i]!);
    let allowed = 0;
    for (let i = 0; i < n; i++) {
      if (status[i] === READY && !this.forbidden[i]) {
        allowed++;
        nextEvent = Math.min(nextEvent, t + p[i]!);
      }
    }
    if (allowed === 0 && this.running.length === 0) return false; // only forbidden tasks left: dead end
    // Nothing starts between t and the next completion, so until then at most running + allowed
    // workers can be busy: `idle` workers are lost over [t, nextEvent).
    const idle = Math.max(0, P - this.running.length - allowed);
    const lost = (from: number, to: number) => idle * Math.max(0, Math.min(to, nextEvent) - from);
    for (const i of topo) {
      const s = status[i];
      if (s === DONE) continue;
      let e: number;
      if (s === RUNNING) {
        e = this.start[i]!;
      } else if (s === READY) {
        e = Math.max(head[i]!, this.forbidden[i] ? nextEvent : t);
      } else {
        e = head[i]!;
        for (const j of preds[i]!) {
          const f = status[j] === DONE || status[j] === RUNNING ? this.finish[j]! : est[j]! + p[j]!;
          if (f > e) e = f;
        }
      }
      est[i] = e;
      if (e + p[i]! + tail[i]! > T) return false;
    }

    const prof = this.profile;
    // Deadlines: slope of the mandatory work in [t, D] as D grows.
    prof.fill(0, t, T + 2);
    for (let i = 0; i < n; i++) {
      const s = status[i];
      if (s === DONE || p[i] === 0) continue;
      if (s === RUNNING) {
        prof[t]!++;
        prof[this.finish[i]!]!--;
      } else {
        const d = T - tail[i]!;
        prof[d - p[i]!]!++;
        prof[d]!--;
      }
    }
    let slope = 0;
    let work = 0;
    for (let x = t; x < T; x++) {
      slope += prof[x]!;
      work += slope;
      if (work > P * (x + 1 - t) - lost(t, x + 1)) return false;
    }
    // Releases: tasks active at x when every task starts at its earliest; the work at or after R
    // must fit in [R, T].
    prof.fill(0, t, T + 2);
    for (let i = 0; i < n; i++) {
      const s = status[i];
      if (s === DONE || p[i] === 0) continue;
      const from = s === RUNNING ? t : est[i]!;
      const to = s === RUNNING ? this.finish[i]! : est[i]! + p[i]!;
      prof[from]!++;
      prof[to]!--;
    }
    slope = 0;
    for (let x = t; x < T; x++) {
      slope += prof[x]!;
      prof[x] = slope;
    }
    work = 0;
    for (let x = T - 1; x >= t; x--) {
      work += prof[x]!;
      if (work > P * (T - x) - lost(x, T)) return false;
    }
    return true;
  }

  /**
   * The state reached at a decision time, up to a shift in time: which tasks are done, how long the
   * running ones still need, and which ready ones are forbidden. Whatever can happen from a state
   * at time t can happen from the same state at t' < t, shifted earlier, so a state that failed
   * when reached at t' fails again at any t ≥ t'.
   */
  private stateKey(t: number): string {
    const { codes, status } = this;
    for (let i = 0; i < this.n; i++) {
      const s = status[i];
      codes[i] =
        s === DONE ? 1 : s === RUNNING ? 3 + this.finish[i]! - t : s === READY && this.forbidden[i] ? 2 : 0;
    }
    return String.fromCharCode(...codes);
  }

  private record(): void {
    let makespan = 0;
    for (let i = 0; i < this.n; i++) makespan = Math.max(makespan, this.finish[i]!);
    this.best = { makespan, start: Int32Array.from(this.start), worker: Int32Array.from(this.worker) };
  }
}
