import { describe, expect, it } from 'vitest';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { makeConfig } from '../../../src/core/runtime/config';
import { simulate } from '../../../src/core/runtime/simulate';
import { agentGraph } from '../../../src/ui/dag/agent-graph';
import { cutShort } from '../../../src/ui/model/cut-short';
import { foldTrace } from '../../../src/ui/model/replay';
import { diamond } from '../../core/graph/test-graphs';

describe('a stored run cut short', () => {
  const run = simulate({
    graph: graphOrThrow(diamond),
    config: makeConfig({ seed: 1 }),
    policy: criticalPathPolicy,
  });
  // The trace as a reload mid-run leaves it: everything up to the first attempt's start.
  const firstStart = run.events.find((e) => e.type === 'task.started');
  const partial = foldTrace(run.events, firstStart?.seq);

  it('ends its open attempts as cancelled when the run was interrupted, failed or cancelled', () => {
    expect(partial.segments.map((s) => s.outcome)).toEqual(['running']);
    for (const status of ['interrupted', 'failed', 'cancelled']) {
      const closed = cutShort(partial, status);
      expect(
        closed.segments.map((s) => s.outcome),
        status,
      ).toEqual(['cancelled']);
      expect(closed.segments[0]?.end).toBe(partial.t);
      expect(closed.status.get('a')).toBe('cancelled');
      expect(closed.status.get('d')).toBe('waiting');
    }
  });

  it('leaves a run still going, and one with nothing open, as they are', () => {
    expect(cutShort(partial, 'running')).toBe(partial);
    const whole = foldTrace(run.events);
    expect(cutShort(whole, 'interrupted')).toBe(whole);
  });

  it('counts the agent’s stopped attempt as stopped, not finished (a stopped run’s agents read as done)', () => {
    const node = agentGraph(cutShort(partial, 'cancelled')).nodes.find((n) => n.kind === 'subagent');
    expect(node).toMatchObject({ attempts: 1, running: 0, failed: 0, cancelled: 1 });
  });
});
