/**
 * The run's agents as a graph (the topology view): who works in it and who talks to whom. For an
 * orchestrated run the orchestrator sits in the middle with a spawn edge to each subagent; for a
 * decentralized run (tasks `r<round>-peer-<x>`) there is no orchestrator, each peer is its
 * subagent named by its peer, and the messages of the shared board are arrows, one per sender,
 * target and round (a message to `all` is an arrow to every other peer). Pure: positions on a
 * circle of the given size, so the view only draws.
 */

import type { RunSnapshot } from '../model/replay';

export interface AgentNode {
  readonly id: string;
  readonly label: string;
  readonly kind: 'orchestrator' | 'subagent' | 'peer';
  readonly profile: string;
  /** Attempts it ran, and how many are running now. */
  readonly attempts: number;
  readonly running: number;
  readonly failed: number;
  /** Attempts stopped before they ended (the run stopped, or cut short by a reload). */
  readonly cancelled: number;
  /** Times the self-healing loop quarantined an attempt of this agent. */
  readonly quarantined: number;
  /** Calls to tools it was not granted, refused (capability violations detected). */
  readonly refused: number;
  readonly x: number;
  readonly y: number;
}

export interface AgentEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: 'spawn' | 'message';
  readonly round: number;
  /** The messages it stands for (one, or several sent the same way in one round). */
  readonly texts: readonly string[];
}

export interface AgentGraph {
  readonly nodes: readonly AgentNode[];
  readonly edges: readonly AgentEdge[];
  readonly decentralized: boolean;
  readonly rounds: number;
}

const peerOf = (task: string) => /^r\d+-(peer-[a-z]+)$/.exec(task)?.[1];

/** The radius of the ring subagents are laid on, in a picture `size` wide. */
const ringOf = (size: number) => size / 2 - 44;
/** The width a label needs beside its neighbours on the ring. */
const LABEL_WIDTH = 44;

/**
 * A subagent's radius with `n` of them on the ring: `full` while they fit, smaller so that
 * neighbours never overlap (a 59-subagent orchestration episode drew one blur of circles).
 */
export const subagentRadius = (n: number, size: number, full: number) =>
  Math.max(2, Math.min(full, ringOf(size) * Math.sin(Math.PI / Math.max(2, n)) * 0.85));

/** Names under the nodes while they have room; each node's tooltip names it anyway. */
export const showsLabels = (n: number, size: number) =>
  n <= 1 || 2 * ringOf(size) * Math.sin(Math.PI / n) >= LABEL_WIDTH;

export function agentGraph(snapshot: RunSnapshot, size = 320): AgentGraph {
  const peerBySubagent = new Map<string, string>();
  const counts = new Map<string, { attempts: number; running: number; failed: number; cancelled: number }>();
  for (const s of snapshot.segments) {
    const peer = peerOf(s.task);
    if (peer) peerBySubagent.set(s.subagent, peer);
    const c = counts.get(s.subagent) ?? { attempts: 0, running: 0, failed: 0, cancelled: 0 };
    c.attempts++;
    if (s.outcome === 'running') c.running++;
    if (s.outcome === 'failed') c.failed++;
    if (s.outcome === 'cancelled') c.cancelled++;
    counts.set(s.subagent, c);
  }
  const healing = (subagent: string) => ({
    quarantined: snapshot.incidents.filter(
      (i) => i.subagent === subagent && i.type === 'action' && i.name === 'quarantine',
    ).length,
    refused: snapshot.incidents.filter(
      (i) => i.subagent === subagent && i.type === 'anomaly' && i.name === 'capability-violation',
    ).length,
  });
  const decentralized = peerBySubagent.size > 0 || snapshot.messages.length > 0;
  const centre = size / 2;
  const radius = ringOf(size);
  const ring = snapshot.subagents;
  const nodes: AgentNode[] = ring.map((sa, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(1, ring.length);
    const c = counts.get(sa.id) ?? { attempts: 0, running: 0, failed: 0, cancelled: 0 };
    const peer = peerBySubagent.get(sa.id);
    return {
      id: peer ?? sa.id,
      label: peer ?? sa.id,
      kind: peer ? 'peer' : 'subagent',
      profile: sa.profile,
      ...c,
      ...healing(sa.id),
      x: centre + radius * Math.cos(angle),
      y: centre + radius * Math.sin(angle),
    };
  });
  const edges: AgentEdge[] = [];
  if (!decentralized) {
    nodes.unshift({
      id: 'orchestrator',
      label: 'orchestrator',
      kind: 'orchestrator',
      profile: '',
      attempts: 0,
      running: 0,
      failed: 0,
      cancelled: 0,
      quarantined: 0,
      refused: 0,
      x: centre,
      y: centre,
    });
    for (const n of nodes.slice(1))
      edges.push({ from: 'orchestrator', to: n.id, kind: 'spawn', round: 0, texts: [] });
  }
  const peers = nodes.filter((n) => n.kind === 'peer').map((n) => n.id);
  const byKey = new Map<string, { from: string; to: string; round: number; texts: string[] }>();
  for (const m of snapshot.messages) {
    const targets = m.to === 'all' ? peers.filter((p) => p !== m.from) : [m.to];
    for (const to of targets) {
      const key = `${m.from}>${to}@${m.round}`;
      const edge = byKey.get(key) ?? { from: m.from, to, round: m.round, texts: [] };
      edge.texts.push(m.content);
      byKey.set(key, edge);
    }
  }
  for (const e of byKey.values()) edges.push({ ...e, kind: 'message' });
  const rounds = Math.max(0, ...snapshot.messages.map((m) => m.round));
  return { nodes, edges, decentralized, rounds };
}
