/**
 * The agents of the agent picture, as the trace has them once self-healing acted. The runtime's
 * subagents are lanes that run attempts one after another; when the self-healing loop replaces an
 * agent (`healing.action` replace, docs/healing.md), its task goes back to be retried and the lane,
 * if it runs again, runs a fresh agent. The picture drew one node per lane, so a run that said
 * "2 replaced" still showed the same ten agents. Here a lane is cut after each replaced attempt:
 * what it runs before is the replaced agent, what it runs after is a new agent, named with a prime
 * (sa-2, then sa-2′, sa-2′′). The agent that ran the task's next attempt is its replacement, on
 * this lane or another. A worker the pool lost (killed from the Run view, crashed, or hung past
 * its limit: a failure that reads "worker crashed:" or "worker hung:") is replaced by the pool
 * with a fresh one, so it is cut there too.
 */
import { say } from '../i18n/words';
import type { Incident, RunSnapshot, Segment } from '../model/replay';

export interface Generation {
  /** The node's id and name: the lane's id, with one prime per replacement before it. */
  readonly id: string;
  /** The runtime's subagent (the lane) it ran on. */
  readonly subagent: string;
  /** How many agents the lane ran before it: 0 for the one the orchestrator made. */
  readonly index: number;
  /** Its attempts, in the order they started. */
  readonly segments: readonly Segment[];
  /** The agent it took the place of (the lane's previous agent), for a new agent. */
  readonly after?: string;
  /** Set when the loop replaced it: the attempt replaced, and what it was replaced for. */
  readonly replaced?: { readonly task: string; readonly attempt: number; readonly reason: string };
}

export interface Replacement {
  /** The replaced agent. */
  readonly from: string;
  /** The agent that ran the task's next attempt; undefined until that attempt starts. */
  readonly to: string | undefined;
  readonly task: string;
  readonly reason: string;
}

export interface Generations {
  /** Every agent, lane by lane in the snapshot's order, each lane's agents in the order they ran. */
  readonly generations: readonly Generation[];
  readonly replacements: readonly Replacement[];
  /** The agent an incident belongs to: by its attempt, else the lane's first agent. */
  readonly agentOf: (incident: Incident) => string;
  /** The agent that ran an attempt. */
  readonly byAttempt: ReadonlyMap<string, Generation>;
}

const key = (task: string, attempt: number) => `${task}#${attempt}`;

/** The failures of an attempt whose worker the pool lost and started afresh (adapters/common/thread-pool.ts). */
const LOST_WORKER = /^worker (crashed|hung): /;

export function generationsOf(snapshot: RunSnapshot): Generations {
  // A replace action names the agent, the task and the attempt it replaced.
  const replacedAt = new Map<string, string>();
  for (const i of snapshot.incidents) {
    if (i.type === 'action' && i.name === 'replace' && i.task !== undefined && i.attempt !== undefined)
      replacedAt.set(`${i.subagent}@${key(i.task, i.attempt)}`, say(i.detail));
  }
  const segmentsOf = new Map<string, Segment[]>();
  for (const s of snapshot.segments) {
    const list = segmentsOf.get(s.subagent) ?? [];
    list.push(s);
    segmentsOf.set(s.subagent, list);
  }
  const generations: Generation[] = [];
  const byAttempt = new Map<string, Generation>();
  const firstOf = new Map<string, string>();
  for (const { id: lane } of snapshot.subagents) {
    firstOf.set(lane, lane);
    let current: Segment[] = [];
    let index = 0;
    let after: string | undefined;
    const close = (replaced?: Generation['replaced']) => {
      const id = `${lane}${'′'.repeat(index)}`;
      const g: Generation = {
        id,
        subagent: lane,
        index,
        segments: current,
        ...(after !== undefined ? { after } : {}),
        ...(replaced ? { replaced } : {}),
      };
      generations.push(g);
      for (const s of current) byAttempt.set(key(s.task, s.attempt), g);
      after = id;
      index++;
      current = [];
    };
    const segments = segmentsOf.get(lane) ?? [];
    for (const s of segments) {
      current.push(s);
      const reason =
        replacedAt.get(`${lane}@${key(s.task, s.attempt)}`) ??
        (s.outcome === 'failed' && s.error !== undefined && LOST_WORKER.test(s.error) ? s.error : undefined);
      if (reason !== undefined) close({ task: s.task, attempt: s.attempt, reason });
    }
    // The lane's last agent: the one still at work, or the only one (a lane yet to run counts too).
    if (current.length > 0 || index === 0) close();
  }
  const replacements: Replacement[] = generations.flatMap((g) =>
    g.replaced
      ? [
          {
            from: g.id,
            to: byAttempt.get(key(g.replaced.task, g.replaced.attempt + 1))?.id,
            task: g.replaced.task,
            reason: g.replaced.reason,
          },
        ]
      : [],
  );
  const agentOf = (i: Incident) =>
    (i.task !== undefined && i.attempt !== undefined
      ? byAttempt.get(key(i.task, i.attempt))?.id
      : undefined) ??
    firstOf.get(i.subagent) ??
    i.subagent;
  return { generations, replacements, agentOf, byAttempt };
}
