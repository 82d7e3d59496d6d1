import { describe, expect, it } from 'vitest';
import { agentGraph } from '../../../src/ui/dag/agent-graph';
import type { Incident, RunSnapshot, Segment } from '../../../src/ui/model/replay';

/**
 * Self-healing's replacements in the agent picture (issue 44: "2 replaced" while the picture still
 * showed the same 10 agents). The runtime retries a replaced agent's task on a subagent lane, often
 * the same one; the picture now draws the replaced agent as replaced and what its lane ran after as
 * a new agent, with an arrow to whichever agent took the task.
 */

const seg = (
  subagent: string,
  task: string,
  attempt: number,
  outcome: Segment['outcome'],
  start = 0,
): Segment => ({
  task,
  subagent,
  attempt,
  start,
  end: outcome === 'running' ? undefined : start + 3,
  outcome,
});

const action = (
  name: 'quarantine' | 'replace',
  subagent: string,
  task: string,
  attempt: number,
): Incident => ({
  type: 'action',
  name,
  subagent,
  task,
  attempt,
  t: 2,
  detail: 'loop',
});

function snapshotOf(lanes: readonly string[], segments: readonly Segment[], incidents: readonly Incident[]) {
  return {
    subagents: lanes.map((id) => ({ id, profile: 'small' })),
    segments,
    incidents,
    messages: [],
    names: new Map(),
  } as unknown as RunSnapshot;
}

const subagents = (s: RunSnapshot) => agentGraph(s).nodes.filter((n) => n.kind !== 'orchestrator');

describe('replaced agents in the agent picture', () => {
  it('draws a replaced agent as replaced and its lane’s retry as a new agent, with an arrow between', () => {
    const snapshot = snapshotOf(
      ['sa-1', 'sa-2'],
      [seg('sa-1', 'a', 1, 'finished'), seg('sa-2', 'b', 1, 'failed'), seg('sa-2', 'b', 2, 'finished', 5)],
      [action('quarantine', 'sa-2', 'b', 1), action('replace', 'sa-2', 'b', 1)],
    );
    const nodes = subagents(snapshot);
    // Two lanes, one replacement: three agents, as the healing panel's "1 replaced" says.
    expect(nodes.map((n) => [n.id, n.attempts, n.failed, n.quarantined, n.replaced, n.after])).toEqual([
      ['sa-1', 1, 0, 0, false, undefined],
      ['sa-2', 1, 1, 1, true, undefined],
      ['sa-2′', 1, 0, 0, false, 'sa-2'],
    ]);
    const edges = agentGraph(snapshot).edges;
    expect(edges.filter((e) => e.kind === 'replace')).toEqual([
      { from: 'sa-2', to: 'sa-2′', kind: 'replace', round: 0, texts: ['b: loop'] },
    ]);
    // The orchestrator assigns the new agent its work too.
    expect(edges.filter((e) => e.kind === 'spawn').map((e) => e.to)).toEqual(['sa-1', 'sa-2', 'sa-2′']);
  });

  it('draws a worker the pool lost (killed from the Run view) as replaced, its lane’s retry as a new agent', () => {
    const killed: Segment = { ...seg('sa-2', 'b', 1, 'failed'), error: 'worker crashed: killed on request' };
    const snapshot = snapshotOf(
      ['sa-1', 'sa-2'],
      [seg('sa-1', 'a', 1, 'finished'), killed, seg('sa-2', 'b', 2, 'finished', 5)],
      [],
    );
    expect(subagents(snapshot).map((n) => [n.id, n.replaced, n.after])).toEqual([
      ['sa-1', false, undefined],
      ['sa-2', true, undefined],
      ['sa-2′', false, 'sa-2'],
    ]);
    expect(agentGraph(snapshot).edges.filter((e) => e.kind === 'replace')).toMatchObject([
      { from: 'sa-2', to: 'sa-2′', texts: ['b: worker crashed: killed on request'] },
    ]);
    // A task that failed on its own (the model's error, not the worker's) keeps its agent.
    const failed: Segment = { ...seg('sa-2', 'b', 1, 'failed'), error: 'the answer was empty' };
    const kept = snapshotOf(['sa-2'], [failed, seg('sa-2', 'b', 2, 'finished', 5)], []);
    expect(subagents(kept).map((n) => n.id)).toEqual(['sa-2']);
  });

  it('points to another lane’s agent when the retry ran there, and adds no agent for it', () => {
    const snapshot = snapshotOf(
      ['sa-1', 'sa-2'],
      [seg('sa-1', 'a', 1, 'finished'), seg('sa-2', 'b', 1, 'failed'), seg('sa-1', 'b', 2, 'finished', 5)],
      [action('replace', 'sa-2', 'b', 1)],
    );
    expect(subagents(snapshot).map((n) => [n.id, n.replaced])).toEqual([
      ['sa-1', false],
      ['sa-2', true],
    ]);
    expect(agentGraph(snapshot).edges.filter((e) => e.kind === 'replace')).toMatchObject([
      { from: 'sa-2', to: 'sa-1' },
    ]);
  });

  it('while the retry waits, shows the agent replaced and no replacement yet', () => {
    const snapshot = snapshotOf(
      ['sa-1'],
      [seg('sa-1', 'a', 1, 'failed')],
      [action('replace', 'sa-1', 'a', 1)],
    );
    expect(subagents(snapshot).map((n) => [n.id, n.replaced])).toEqual([['sa-1', true]]);
    expect(agentGraph(snapshot).edges.filter((e) => e.kind === 'replace')).toEqual([]);
  });

  it('counts incidents on the agent whose attempt they name, and leaves runs without replacements as they were', () => {
    const snapshot = snapshotOf(
      ['sa-1'],
      [seg('sa-1', 'a', 1, 'failed'), seg('sa-1', 'a', 2, 'failed', 4), seg('sa-1', 'a', 3, 'running', 8)],
      [
        { ...action('replace', 'sa-1', 'a', 1) },
        {
          type: 'anomaly',
          name: 'capability-violation',
          subagent: 'sa-1',
          task: 'a',
          attempt: 2,
          t: 5,
          detail: '',
        },
        action('replace', 'sa-1', 'a', 2),
      ],
    );
    expect(subagents(snapshot).map((n) => [n.id, n.attempts, n.refused, n.running, n.after])).toEqual([
      ['sa-1', 1, 0, 0, undefined],
      ['sa-1′', 1, 1, 0, 'sa-1'],
      ['sa-1′′', 1, 0, 1, 'sa-1′'],
    ]);
    const plain = snapshotOf(
      ['sa-1', 'sa-2'],
      [seg('sa-1', 'a', 1, 'failed'), seg('sa-1', 'a', 2, 'finished')],
      [],
    );
    expect(subagents(plain).map((n) => [n.id, n.attempts, n.replaced])).toEqual([
      ['sa-1', 2, false],
      ['sa-2', 0, false],
    ]);
  });

  it('names a decentralized run’s new agent by its peer, and its messages come from the agent that sent them', () => {
    const snapshot = {
      ...snapshotOf(
        ['sa-1', 'sa-2'],
        [
          seg('sa-1', 'r1-peer-a', 1, 'failed'),
          seg('sa-2', 'r1-peer-b', 1, 'finished'),
          seg('sa-1', 'r1-peer-a', 2, 'finished', 4),
          seg('sa-1', 'r2-peer-a', 1, 'finished', 8),
          seg('sa-2', 'r2-peer-b', 1, 'finished', 8),
        ],
        [action('replace', 'sa-1', 'r1-peer-a', 1)],
      ),
      messages: [{ from: 'peer-a', to: 'peer-b', round: 1, content: 'A is best', t: 6 }],
    } as unknown as RunSnapshot;
    const g = agentGraph(snapshot);
    expect(g.nodes.map((n) => n.id)).toEqual(['peer-a', 'peer-a′', 'peer-b']);
    expect(g.edges.filter((e) => e.kind === 'message')).toMatchObject([{ from: 'peer-a′', to: 'peer-b' }]);
  });
});
