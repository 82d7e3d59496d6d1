import type { TraceEvent } from './events';
import type { RealizedPath } from './realized-path';

/** How long model work takes in model time (the simulator's latency model, not this machine's). */
export interface ModelTimeRates {
  /** Ms per output token, by profile (`wallMsPerToken` in scenarios/profiles.json). */
  readonly msPerOutputToken: Readonly<Record<string, number>>;
  /** Ms of one step of an orchestrator decision (one turn of thought). */
  readonly decisionMs: number;
  /** Graph scenarios, whose attempts have no tokens: ms per step. */
  readonly msPerStep?: number;
}

/**
 * The run's wall-clock time by the latency model, along its realized critical path: each
 * orchestrator step takes `decisionMs` per step of S_main, each attempt its output tokens at its
 * profile's rate (or its steps at `msPerStep`), a backoff none (the runtime does not wait one out
 * in real time). What the run would take where every subagent has a model of its own; the page's
 * wall clock is this × pace / 1000 plus what this machine adds.
 */
export function modelWallMs(events: Iterable<TraceEvent>, path: RealizedPath, rates: ModelTimeRates): number {
  const profileOf = new Map<string, string>();
  const tokensOf = new Map<string, number>();
  for (const e of events) {
    if (e.type === 'subagent.spawned') profileOf.set(e.subagent, e.profile);
    else if (e.type === 'task.finished' || e.type === 'task.failed')
      tokensOf.set(`${e.task}#${e.attempt}`, e.usage['gen_ai.usage.output_tokens']);
  }
  let ms = 0;
  for (const link of path.nodes) {
    if (link.kind === 'main') ms += (link.end - link.start) * rates.decisionMs;
    else if (link.kind === 'task') {
      if (rates.msPerStep !== undefined) ms += (link.end - link.start) * rates.msPerStep;
      else {
        const rate = rates.msPerOutputToken[profileOf.get(link.subagent) ?? ''] ?? 0;
        ms += (tokensOf.get(`${link.task}#${link.attempt}`) ?? 0) * rate;
      }
    }
  }
  return ms;
}
