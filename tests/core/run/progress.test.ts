/**
 * Running attempts tell their progress turn by turn (runtime/ports.ts AttemptProgress), for a page
 * to show the swarm at work (issue 61, item 1). It is a view only: the trace is the same with or
 * without anyone listening.
 */

import { describe, expect, it } from 'vitest';
import { policyByName } from '../../../src/core/policy/registry';
import { runInputOf } from '../../../src/core/request/run-input';
import { prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import type { AttemptProgress } from '../../../src/core/runtime/ports';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const profiles = loadProfiles();

async function wideSearch(onProgress?: (p: AttemptProgress) => void) {
  const spec = loadSpec('wide-search', 'wide-search');
  const run = prepareRun(
    runInputOf({ scenario: 'wide-search', seed: 4 }, { type: 'task', spec }, { profiles, plan: undefined }),
  );
  if (run.type !== 'task') throw new Error('a task run');
  return runPrepared(run, {
    policy: policyByName('heuristic'),
    provider: simulatedProviderFor(profiles),
    keepEvents: true,
    ...(onProgress ? { onProgress } : {}),
  });
}

describe('an attempt’s progress', () => {
  it('is told each turn and tool call, summed over the attempt, and ends at what the trace records', async () => {
    const told: AttemptProgress[] = [];
    const result = await wideSearch((p) => told.push(p));
    expect(told.length).toBeGreaterThan(20);
    const last = new Map<string, AttemptProgress>();
    for (const p of told) {
      const key = `${p.taskId}#${p.attempt}`;
      const before = last.get(key);
      // Cumulative: never falls.
      if (before) {
        expect(p.turns).toBeGreaterThanOrEqual(before.turns);
        expect(p.outputTokens).toBeGreaterThanOrEqual(before.outputTokens);
        expect(p.toolCalls).toBeGreaterThanOrEqual(before.toolCalls);
      }
      last.set(key, p);
    }
    // Each attempt's last word agrees with the usage its end records.
    let checked = 0;
    for (const e of result.events ?? []) {
      if (e.type !== 'task.finished' && e.type !== 'task.failed') continue;
      const p = last.get(`${e.task}#${e.attempt}`);
      if (!p) continue;
      expect(p.inputTokens).toBe(e.usage['gen_ai.usage.input_tokens']);
      expect(p.outputTokens).toBe(e.usage['gen_ai.usage.output_tokens']);
      expect(p.toolCalls).toBe(e.usage.toolCalls);
      expect(p.subagent).toBe(e.subagent);
      expect(typeof p.profile).toBe('string');
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('changes nothing in the trace', async () => {
    const heard = await wideSearch(() => {});
    const alone = await wideSearch();
    expect(heard.events).toEqual(alone.events);
  });
});
