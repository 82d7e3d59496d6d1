/**
 * How long a graph scenario's run takes at a pace, said before it starts: at the default pace the
 * 100-task graph took about 12 s and the stress graph about 40 s with nothing on the page to say
 * so, and a visitor took the page for hung (issue 44).
 *
 * A paced graph run's wall time is not its critical steps at the pace. The driver
 * (core/runtime/simulate.ts) waits out each orchestrator decision (S_main seconds of model time),
 * then every attempt that decision launched, before it handles the next ending: the waits add up
 * decision by decision, Σ (S_main + the longest task it launched). stg-100 has 65 critical steps
 * and waits 292 model seconds. `pacedSeconds` replays the list schedule the built-in policies make
 * (by bottom level, on the run's workers) and adds those waits: on graphs whose tasks do not fail
 * it gives the driver's own number; retries are not foreseen, so one whose tasks may fail takes
 * somewhat longer.
 */

import { criticalPath } from '../../core/graph/cpm';
import type { TaskGraph } from '../../core/graph/types';
import { runInputOf } from '../../core/request/run-input';
import { prepareRun } from '../../core/run/prepare';
import { Heap } from '../../core/util/heap';
import { findScenario, profiles } from '../catalog';
import { t } from '../i18n/t';
import { requestOfState } from '../request-state';
import type { AppState } from '../url-state';

/** Model seconds a paced run of `graph` waits through, on `workers` subagents at S_main `overhead`. */
export function pacedSeconds(graph: TaskGraph, workers: number, overhead: number): number {
  const { n, steps, preds, succs, idRank } = graph;
  const level = criticalPath(graph, overhead).bottomLevel;
  // Ready tasks, the longest way to the end first, ties by id; attempts running, by their end.
  const ready = new Heap<number>(
    (a, b) =>
      (level[a] as number) > (level[b] as number) ||
      (level[a] === level[b] && (idRank[a] as number) < (idRank[b] as number)),
  );
  const running = new Heap<{ end: number; task: number }>((a, b) => a.end < b.end);
  const waiting = preds.map((p) => p.length);
  for (let i = 0; i < n; i++) if (waiting[i] === 0) ready.push(i);
  const slots = Math.max(1, workers);
  let seconds = 0;
  let t = 0;
  // A decision at the start and at each instant something ends, but the last: S_main, then the
  // longest of the attempts it launched.
  while (ready.size > 0 || running.size > 0) {
    seconds += overhead;
    let longest = 0;
    while (ready.size > 0 && running.size < slots) {
      const task = ready.pop() as number;
      running.push({ end: t + overhead + (steps[task] as number), task });
      longest = Math.max(longest, steps[task] as number);
    }
    seconds += longest;
    t = (running.peek() as { end: number }).end;
    while (running.peek()?.end === t) {
      for (const s of succs[(running.pop() as { task: number }).task] as readonly number[]) {
        waiting[s] = (waiting[s] as number) - 1;
        if (waiting[s] === 0) ready.push(s);
      }
    }
  }
  return seconds;
}

export interface RunLengthInput {
  /** Model seconds the run waits through (`pacedSeconds`). */
  readonly seconds: number;
  /** The pace: real ms per second of model time. */
  readonly pace: number;
  /** The fastest pace offered, by its name. */
  readonly fastest: { readonly pace: number; readonly name: string };
}

/** Real seconds up to which a run needs no word before it. */
export const SHORT_RUN_S = 5;

/**
 * The line beside Run when a run takes more than a few seconds at this pace ("A run takes about
 * 40 s at this pace; pace “instant” shows the result at once."); undefined when it does not.
 */
export function runLengthNote(input: RunLengthInput): string | undefined {
  const real = (input.seconds * input.pace) / 1000;
  if (!(real > SHORT_RUN_S)) return undefined;
  const { fastest } = input;
  const there = (input.seconds * fastest.pace) / 1000;
  if (fastest.pace >= input.pace) return t('length.takes', { about: about(real) });
  return there > SHORT_RUN_S / 5
    ? t('length.takesFaster', { about: about(real), fastest: fastest.name, there: about(there) })
    : t('length.takesAtOnce', { about: about(real), fastest: fastest.name });
}

/** 12 s · 40 s · 6 min: seconds rounded up, to fives from 20 s; whole minutes from 90 s. */
function about(seconds: number): string {
  if (seconds >= 90) return t('length.minutes', { n: Math.round(seconds / 60) });
  const step = seconds < 20 ? 1 : 5;
  return t('length.seconds', { n: Math.ceil(seconds / step) * step });
}

/** The settings a graph run's length depends on (the pace only scales it). */
export const LENGTH_KEYS = ['scenario', 'size', 'seed', 'policy', 'subagents'] as const;

/**
 * Model seconds a run of these settings waits through (run-length.ts), for a graph scenario; none
 * for a task scenario, whose wall time follows its models' replies, nor for settings that cannot run.
 */
export function pacedSecondsOf(settings: AppState): number | undefined {
  const entry = findScenario(settings.scenario);
  if (entry?.type !== 'graph') return undefined;
  try {
    const run = prepareRun(runInputOf(requestOfState(settings), entry, { profiles, plan: undefined }));
    // The single agent runs one task at a time; the other policies fill the run's subagents.
    const workers = settings.policy === 'serial' ? 1 : run.config.budgets.maxConcurrentSubagents;
    return pacedSeconds(run.graph, workers, run.config.mainStepCost);
  } catch {
    return undefined;
  }
}
