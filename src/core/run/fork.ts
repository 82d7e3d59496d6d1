/**
 * Forking a run at one orchestrator step (issue 44, "fork any decision"): the run made again from
 * its trace's header under its own policy, checked against the trace event by event, then made
 * once more with another policy deciding from that step on (policy/switch-at.ts). Deterministic
 * seeds make the prefix exact with the simulated model. Pure: the caller resolves the policies and
 * supplies the provider and the sandbox.
 */

import { attemptKey, type Interventions, recordedInterventions } from '../healing/replay';
import { switchAt } from '../policy/switch-at';
import type { Policy } from '../policy/types';
import type { Provider } from '../providers/types';
import type { ProfileSpec } from '../scenarios/spec-types';
import type { ScenarioPorts } from '../scenarios/types';
import type { TraceEvent } from '../trace/events';
import type { TraceHeader } from '../trace/header';
import type { RunScenario } from './prepare';
import { firstDifferentEvent, type RemadeRun, remakeRun } from './remake';

export { firstDifferentEvent };

export interface ForkInput {
  readonly header: TraceHeader;
  readonly events: readonly TraceEvent[];
  /** The scenario the header names, as this build has it. */
  readonly scenario: RunScenario;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  /** Made afresh for each run: a policy may keep state between decisions. */
  readonly original: () => Promise<Policy>;
  readonly next: () => Promise<Policy>;
  readonly at: number;
  readonly provider?: Provider;
  /** The fork side's provider, when it is not `provider`: a real run's replays its prefix (providers/replay.ts `replayThen`, `prefixAttempts` below). */
  readonly forkProvider?: Provider;
  readonly ports?: ScenarioPorts;
}

export type ForkSide = RemadeRun;

export interface ForkResult {
  readonly original: ForkSide;
  readonly fork: ForkSide;
  /** The fork step's decision on each side, and whether they differ (they may not: same choice). */
  readonly atStep: { readonly original: unknown; readonly fork: unknown; readonly differ: boolean };
  /** The first step from `at` on whose actions differ, if any. */
  readonly firstDifference?: {
    readonly step: number;
    readonly t: number;
    readonly original: unknown;
    readonly fork: unknown;
  };
  /** Events before the fork step's decision: the same on both sides. */
  readonly prefixEvents: number;
  /**
   * Attempts the self-healing loop stopped in the original that the fork's prefix did not launch:
   * the fork runs them, or what replaced them, without the loop, so part of the difference is its.
   */
  readonly quarantinedAfter: number;
}

export async function forkRun(input: ForkInput): Promise<ForkResult> {
  const { header } = input;
  const steps = input.events.filter((e) => e.type === 'orchestrator.step').length;
  if (!Number.isInteger(input.at) || input.at < 1 || input.at > steps)
    throw new RangeError(`the run has orchestrator steps 1 to ${steps}; cannot fork at step ${input.at}`);
  // The self-healing loop's interventions are replayed from the trace, not detected again
  // (healing/replay.ts): the run as made again is the run as it went. The fork replays those of
  // the attempts its prefix launched, which are the same attempts on both sides; from the fork
  // step on it runs without the loop, whose timing detectors would not say the same twice.
  if (input.events.some((e) => e.type === 'chaos.fault')) {
    throw new Error(
      'faults were put into this run (a chaos run), and a fork makes the run again without them: it cannot be forked yet',
    );
  }
  const forkAt = input.events.findIndex((e) => e.type === 'orchestrator.step' && e.step === input.at);
  const launched = new Set(
    input.events
      .slice(0, forkAt)
      .flatMap((e) => (e.type === 'task.assigned' ? [attemptKey(e.subagent, e.task, e.attempt)] : [])),
  );
  const make = (policy: Policy, healing: Interventions, provider = input.provider) =>
    remakeRun({
      header,
      scenario: input.scenario,
      profiles: input.profiles,
      policy,
      healing,
      ...(provider ? { provider } : {}),
      ...(input.ports ? { ports: input.ports } : {}),
    });
  const original = await make(await input.original(), recordedInterventions(input.events));
  const differs = firstDifferentEvent(input.events, original.events);
  if (differs >= 0) {
    const e = input.events[differs];
    throw new Error(
      `this build does not make the same run from the trace's header: the runs part at event ${differs + 1}${e ? ` (${e.type} at step-time ${e.t})` : ''}; a trace from another version, or another scenario file or profiles, cannot be forked`,
    );
  }
  const kept = recordedInterventions(input.events, (key) => launched.has(key));
  const fork = await make(
    switchAt(await input.original(), await input.next(), input.at),
    kept,
    input.forkProvider ?? input.provider,
  );
  const stops = (healing: Interventions) =>
    [...healing.values()].flat().filter((i) => i.stop !== undefined).length;
  const stepsOf = (events: readonly TraceEvent[]) =>
    events.flatMap((e) => (e.type === 'orchestrator.step' ? [e] : []));
  const a = stepsOf(original.events);
  const b = stepsOf(fork.events);
  const atA = a[input.at - 1];
  const atB = b[input.at - 1];
  let firstDifference: ForkResult['firstDifference'];
  for (let k = input.at - 1; k < Math.max(a.length, b.length); k++) {
    const x = a[k];
    const y = b[k];
    if (JSON.stringify(x?.actions) !== JSON.stringify(y?.actions) || x?.t !== y?.t) {
      firstDifference = {
        step: k + 1,
        t: (x ?? y)?.t ?? 0,
        original: x?.actions ?? null,
        fork: y?.actions ?? null,
      };
      break;
    }
  }
  // The events before the fork step's decision, less a model orchestrator's thinking for it
  // (recorded just before the decision, and the fork's policy does not think): those both share.
  const atStepEvent = original.events.findIndex((e) => e.type === 'orchestrator.step' && e.step === input.at);
  const shared = firstDifferentEvent(original.events, fork.events);
  const prefixEvents = shared < 0 ? atStepEvent : Math.min(atStepEvent, shared);
  return {
    original,
    fork,
    atStep: {
      original: atA?.actions ?? null,
      fork: atB?.actions ?? null,
      differ: JSON.stringify(atA?.actions) !== JSON.stringify(atB?.actions),
    },
    ...(firstDifference ? { firstDifference } : {}),
    prefixEvents: Math.max(0, prefixEvents),
    quarantinedAfter: stops(recordedInterventions(input.events)) - stops(kept),
  };
}

/**
 * The attempts a fork's prefix launched, by `task#attempt`: before the fork their replies are the
 * recorded ones, so a real run's prefix is the original's (providers/replay.ts `replayThen`).
 */
export function prefixAttempts(events: readonly TraceEvent[], at: number): Set<string> {
  const forkAt = events.findIndex((e) => e.type === 'orchestrator.step' && e.step === at);
  return new Set(
    events
      .slice(0, forkAt < 0 ? events.length : forkAt)
      .flatMap((e) => (e.type === 'task.assigned' ? [`${e.task}#${e.attempt}`] : [])),
  );
}

/** A decision's actions in a few words, for the side-by-side: "spawn 10 medium, assign 10 tasks". */
export function decisionWords(actions: unknown): string {
  if (!Array.isArray(actions)) return 'no decision';
  const parts: string[] = [];
  let assigned = 0;
  for (const a of actions as { type: string; count?: number; profile?: string }[]) {
    if (a.type === 'assign') assigned++;
    else if (a.type === 'spawn') parts.push(`spawn ${a.count} ${a.profile}`);
    else parts.push(a.type);
  }
  if (assigned > 0) parts.push(`assign ${assigned} task${assigned === 1 ? '' : 's'}`);
  return parts.length > 0 ? parts.join(', ') : 'wait';
}
