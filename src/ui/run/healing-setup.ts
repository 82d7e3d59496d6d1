import type { HealingSetup } from '../../core/healing/setup';
import type { PreparedRun } from '../../core/scenarios/prepare';
import type { AppState } from '../url-state';

/**
 * The self-healing loop a page run's subagents run under (docs/healing.md): on by default, or
 * watching only, with the chaos control's faults. Its timings follow the page's pace, which
 * stretches every simulated turn: a turn is expected to take its model time at that pace, a hung
 * agent is one silent forty times that (three seconds at least), and a slow one waits twenty times
 * that more per turn.
 */
export function pageHealing(settings: AppState, prepared: PreparedRun): HealingSetup | undefined {
  if (prepared.type !== 'task') return undefined;
  const sim = prepared.profiles[prepared.config.defaultProfile]?.simulator;
  // The simulator's latency model at the page's pace: ms a token, and a turn of its usual length.
  const perToken = sim ? (sim.wallMsPerToken * settings.pace) / 1000 : 0;
  const turn = sim ? perToken * sim.outputTokensPerStep + 5 : 50;
  return {
    mode: settings.healing === 'on' ? 'heal' : 'detect',
    faults: settings.chaos,
    unresponsiveMs: Math.max(3000, Math.round(40 * turn)),
    slowMs: Math.max(600, Math.round(20 * turn)),
    ...(settings.provider === 'simulated' ? { expectedMsPerToken: perToken + 0.5 } : {}),
  };
}
