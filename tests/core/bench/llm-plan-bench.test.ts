/**
 * `swarm bench` runs the llm orchestrator through run/plan-turn.ts like every other way into a
 * run: its plan turn is taken and its cut is the one the run is built with.
 */
import { describe, expect, it } from 'vitest';
import { runBench } from '../../../src/core/bench/run-bench';
import { llmPolicyFor } from '../../../src/core/policy/llm/llm-policy';
import type { SimulateResult } from '../../../src/core/runtime/run-options';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import type { TaskScenarioSpec } from '../../../src/core/scenarios/registry';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const profiles = loadProfiles();

describe('bench and the llm orchestrator’s plan turn', () => {
  it('builds each run with the cut its plan turn chose', async () => {
    // Looks hard on reading it: the simulated orchestrator has the parts vote (player.ts).
    const spec = { ...loadSpec('deep-search', 'deep-search'), difficulty: [0.55, 0.6] } as TaskScenarioSpec;
    const provider = simulatedProviderFor(profiles);
    const results: SimulateResult[] = [];
    await runBench({
      scenario: { type: 'task', spec },
      policies: [llmPolicyFor(provider, profiles)],
      seeds: [3, 4],
      size: 3,
      profiles,
      provider,
      onRun: ({ result }) => results.push(result),
    });
    expect(results).toHaveLength(2);
    for (const result of results) {
      expect(result.header.planCut).toEqual({ replicas: 3 });
      const first = result.events.find((e) => e.type === 'tool.call' && e.caller === 'orchestrator');
      expect(first).toMatchObject({ tool: 'plan_run', ok: true });
      const started = result.events.find((e) => e.type === 'run.started');
      expect(started?.type === 'run.started' && started.tasks.some((t) => t.id.endsWith('~3'))).toBe(true);
    }
  });
});
