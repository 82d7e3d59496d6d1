import { baselineKey, baselineOf, rememberRun } from '../../core/healing/knowledge';
import type { HealingSetup } from '../../core/healing/setup';
import { longestReplyDeadlineMs } from '../../core/providers/deadline';
import type { PreparedRun, PreparedTaskRun } from '../../core/run/prepare';
import { services } from '../services';
import type { AppState } from '../url-state';

/**
 * The self-healing loop a page run's subagents run under (docs/healing.md): on by default, or
 * watching only, with the chaos control's faults. Its timings follow the page's pace, which
 * stretches every simulated turn: a turn is expected to take its model time at that pace, a hung
 * agent is one silent forty times that (three seconds at least), and a slow one waits twenty times
 * that more per turn.
 */
export function pageHealingTimings(
  settings: AppState,
  prepared: PreparedTaskRun,
  real: boolean,
  baseline?: number,
): Omit<HealingSetup, 'mode' | 'faults'> {
  const sim = prepared.profiles[prepared.config.defaultProfile]?.simulator;
  // The simulator's latency model at the page's pace: ms a token, and a turn of its usual length.
  const perToken = sim ? (sim.wallMsPerToken * settings.pace) / 1000 : 0;
  const turn = sim ? perToken * sim.outputTokensPerStep + 5 : 50;
  // The mode and the faults are the request's (core/request/compose-run.ts); the timings the page's.
  const slowMs = Math.max(600, Math.round(20 * turn));
  const simulated = !real;
  return {
    // The simulated model's turns are judged by its own time at the pace, not by how busy this
    // page is; a real model's watchdog starts past its longest reply deadline and learns its pace
    // (core/healing/watchdog.ts), so a slow but sound model is never taken for a hung one.
    timing: simulated ? 'model' : 'wall',
    unresponsiveMs: simulated
      ? Math.max(3000, Math.round(40 * turn))
      : longestReplyDeadlineMs(undefined, prepared.profiles) + 5000,
    slowMs,
    // A busy page held a healthy agent's turn up by about 240 ms, and the loop quarantined it (a
    // single agent's run then took 92 or 108 critical steps instead of 64); a chaos "slow" fault
    // adds `slowMs` to every turn, so it is still caught.
    slowMinExcessMs: Math.round(0.8 * slowMs),
    ...(simulated ? { expectedMsPerToken: perToken + 0.5 } : {}),
    ...(baseline !== undefined ? { baseline } : {}),
  };
}

const keyOf = (prepared: PreparedRun) =>
  prepared.type === 'task' ? baselineKey(prepared.scenario.id, prepared.instance.size) : undefined;

/** The critical steps this scenario and size usually take in this browser, if it has run them. */
export async function pageBaseline(prepared: PreparedRun): Promise<number | undefined> {
  const key = keyOf(prepared);
  if (!key) return undefined;
  return baselineOf(await (await services.baselines()).read(), key);
}

/**
 * A run that went as it should — finished, no fault put in, nothing flagged — teaches what normal
 * is for its scenario and size; any other run teaches nothing.
 */
export async function rememberIfHealthy(
  prepared: PreparedRun,
  settings: AppState,
  outcome: { readonly completed: boolean; readonly incidents: number; readonly criticalSteps: number },
): Promise<void> {
  const key = keyOf(prepared);
  if (!key || !outcome.completed || outcome.incidents > 0 || settings.chaos.length > 0) return;
  const store = await services.baselines();
  await store.write(rememberRun(await store.read(), key, outcome.criticalSteps));
}
