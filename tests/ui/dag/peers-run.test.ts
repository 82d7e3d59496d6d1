import { describe, expect, it } from 'vitest';
import { peersPolicy } from '../../../src/core/policy/peers';
import { runScenario } from '../../../src/core/run/run';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import { scenarioKinds } from '../../../src/core/scenarios/registry';
import { pathSummary } from '../../../src/ui/dag/path-summary';
import { realizedMarks, runGraph } from '../../../src/ui/dag/run-graph';
import { foldTrace } from '../../../src/ui/model/replay';
import { layoutTimeline } from '../../../src/ui/timeline/timeline-layout';
import { loadProfiles, loadSpec } from '../../support/scenarios';

/**
 * A decentralized run (compare-options under the peers plan, docs/runtime.md) drawn as what it
 * is: rounds of peers, no orchestrator. The walk-through found "main 1"/"main 2" nodes in its
 * graph, "0 in 2 orchestrator steps" in its path, lanes named sa-1… where the agent graph said
 * peer-a…, and each peer's two turns drawn as one unbroken bar.
 */
async function peersRun() {
  const profiles = loadProfiles();
  const spec = loadSpec('compare-options', 'compare-options');
  const kind = scenarioKinds['compare-options'];
  const r = await runScenario({
    kind,
    spec,
    instance: kind.generate(spec, 1, spec.size.default),
    policy: peersPolicy(),
    profiles,
    provider: simulatedProviderFor(profiles),
    keepEvents: true,
  });
  const events = r.events ?? [];
  const snapshot = foldTrace(events, Number.POSITIVE_INFINITY, 0);
  return { snapshot, graph: snapshot.graph as NonNullable<typeof snapshot.graph> };
}

describe('a peers run', async () => {
  const { snapshot, graph } = await peersRun();
  const turns = snapshot.segments;

  it('is a run of two rounds of three peers, whose trace still has turn-taker steps', () => {
    expect(turns.map((s) => s.task).sort()).toEqual([
      'r1-peer-a',
      'r1-peer-b',
      'r1-peer-c',
      'r2-peer-a',
      'r2-peer-b',
      'r2-peer-c',
    ]);
    expect(snapshot.realized.stages.length).toBeGreaterThan(0);
  });

  it('has no orchestrator nodes in its graph, and its path marks turns only', () => {
    const rg = runGraph(graph, snapshot.realized);
    expect(rg.input.kinds.every((k) => k === 'task')).toBe(true);
    expect(rg.input.ids).toEqual(graph.ids);
    expect(rg.endNode).toBeUndefined();
    const marks = realizedMarks(rg, snapshot.realized, graph);
    expect(marks.nodes.size).toBe(2);
    for (const node of marks.nodes) expect(rg.input.ids[node]).toMatch(/^r\d-peer-[a-c]$/);
  });

  it('sums its critical path by rounds, without orchestrator wording', () => {
    const text = pathSummary(snapshot.realized, 7, true);
    expect(text).not.toMatch(/orchestrator/);
    const longest = (round: number) =>
      Math.max(
        ...turns.filter((s) => s.task.startsWith(`r${round}-`)).map((s) => (s.end as number) - s.start),
      );
    expect(text).toContain(
      `${snapshot.realized.path.length} steps = round 1: ${longest(1)} + round 2: ${longest(2)}`,
    );
  });

  it('draws one bar per round over its longest turn, and one lane per peer under its name', () => {
    const l = layoutTimeline(snapshot, { width: 900 });
    expect(l.peers).toBe(true);
    expect(l.lanes).toEqual(['rounds', 'peer-a', 'peer-b', 'peer-c']);
    expect(l.steps).toEqual([]);
    expect(l.rounds.map((b) => b.round.round)).toEqual([1, 2]);
    for (const b of l.rounds) {
      const inRound = turns.filter((s) => s.task.startsWith(`r${b.round.round}-`));
      expect(b.round.longest).toBe(Math.max(...inRound.map((s) => (s.end as number) - s.start)));
      expect(b.round.turns).toBe(3);
    }
    // Rounds follow one another, and are drawn apart, as each peer's two turns are.
    const [first, second] = l.rounds;
    expect((first?.x ?? 0) + (first?.width ?? 0)).toBeLessThan(second?.x ?? 0);
    for (const peer of ['peer-a', 'peer-b', 'peer-c']) {
      const lane = l.lanes.indexOf(peer);
      const bars = l.bars.filter((b) => b.lane === lane).sort((a, b) => a.x - b.x);
      expect(bars.map((b) => b.segment.task)).toEqual([`r1-${peer}`, `r2-${peer}`]);
      expect((bars[0]?.x ?? 0) + (bars[0]?.width ?? 0)).toBeLessThan(bars[1]?.x ?? 0);
    }
  });
});
