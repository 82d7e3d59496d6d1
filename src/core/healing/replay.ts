/**
 * The self-healing loop of a recorded run, replayed: what its trace says the loop saw and did in
 * each attempt (`anomaly.detected`, `healing.action`), made again at the same point of the same
 * attempt, with the same stop for a quarantine. A run made again from its trace (run/fork.ts)
 * cannot run the loop itself and get the same run: the timing detectors read the wall clock (a
 * turn held up by a busy machine is `slow`, and its agent is quarantined and its task retried),
 * and the run's alert reads the baselines that browser had learned by then. Neither is in the
 * header; what the loop did is in the trace, and an attempt's own work is seeded, so replaying
 * what it did makes the run again exactly.
 */

import type { EventBody, TraceEvent } from '../trace/events';
import type { AttemptHooks } from './hooks';
import { quarantineReason } from './monitor';

/** What the loop recorded at one point of an attempt. */
export interface Intervention {
  /** How many of the attempt's own events (its agent's, not the loop's) came before it. */
  readonly after: number;
  readonly bodies: readonly EventBody[];
  /** The quarantine's reason, when the loop stopped the attempt here. */
  readonly stop?: string;
}

/** Each attempt's interventions, in order, by `attemptKey`. */
export type Interventions = ReadonlyMap<string, readonly Intervention[]>;

export const attemptKey = (subagent: string, task: string, attempt: number): string =>
  JSON.stringify([subagent, task, attempt]);

const LOOP = new Set<string>(['anomaly.detected', 'healing.action']);
/** Events an attempt's agent makes (the rest of an attempt's events are the loop's or a chaos run's). */
const AGENT = new Set<string>(['llm.turn', 'agent.context', 'agent.message', 'tool.call']);

/** The agent an attempt's event belongs to. */
function agentOf(e: TraceEvent): string | undefined {
  if (e.type === 'tool.call') return e.caller;
  if (e.type === 'agent.message') return e.from;
  return 'subagent' in e ? e.subagent : undefined;
}

/**
 * The loop's interventions a trace records, by attempt. A subagent runs one attempt at a time, so
 * its events after an attempt's `task.started` are that attempt's. `keep` picks the attempts
 * (a fork keeps those its prefix launched).
 */
export function recordedInterventions(
  events: readonly TraceEvent[],
  keep: (key: string) => boolean = () => true,
): Interventions {
  const current = new Map<string, string>();
  const seen = new Map<string, number>();
  const found = new Map<string, Intervention[]>();
  for (const e of events) {
    if (e.type === 'task.started') {
      current.set(e.subagent, attemptKey(e.subagent, e.task, e.attempt));
      continue;
    }
    const agent = agentOf(e);
    const key = agent === undefined ? undefined : current.get(agent);
    if (key === undefined) continue;
    if (AGENT.has(e.type)) {
      seen.set(key, (seen.get(key) ?? 0) + 1);
      continue;
    }
    if (!LOOP.has(e.type) || !keep(key)) continue;
    const { seq: _seq, t: _t, wallMs: _wallMs, ...body } = e;
    const after = seen.get(key) ?? 0;
    const list = found.get(key) ?? [];
    const last = list.at(-1);
    const here = last?.after === after ? (list.pop() as Intervention) : { after, bodies: [] };
    const bodies = [...here.bodies, body as EventBody];
    list.push({ after, bodies, ...stopOf(bodies) });
    found.set(key, list);
  }
  return found;
}

/** A quarantine among these stops the attempt, with the reason its anomaly gave. */
function stopOf(bodies: readonly EventBody[]): { stop?: string } {
  const action = bodies.find((b) => b.type === 'healing.action' && b.action === 'quarantine');
  if (action?.type !== 'healing.action') return {};
  const anomaly = bodies.find((b) => b.type === 'anomaly.detected' && b.kind === action.reason);
  return anomaly?.type === 'anomaly.detected' ? { stop: quarantineReason(anomaly) } : {};
}

/**
 * Hooks that make each attempt's recorded interventions again: after the same number of the
 * agent's events, the same events, and the same stop. The monitor queues what it finds and the
 * attempt records it after the event it is handling, so an intervention is queued at that event;
 * a slow turn's stop came before its tool calls ran rather than after, which no tool here reads
 * (none looks at the stop signal), and the loop ends the attempt at its next turn either way.
 */
export function replayedHealing(interventions: Interventions): AttemptHooks {
  return {
    begin(request, provider, stop) {
      const planned = interventions.get(attemptKey(request.subagent, request.taskId, request.attempt)) ?? [];
      const queued: EventBody[] = [];
      let seen = 0;
      let next = 0;
      return {
        provider,
        event(body) {
          if (!AGENT.has(body.type)) return;
          seen++;
          for (let due = planned[next]; due !== undefined && due.after <= seen; due = planned[++next]) {
            queued.push(...due.bodies);
            if (due.stop !== undefined) stop(due.stop);
          }
        },
        drain: () => queued.splice(0),
        end() {},
      };
    },
  };
}
