/**
 * Hooks into each attempt a subagent makes (run/subagent.ts calls them): what a chaos run
 * and the self-healing loop need from inside an attempt, and nothing else — the provider the
 * attempt talks to, every event as it happens, and a way to stop it.
 */
import type { Provider } from '../providers/types';
import type { AttemptRequest } from '../runtime/ports';
import type { EventBody } from '../trace/events';

export interface AttemptSession {
  /** The provider this attempt talks to. */
  readonly provider: Provider;
  /** One event of the attempt, as it happens. */
  event(body: EventBody): void;
  /** Events this session made since the last call (a fault, a detection, an action), to record. */
  drain(): EventBody[];
  /** The attempt ended; the session lets go of its timers. */
  end(): void;
  /**
   * Whose random draws this attempt's own work takes: the number of the attempt whose seed it uses
   * (run/subagent.ts). Absent: its own. Chaos sets it so that the agent replacing a faulty
   * one does the work the fault spoiled with the same draws (chaos.ts).
   */
  readonly draws?: number;
}

export interface AttemptHooks {
  /**
   * An attempt begins on `provider`. `stop(reason)` ends it: its agent is stopped, and the attempt
   * fails with the reason, retryable.
   */
  begin(request: AttemptRequest, provider: Provider, stop: (reason: string) => void): AttemptSession;
}

/** Both hooks on every attempt: `outer` sees the provider `inner` made (chaos, then healing). */
export function composeHooks(inner: AttemptHooks, outer: AttemptHooks): AttemptHooks {
  return {
    begin(request, provider, stop) {
      const first = inner.begin(request, provider, stop);
      const second = outer.begin(request, first.provider, stop);
      const draws = second.draws ?? first.draws;
      return {
        ...(draws !== undefined ? { draws } : {}),
        provider: second.provider,
        event(body) {
          first.event(body);
          second.event(body);
        },
        drain: () => [...first.drain(), ...second.drain()],
        end() {
          first.end();
          second.end();
        },
      };
    },
  };
}
