import { describe, expect, it } from 'vitest';
import { heuristicPolicy } from '../../../../src/core/policy/heuristic';
import { serialPolicy } from '../../../../src/core/policy/serial';
import { runScenario } from '../../../../src/core/run/run';
import { simulatedProviderFor } from '../../../../src/core/scenarios/players';
import { scenarioKinds } from '../../../../src/core/scenarios/registry';
import { readDrafts } from '../../../../src/core/scenarios/writing/drafts';
import { draftTool } from '../../../../src/core/tools/draft';
import { encodeTrace, withoutWallClock } from '../../../../src/core/trace/jsonl';
import { loadProfiles, loadSpec } from '../../../support/scenarios';

const profiles = loadProfiles();

async function run(
  id: 'write-story' | 'teach-explain',
  seed: number,
  policy = heuristicPolicy,
  briefs: 'file' | 'free' = 'file',
) {
  const file = loadSpec(id, id);
  const { orchestrator: _, ...free } = file;
  const spec = briefs === 'free' ? free : file;
  const kind = scenarioKinds[spec.kind];
  return runScenario({
    kind,
    spec,
    instance: kind.generate(spec, seed, spec.size.default),
    policy,
    profiles,
    provider: simulatedProviderFor(profiles),
    keepEvents: true,
  });
}

describe.each(['write-story', 'teach-explain'] as const)('the %s scenario', (id) => {
  it('gives the same trace for the same seed, and a graded run with its criteria', async () => {
    const a = await run(id, 3);
    const b = await run(id, 3);
    const text = (r: typeof a) => encodeTrace(r.header, withoutWallClock(r.events ?? []));
    expect(text(a)).toBe(text(b));
    const graded = a.events?.find((e) => e.type === 'run.graded');
    expect(graded && 'criteria' in graded && graded.criteria).toBeTruthy();
    expect(a.metrics.quality).toBeGreaterThan(0.5);
  });

  it('charges cost in the reward: quality − 0.1 · cost / 0.01 (the scenario file)', async () => {
    const { metrics } = await run(id, 4);
    expect(metrics.cost).toBeGreaterThan(0);
    expect(metrics.normalizedCost).toBeCloseTo(metrics.cost / 0.01, 12);
    expect(metrics.reward).toBeCloseTo(metrics.quality - 0.1 * metrics.normalizedCost, 12);
    expect(metrics.modelLoads).toBe(1);
  });

  it('takes the swarm fewer critical steps than the single agent, which drafts part by part, while briefs are free; each decision that briefs adds a step', async () => {
    for (const seed of [1, 2, 3]) {
      const single = await run(id, seed, serialPolicy);
      const free = await run(id, seed, heuristicPolicy, 'free');
      expect(single.metrics.toolCalls).toBeGreaterThan(3); // the drafts
      expect(free.metrics.criticalSteps).toBeLessThan(single.metrics.criticalSteps);
      // The file's orchestrator (write-story's; teach-explain has none) writes a brief per
      // assignment: ⌈0.1 · briefs⌉ = one step more for each of the three stages (docs/simulator.md,
      // Briefs), which takes a five-part story's swarm past the single agent.
      const swarm = await run(id, seed, heuristicPolicy);
      const briefing = (swarm.events ?? []).filter(
        (e) => e.type === 'orchestrator.step' && e.actions.some((a) => a.type === 'assign'),
      ).length;
      const file = loadSpec(id, id);
      expect(swarm.metrics.criticalSteps).toBe(
        free.metrics.criticalSteps + (file.orchestrator ? briefing : 0),
      );
      if (file.orchestrator) expect(briefing).toBe(3);
    }
  });
});

describe('the draft pad', () => {
  it('refuses an empty draft and acknowledges a part with its word count', async () => {
    const tool = draftTool();
    expect(await tool.run({ part: 'outline', text: '  ' })).toMatchObject({ ok: false });
    expect(await tool.run({ part: 'section 1', text: 'One two three.' })).toEqual({
      ok: true,
      content: 'Saved section 1 (3 words).',
    });
  });

  it('reads back saved parts, skipping refused and malformed calls, the latest draft winning', () => {
    const call = (id: string, args: string) => ({
      id,
      type: 'function' as const,
      function: { name: 'draft', arguments: args },
    });
    const drafts = readDrafts([
      { role: 'assistant', content: null, tool_calls: [call('a', '{"part":"outline","text":"v1"}')] },
      { role: 'tool', tool_call_id: 'a', content: 'Saved outline (1 words).' },
      { role: 'assistant', content: null, tool_calls: [call('b', '{"part":"outline","text":"v2"}')] },
      { role: 'tool', tool_call_id: 'b', content: '[result hidden]' },
      { role: 'assistant', content: null, tool_calls: [call('c', '{"part":"section 1","text":""}')] },
      { role: 'tool', tool_call_id: 'c', content: 'Error: the draft is empty' },
      { role: 'assistant', content: null, tool_calls: [call('d', '{"part":"section 2",')] },
    ]);
    expect([...drafts]).toEqual([['outline', 'v2']]);
  });
});
