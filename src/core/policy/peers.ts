/**
 * `peers`: the decentralized runtime's turn-taker (docs/runtime.md, decentralized runs). There is
 * no orchestrator: the plan (`PlanMode` `peers`) fixes who speaks when — every peer once a round,
 * each round waiting for the whole board of the round before — and this policy only does what
 * that plan says: it makes one subagent per peer at the start (each keeps its own identity and
 * context from round to round) and hands each peer its turn as soon as it is ready. The run's main
 * step cost is 0 for a peers plan (prepare.ts), so a round costs its longest turn.
 *
 * The shared board: a peer's `communicate(target, message)` calls are collected from the trace as
 * they are recorded; when the round's turns are over they are delivered, each as an
 * `agent.message` event, and each peer reads the messages for it (or for `all`) in its next turn
 * (its brief). Positions themselves reach the next round through the plan's dependencies.
 *
 * One run at a time: the board lives in the policy, so `policyByName('peers')` makes a new one.
 */

import type { EventBody, TraceEvent } from '../trace/events';
import type { Action, Policy, RunView } from './types';

const COMMUNICATE = 'communicate';

/** A peer task id names its round and peer: `r2-peer-b` (scenarios/compare-options/plan.ts). */
export function peerTurn(taskId: string): { readonly round: number; readonly peer: string } | undefined {
  const m = /^r(\d+)-(peer-[a-z]+)$/.exec(taskId);
  return m ? { round: Number(m[1]), peer: m[2] as string } : undefined;
}

interface Message {
  readonly from: string;
  readonly to: string;
  readonly round: number;
  readonly content: string;
}

export function peersPolicy(): Policy {
  /** Peer name → its subagent. */
  const subagentOf = new Map<string, string>();
  /** Subagent → the peer task it is on (from task.started). */
  const onTask = new Map<string, string>();
  let pending: Message[] = [];
  const delivered: Message[] = [];
  let peers: string[] = [];

  const reset = () => {
    subagentOf.clear();
    onTask.clear();
    pending = [];
    delivered.length = 0;
    peers = [];
  };

  return {
    name: 'peers',
    plan: 'peers',
    // Rounds are ordered by the plan's dependencies; within a round, peers by name.
    prioritize: (ctx) => Float64Array.from(ctx.graph.ids, (_, i) => -i),
    decide(view: RunView): Action[] {
      const actions: Action[] = [];
      if (peers.length === 0) {
        peers = [...new Set(view.graph.ids.flatMap((id) => peerTurn(id)?.peer ?? []))].sort();
        if (peers.length === 0)
          return [{ type: 'finish', reason: 'the peers policy runs only a peers plan' }];
        const ids = view.nextSubagentIds(peers.length);
        actions.push({ type: 'spawn', count: peers.length, profile: view.config.defaultProfile });
        peers.forEach((peer, i) => {
          subagentOf.set(peer, ids[i] as string);
        });
      }
      const idle = new Set(view.idleSubagents(peers.length));
      const fresh = actions.length > 0;
      for (const task of view.topReady(view.readyCount)) {
        const turn = peerTurn(task);
        const subagent = turn ? subagentOf.get(turn.peer) : undefined;
        if (subagent && (fresh || idle.has(subagent))) actions.push({ type: 'assign', subagent, task });
      }
      return actions;
    },
    deliberation: {
      begin: reset,
      async deliberate(): Promise<readonly EventBody[]> {
        // Delivered once their round's turns are over: the next round's turns are what wait.
        const out = pending.map((m): EventBody => ({ type: 'agent.message', ...m }));
        delivered.push(...pending);
        pending = [];
        return out;
      },
      observe(event: TraceEvent): void {
        if (event.type === 'task.started') onTask.set(event.subagent, event.task);
        if (event.type !== 'tool.call' || event.tool !== COMMUNICATE || !event.ok) return;
        const turn = peerTurn(onTask.get(event.caller) ?? '');
        const args = (event.args ?? {}) as { target?: unknown; message?: unknown };
        if (!turn || typeof args.target !== 'string' || typeof args.message !== 'string') return;
        pending.push({ from: turn.peer, to: args.target, round: turn.round, content: args.message });
      },
      answered(): void {},
      brief(request) {
        const turn = peerTurn(request.taskId);
        if (!turn) return undefined;
        const mine = delivered.filter(
          (m) => m.round === turn.round - 1 && m.from !== turn.peer && (m.to === turn.peer || m.to === 'all'),
        );
        if (mine.length === 0) return undefined;
        return { board: mine.map((m) => `[${m.from} → ${m.to}] ${m.content}`).join('\n') };
      },
    },
  };
}
