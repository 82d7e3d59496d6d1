/**
 * The vote head's two options on a run cut into replicas that vote: `run` launches a part's spare
 * replicas with it; `drop` gives them up (the runtime's give_up), and the part goes on with its
 * first replica, paying for one run instead of three.
 */
import { describe, expect, it } from 'vitest';
import { CONTROLS, PROFILES, toActions, VOTES, WIDTHS } from '../../../src/core/learning/actions';
import type { Policy } from '../../../src/core/policy/types';
import { prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const profiles = loadProfiles();
const deep = loadSpec('deep-search', 'deep-search');

async function run(vote: (typeof VOTES)[number], width: (typeof WIDTHS)[number] = 'all') {
  const policy: Policy = {
    name: `vote-${vote}`,
    planFor: () => ({ mode: 'swarm', replicas: 3 }),
    prioritize: (ctx) => Float64Array.from(ctx.cpm.bottomLevel),
    decide: (view) =>
      toActions(view, {
        width: WIDTHS.indexOf(width),
        profile: PROFILES.indexOf('small'),
        control: CONTROLS.indexOf('go'),
        vote: VOTES.indexOf(vote),
      }),
  };
  const prepared = prepareRun({
    scenario: { type: 'task', spec: deep },
    seed: 6,
    size: 3,
    plan: () => ({ mode: 'swarm', replicas: 3 }),
    profiles,
  });
  return runPrepared(prepared, { policy, provider: simulatedProviderFor(profiles), keepEvents: true });
}

describe('the vote head', () => {
  it('drop gives every spare replica up and runs each part once; run runs all three', async () => {
    const dropped = await run('drop');
    const ran = await run('run');
    const skipped = dropped.events.filter((e) => e.type === 'task.skipped');
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.every((e) => e.type === 'task.skipped' && /~[23]$/.test(e.task))).toBe(true);
    expect(
      skipped.every(
        (e) => e.type === 'task.skipped' && e.cause === 'a spare replica the orchestrator did not run',
      ),
    ).toBe(true);
    // Every part still answered: the last hops came through, so the run is graded on them.
    expect(dropped.reason).toBe('completed');
    expect(ran.events.some((e) => e.type === 'task.skipped')).toBe(false);
    expect(dropped.metrics.cost).toBeLessThan(ran.metrics.cost / 2);
  });

  it('a narrow wave whose first ready tasks are spares drops them and still starts one that runs', async () => {
    // Width one: each wave starts one task. A dropped spare takes no place in it, so the run never
    // ends "stalled" with parts left unanswered.
    const narrow = await run('drop', 'one');
    expect(narrow.reason).toBe('completed');
    const skipped = narrow.events.filter((e) => e.type === 'task.skipped');
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.every((e) => e.type === 'task.skipped' && /~[23]$/.test(e.task))).toBe(true);
  });
});
