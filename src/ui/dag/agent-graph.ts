/**
 * The run's agents as a graph (the topology view): who works in it and who talks to whom. For an
 * orchestrated run the orchestrator sits in the middle with a spawn edge to each subagent; for a
 * decentralized run (tasks `r<round>-peer-<x>`) there is no orchestrator, each peer is its
 * subagent named by its peer, and the messages of the shared board are arrows, one per sender,
 * target and round (a message to `all` is an arrow to every other peer). An agent the self-healing
 * loop replaced points to the one that took its task, and a lane's agent after a replacement is a
 * node of its own (agent-generations.ts). Pure: positions on a circle of the given size, so the
 * view only draws.
 */

import type { RunSnapshot } from '../model/replay';
import { generationsOf } from './agent-generations';

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
  /** The self-healing loop replaced it: its task went to another agent (agent-generations.ts). */
  readonly replaced: boolean;
  /** For an agent that took over a lane after a replacement: the agent it came after. */
  readonly after?: string;
  readonly x: number;
  readonly y: number;
}

export interface AgentEdge {
  readonly from: string;
  readonly to: string;
  /** `replace`: from a replaced agent to the one that ran its task's next attempt. */
  readonly kind: 'spawn' | 'message' | 'replace';
  readonly round: number;
  /** The messages it stands for (one, or several sent the same way in one round); a replacement's task and reason. */
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
  for (const s of snapshot.segments) {
    const peer = peerOf(s.task);
    if (peer) peerBySubagent.set(s.subagent, peer);
  }
  const { generations, replacements, agentOf } = generationsOf(snapshot);
  // A node is named by its peer in a decentralized run, by its subagent otherwise; a replacement
  // on the same lane gets a prime (healing: agent-generations.ts).
  const nameOf = new Map(
    generations.map((g) => [
      g.id,
      `${peerBySubagent.get(g.subagent) ?? snapshot.names.get(g.subagent) ?? g.subagent}${'′'.repeat(g.index)}`,
    ]),
  );
  const name = (id: string) => nameOf.get(id) ?? id;
  const healing = (agent: string) => ({
    quarantined: snapshot.incidents.filter(
      (i) => i.type === 'action' && i.name === 'quarantine' && agentOf(i) === agent,
    ).length,
    refused: snapshot.incidents.filter(
      (i) => i.type === 'anomaly' && i.name === 'capability-violation' && agentOf(i) === agent,
    ).length,
  });
  const decentralized = peerBySubagent.size > 0 || snapshot.messages.length > 0;
  const centre = size / 2;
  const radius = ringOf(size);
  const nodes: AgentNode[] = generations.map((g, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(1, generations.length);
    const profile = snapshot.subagents.find((sa) => sa.id === g.subagent)?.profile ?? '';
    return {
      id: name(g.id),
      label: name(g.id),
      kind: peerBySubagent.has(g.subagent) ? 'peer' : 'subagent',
      profile,
      attempts: g.segments.length,
      running: g.segments.filter((s) => s.outcome === 'running').length,
      failed: g.segments.filter((s) => s.outcome === 'failed').length,
      cancelled: g.segments.filter((s) => s.outcome === 'cancelled').length,
      ...healing(g.id),
      replaced: g.replaced !== undefined,
      ...(g.after !== undefined ? { after: name(g.after) } : {}),
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
      replaced: false,
      x: centre,
      y: centre,
    });
    // The orchestrator assigns every agent its work, a lane's new agent included.
    for (const n of nodes.slice(1))
      edges.push({ from: 'orchestrator', to: n.id, kind: 'spawn', round: 0, texts: [] });
  }
  for (const r of replacements) {
    if (r.to !== undefined)
      edges.push({
        from: name(r.from),
        to: name(r.to),
        kind: 'replace',
        round: 0,
        texts: [`${r.task}: ${r.reason}`],
      });
  }
  // A peer's messages come from the agent that took its turn in that round (a new one after a
  // replacement), and go to the agent that reads them in the next.
  const turnOf = new Map<string, string>();
  for (const g of generations) for (const s of g.segments) turnOf.set(s.task, name(g.id));
  const lastOf = new Map<string, string>();
  for (const g of generations) lastOf.set(peerBySubagent.get(g.subagent) ?? g.subagent, name(g.id));
  const at = (peer: string, round: number) => turnOf.get(`r${round}-${peer}`) ?? lastOf.get(peer) ?? peer;
  const peers = [...new Set(peerBySubagent.values())];
  const byKey = new Map<string, { from: string; to: string; round: number; texts: string[] }>();
  for (const m of snapshot.messages) {
    const targets = m.to === 'all' ? peers.filter((p) => p !== m.from) : [m.to];
    const from = at(m.from, m.round);
    for (const target of targets) {
      const to = turnOf.get(`r${m.round + 1}-${target}`) ?? lastOf.get(target) ?? target;
      const edgeKey = `${from}>${to}@${m.round}`;
      const edge = byKey.get(edgeKey) ?? { from, to, round: m.round, texts: [] };
      edge.texts.push(m.content);
      byKey.set(edgeKey, edge);
    }
  }
  for (const e of byKey.values()) edges.push({ ...e, kind: 'message' });
  const rounds = Math.max(0, ...snapshot.messages.map((m) => m.round));
  return { nodes, edges, decentralized, rounds };
}
