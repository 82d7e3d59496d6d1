import { describe, expect, it } from 'vitest';
import { healingHooks } from '../../../src/core/healing/monitor';
import { heuristicPolicy } from '../../../src/core/policy/heuristic';
import { serialPolicy } from '../../../src/core/policy/serial';
import { firstDifferentEvent, forkRun } from '../../../src/core/run/fork';
import { prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import type { TraceEvent } from '../../../src/core/trace/events';
import type { TraceHeader } from '../../../src/core/trace/header';
import { loadProfiles, loadSpec } from '../../support/scenarios';

/**
 * Issue 44: the serial run "Compare with a single agent" stores could not be forked ("the runs
 * part at event 54 (anomaly.detected…)"). It ran under the page's self-healing loop: a
 * critical-steps alert against the baselines that browser had learned, and a model turn the busy
 * machine held up, taken for a slow agent, quarantined, and its task retried. A fork made the run
 * again without the loop, so neither came back. It replays what the loop did now.
 */
const profiles = loadProfiles();
const scenario = { type: 'task', spec: loadSpec('wide-search', 'wide-search') } as const;
const provider = simulatedProviderFor(profiles);

/** The wall clock of a machine that stalls for half a second once, in the model’s 12th turn. */
function stallingClock() {
  let reads = 0;
  return { now: () => ++reads + (reads > 23 ? 500 : 0) };
}

async function healedSerialRun(): Promise<{ header: TraceHeader; events: TraceEvent[] }> {
  const run = prepareRun({ scenario, seed: 1, size: 20, plan: 'single', profiles });
  if (run.type !== 'task') throw new Error('not a task run');
  const result = await runPrepared(run, {
    policy: serialPolicy,
    provider,
    keepEvents: true,
    hooks: healingHooks({
      mode: 'heal',
      clock: stallingClock(),
      scheduler: () => () => {},
      // What a swarm had taken on this scenario and size in that browser.
      baseline: 10,
    }),
  });
  return { header: result.header, events: result.events ?? [] };
}

describe('forking a run the self-healing loop acted in', () => {
  it('makes it again with the loop’s detections and quarantine, then forks it', async () => {
    const { header, events } = await healedSerialRun();
    const kinds = events.flatMap((e) => (e.type === 'anomaly.detected' ? [e.kind] : []));
    expect([...kinds].sort()).toEqual(['critical-steps', 'slow']);
    expect(
      events.filter((e) => e.type === 'healing.action').map((e) => e.type === 'healing.action' && e.action),
    ).toEqual(['quarantine', 'replace']);
    const steps = events.filter((e) => e.type === 'orchestrator.step').length;
    // The quarantine sent the task back: a step launched the retry.
    expect(steps).toBeGreaterThanOrEqual(2);
    const result = await forkRun({
      header,
      events,
      scenario,
      profiles,
      original: async () => serialPolicy,
      next: async () => heuristicPolicy,
      at: steps,
      provider,
    });
    // Made again event for event, the loop's events and the retry included.
    expect(firstDifferentEvent(events, result.original.events)).toBe(-1);
    // The fork keeps the prefix, the quarantine in it too.
    const prefix = result.prefixEvents;
    expect(prefix).toBeGreaterThan(events.findIndex((e) => e.type === 'healing.action'));
    expect(firstDifferentEvent(events.slice(0, prefix), result.fork.events.slice(0, prefix))).toBe(-1);
    expect(result.quarantinedAfter).toBe(0);

    // Forked at the step that launched the quarantined attempt, that attempt is the fork's own:
    // the loop's verdict on the original's wall clock is not carried over to it.
    const atStart = await forkRun({
      header,
      events,
      scenario,
      profiles,
      original: async () => serialPolicy,
      next: async () => heuristicPolicy,
      at: 1,
      provider,
    });
    expect(atStart.fork.events.some((e) => e.type === 'healing.action')).toBe(false);
    expect(atStart.original.events.some((e) => e.type === 'healing.action')).toBe(true);
    // And the panel is told, so the loop's verdict is not taken for the policy's doing.
    expect(atStart.quarantinedAfter).toBe(1);
  });
});
