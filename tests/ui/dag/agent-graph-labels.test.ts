import { describe, expect, it } from 'vitest';
import { type AgentNode, agentGraph, subagentRadius } from '../../../src/ui/dag/agent-graph';
import { agentLabels, LABEL_CHAR, LABEL_HEIGHT } from '../../../src/ui/dag/agent-labels';
import type { RunSnapshot } from '../../../src/ui/model/replay';

/**
 * The agent graph's names (walk-through: from about 14 subagents "sa-3", "sa-4", "sa-5" sat under
 * their neighbours' circles, and with peers "peer-a" sat on its own circle's arrows). Boxes are
 * checked here with a plain test of their own: sampled points of each name's box against every
 * other box and every circle.
 */
const SIZE = 320;
const FULL = 24;

function snapshotOf(ids: readonly string[], peers = false): RunSnapshot {
  return {
    subagents: ids.map((id) => ({ id, profile: 'small' })),
    segments: peers
      ? ids.map((id, i) => ({
          task: `r1-peer-${String.fromCharCode(97 + i)}`,
          subagent: id,
          attempt: 1,
          start: 0,
          end: 1,
          outcome: 'finished',
        }))
      : [],
    incidents: [],
    messages: [],
    names: new Map(),
  } as unknown as RunSnapshot;
}

type P = readonly [number, number];
/** Points spread over a quadrilateral (corners in order), its edges and inside. */
function samples(c: readonly P[]): P[] {
  const [a, b, , d] = c as [P, P, P, P];
  const out: P[] = [];
  for (let i = 0; i <= 6; i++)
    for (let j = 0; j <= 2; j++) {
      const s = i / 6;
      const t = j / 2;
      out.push([a[0] + s * (b[0] - a[0]) + t * (d[0] - a[0]), a[1] + s * (b[1] - a[1]) + t * (d[1] - a[1])]);
    }
  return out;
}
/** Whether p is strictly inside the convex quadrilateral c, by a margin. */
function inside(p: P, c: readonly P[], margin = 0.5): boolean {
  const n = c.length;
  const cross = (k: number) => {
    const a = c[k] as P;
    const b = c[(k + 1) % n] as P;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    return ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / len;
  };
  const signs = Array.from({ length: n }, (_, k) => cross(k));
  return signs.every((s) => s > margin) || signs.every((s) => s < -margin);
}

function check(ids: readonly string[], peers = false) {
  const g = agentGraph(snapshotOf(ids, peers), SIZE);
  const ring = g.nodes.filter((n) => n.kind !== 'orchestrator').length;
  const radii = new Map(
    g.nodes.map((n: AgentNode) => [
      n.id,
      n.kind === 'orchestrator' ? FULL : subagentRadius(ring, SIZE, FULL),
    ]),
  );
  const radius = (id: string) => radii.get(id) as number;
  const { labels, bounds } = agentLabels(g, radius, SIZE);
  const problems: string[] = [];
  for (const [i, l] of labels.entries()) {
    // Each box is at least as large as its text at the labels' size.
    const [a, b, , d] = l.corners as [P, P, P, P];
    if (Math.hypot(b[0] - a[0], b[1] - a[1]) < l.text.length * LABEL_CHAR - 1e-9)
      problems.push(`${l.text} too short`);
    if (Math.abs(Math.hypot(d[0] - a[0], d[1] - a[1]) - LABEL_HEIGHT) > 1e-6)
      problems.push(`${l.text} too low`);
    for (const p of samples(l.corners)) {
      for (const n of g.nodes)
        if (Math.hypot(p[0] - n.x, p[1] - n.y) < radius(n.id) - 1e-6)
          problems.push(`${l.text} on ${n.id}'s circle`);
      for (const [j, other] of labels.entries())
        if (j !== i && inside(p, other.corners)) problems.push(`${l.text} under ${other.text}`);
      const out =
        p[0] < bounds.x ||
        p[0] > bounds.x + bounds.width ||
        p[1] < bounds.y ||
        p[1] > bounds.y + bounds.height;
      if (out) problems.push(`${l.text} outside the picture`);
    }
  }
  expect([...new Set(problems)], `${ids.length} agents`).toEqual([]);
  return labels.map((l) => l.text);
}

describe('the agent graph’s names', () => {
  it('names every agent, none over another name or a circle, from 1 to 40 subagents', () => {
    for (let n = 1; n <= 40; n++) {
      const ids = Array.from({ length: n }, (_, i) => `sa-${i + 1}`);
      expect(check(ids), `n = ${n}`).toEqual(['orchestrator', ...ids]);
    }
  });

  it('names the three peers clear of their own circles', () => {
    expect(check(['sa-1', 'sa-2', 'sa-3'], true)).toEqual(['peer-a', 'peer-b', 'peer-c']);
  });

  it('keeps to the tooltips when a hundred subagents leave no room, never overlapping', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `sa-${i + 1}`);
    expect(check(ids)).toEqual(['orchestrator']);
  });
});
