/**
 * The self-healing loop and a chaos run's faults as plain data, for whichever thread runs the
 * subagents (a Web Worker rebuilds them from the run's setup): `hooksFor` makes the attempt hooks
 * from it, with the clock and timers of that thread.
 */
import type { Clock } from '../runtime/ports';
import type { FaultKind } from '../trace/events';
import type { Scheduler } from '../trace/scheduler';
import { chaosHooks, faultPlan } from './chaos';
import { defaultThresholds } from './detectors';
import { type AttemptHooks, composeHooks } from './hooks';
import { healingHooks } from './monitor';

export interface HealingSetup {
  /** heal: quarantine and replace; detect: record detections only. */
  readonly mode: 'heal' | 'detect';
  /** Faults to put into chosen agents (a chaos run); none by default. */
  readonly faults?: readonly FaultKind[];
  readonly unresponsiveMs?: number;
  readonly expectedMsPerToken?: number;
  readonly slowMs?: number;
  /**
   * How much longer than usual a turn must take before it is slow (DetectorThresholds): a host
   * whose turns share a busy thread with drawing (the page) waits out pauses a CLI never has.
   */
  readonly slowMinExcessMs?: number;
  readonly baseline?: number;
  /** What turns are timed by (monitor.ts): `model` for the simulated model. @default 'wall' */
  readonly timing?: 'model' | 'wall';
  /** With wall timing, the earliest a learned watchdog fires (watchdog.ts). */
  readonly watchdogFloorMs?: number;
}

export function hooksFor(
  setup: HealingSetup,
  run: { readonly seed: number; readonly taskIds: readonly string[] },
  ports: { readonly clock: Clock; readonly scheduler: Scheduler },
): AttemptHooks {
  const healing = healingHooks({
    mode: setup.mode,
    clock: ports.clock,
    scheduler: ports.scheduler,
    ...(setup.unresponsiveMs !== undefined ? { unresponsiveMs: setup.unresponsiveMs } : {}),
    ...(setup.expectedMsPerToken !== undefined ? { expectedMsPerToken: setup.expectedMsPerToken } : {}),
    ...(setup.baseline !== undefined ? { baseline: setup.baseline } : {}),
    ...(setup.timing !== undefined ? { timing: setup.timing } : {}),
    ...(setup.watchdogFloorMs !== undefined ? { watchdogFloorMs: setup.watchdogFloorMs } : {}),
    ...(setup.slowMinExcessMs !== undefined
      ? { thresholds: { ...defaultThresholds, slowMinExcessMs: setup.slowMinExcessMs } }
      : {}),
  });
  if (!setup.faults || setup.faults.length === 0) return healing;
  const chaos = chaosHooks(faultPlan(run.seed, run.taskIds, setup.faults), {
    scheduler: ports.scheduler,
    ...(setup.slowMs !== undefined ? { slowMs: setup.slowMs } : {}),
    ...(setup.timing !== undefined ? { timing: setup.timing } : {}),
  });
  return composeHooks(chaos, healing);
}
