/**
 * The self-healing loop, MAPE-K over every attempt of a run (docs/healing.md):
 *
 *   Monitor   the attempt's events as they happen, and the time of each model turn (the
 *             provider is wrapped to time it), with a watchdog on a turn that never returns: a
 *             simulated turn by its own model time, a real model's by the wall clock (`timing`);
 *   Analyse   the detectors (detectors.ts) against fixed thresholds and the swarm's own levels;
 *   Plan      for an anomaly: quarantine the agent (stop it, drop its context) and replace it (the
 *             task goes back to the runtime as a retryable failure, which retries it on a fresh
 *             agent under its retry policy); a crash is already over, so only the replacement;
 *   Execute   through the attempt's stop and the runtime's own retry;
 *   Knowledge the swarm's statistics (swarm-stats.ts), shared by every attempt of the run.
 *
 * Every detection and every action is an event in the trace. With `mode: 'detect'` the loop
 * monitors and analyses only: detections are recorded, nothing is stopped (the control arm).
 */
import type { Provider } from '../providers/types';
import type { Clock } from '../runtime/ports';
import type { EventBody } from '../trace/events';
import type { Scheduler } from '../trace/scheduler';
import { type Anomaly, AttemptDetector, type DetectorThresholds, defaultThresholds } from './detectors';
import { evidenceText } from './evidence';
import type { AttemptHooks } from './hooks';
import { SwarmStats } from './swarm-stats';
import { watchdogMs } from './watchdog';

export interface HealingOptions {
  readonly mode: 'detect' | 'heal';
  readonly clock: Clock;
  readonly scheduler: Scheduler;
  /**
   * A model turn with no answer after this many ms: the agent stopped answering. With wall timing
   * it is the watchdog's ceiling, which learns the model's pace below it (watchdog.ts). @default 2000
   */
  readonly unresponsiveMs?: number;
  /**
   * What a turn is timed by. `model`: the simulated model's own clock, each reply's `modelMs` (a
   * hung reply's is Infinity), so no verdict depends on how fast or busy this host is — the same
   * seed is judged the same on every machine. `wall`: the host's clock, for a real model, whose
   * watchdog learns the model's pace (watchdog.ts). @default 'wall'
   */
  readonly timing?: 'model' | 'wall';
  /** With wall timing: the earliest a learned watchdog fires (watchdog.ts). */
  readonly watchdogFloorMs?: number;
  readonly thresholds?: DetectorThresholds;
  /**
   * What a model turn should take here, in wall ms per output token, when the caller knows (the
   * simulator's latency model at the run's pace): the norm for slow turns until the swarm has ten
   * turns of its own.
   */
  readonly expectedMsPerToken?: number;
  /**
   * The critical steps this scenario and size usually take (knowledge.ts): the run passing
   * 1.5× of it while an agent is at work raises the operator's alert, once per run.
   */
  readonly baseline?: number;
}

/** Why a quarantined attempt failed: its task.failed error (healing/replay.ts makes it again). */
export const quarantineReason = (anomaly: Pick<Anomaly, 'kind' | 'evidence'>): string =>
  `quarantined: ${anomaly.kind}: ${anomaly.evidence}`;

/** Critical steps beyond this multiple of the baseline raise the alert (seed 001's rule). */
export const criticalStepsFactor = 1.5;

export function healingHooks(options: HealingOptions): AttemptHooks {
  const swarm = new SwarmStats();
  const unresponsiveMs = options.unresponsiveMs ?? 2000;
  const limit = options.baseline && options.baseline > 0 ? criticalStepsFactor * options.baseline : undefined;
  let alerted = false;
  return {
    begin(request, provider, stop) {
      const detector = new AttemptDetector(
        swarm,
        options.thresholds ?? defaultThresholds,
        options.expectedMsPerToken,
      );
      const queued: EventBody[] = [];
      const where = { subagent: request.subagent, task: request.taskId, attempt: request.attempt };
      let ended = false;
      let turns = 0;
      const act = (anomaly: Anomaly) => {
        queued.push({ type: 'anomaly.detected', ...where, ...anomaly });
        if (options.mode !== 'heal' || ended) return;
        if (anomaly.kind !== 'crash') {
          queued.push({ type: 'healing.action', action: 'quarantine', ...where, reason: anomaly.kind });
        }
        queued.push({ type: 'healing.action', action: 'replace', ...where, reason: anomaly.kind });
        if (anomaly.kind !== 'crash') stop(quarantineReason(anomaly));
      };
      const unresponsive = (ms: number, clock: 'wall' | 'model') => {
        if (ended) return;
        const anomaly = detector.flag({
          kind: 'unresponsive',
          evidence: evidenceText('unresponsive', { ms: Math.round(ms), clock }),
          value: ms,
          threshold: ms,
        });
        if (anomaly) act(anomaly);
      };
      const wallTimed: Provider = {
        ...provider,
        name: provider.name,
        async complete(chatRequest) {
          const started = options.clock.now();
          const watchMs = watchdogMs(swarm.replyMs, {
            ceilingMs: unresponsiveMs,
            ...(options.watchdogFloorMs !== undefined ? { floorMs: options.watchdogFloorMs } : {}),
          });
          const cancel = options.scheduler(() => unresponsive(watchMs, 'wall'), watchMs);
          let tokens = 0;
          let answered = false;
          try {
            const response = await provider.complete(chatRequest);
            tokens = response.usage.completion_tokens;
            answered = true;
            return response;
          } finally {
            cancel();
            const ms = options.clock.now() - started;
            // The pace the watchdog learns: replies that came back (watchdog.ts).
            if (answered) swarm.reply(ms);
            const anomaly = detector.turnTime(ms, tokens);
            if (anomaly) act(anomaly);
          }
        },
      };
      // The simulated model: the reply says what it took in the model's time. Past the watchdog,
      // the watchdog fired first; a reply that never comes (Infinity) is held until the attempt is
      // stopped, as a hung model's would be.
      const modelTimed: Provider = {
        ...provider,
        name: provider.name,
        async complete(chatRequest) {
          const response = await provider.complete(chatRequest);
          const ms = response.modelMs ?? 0;
          if (ms >= unresponsiveMs) {
            unresponsive(unresponsiveMs, 'model');
            if (!Number.isFinite(ms)) return neverAnswered(chatRequest.signal);
          } else {
            const anomaly = detector.turnTime(ms, response.usage.completion_tokens);
            if (anomaly) act(anomaly);
          }
          return response;
        },
      };
      const timed = options.timing === 'model' ? modelTimed : wallTimed;
      return {
        provider: timed,
        event(body) {
          if (body.type === 'llm.turn') turns++;
          const now = (request.at ?? 0) + turns;
          if (limit !== undefined && !alerted && request.at !== undefined && now > limit) {
            // The run's alert, raised where the time passes: an operator's signal, no action.
            alerted = true;
            queued.push({
              type: 'anomaly.detected',
              kind: 'critical-steps',
              ...where,
              evidence: evidenceText('critical-steps', {
                now,
                factor: criticalStepsFactor,
                baseline: options.baseline ?? 0,
              }),
              value: now,
              threshold: limit,
            });
          }
          const anomaly = detector.observe(body);
          if (anomaly) act(anomaly);
        },
        drain: () => queued.splice(0),
        end() {
          ended = true;
          detector.end();
        },
      };
    },
  };
}

/** A reply that never comes: settles only when the attempt is stopped. */
function neverAnswered(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (signal?.aborted) reject(new Error('aborted'));
    signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
}
