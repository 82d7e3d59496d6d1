/**
 * Online anomaly detection for one attempt of one agent (docs/healing.md), from its events as they
 * happen. Each detector has a fixed threshold, or a level relative to the rest of the swarm (the
 * median plus k MADs of the finished healthy attempts, never below a floor), so that one wild
 * agent cannot move the bar it is held to:
 *
 *   crash                 a model turn that failed (the provider threw or the worker died)
 *   loop                  the same call, same tool and same arguments, `loopRepeats` times
 *   error-burst           `errorBurst` calls rejected for malformed or invalid arguments
 *   capability-violation  one call to a tool the agent was not granted (or that does not exist):
 *                         an agent acting outside its capabilities is taken over, not clumsy
 *   runaway-tools         more tool calls than the swarm's level
 *   runaway-tokens        more tokens than the swarm's level
 *   slow                  a model turn whose wall time per token is far above the swarm's
 *
 * An attempt reports its first anomaly only: the healing loop acts on it, and what follows in a
 * quarantined attempt is no longer news. `unresponsive` (an agent that stops answering) needs a
 * timer and lives in the monitor (monitor.ts).
 */
import type { AnomalyKind, EventBody } from '../trace/events';
import { evidenceText } from './evidence';
import { median, outlierLevel } from './robust';
import type { SwarmStats } from './swarm-stats';

export interface DetectorThresholds {
  readonly loopRepeats: number;
  readonly errorBurst: number;
  /** k of median + k·MAD, and the floor, for tool calls and tokens per attempt. */
  readonly runawayK: number;
  readonly runawayToolsFloor: number;
  readonly runawayTokensFloor: number;
  /** k, and the floor in wall ms per output token, for a model turn's pace. */
  readonly slowK: number;
  readonly slowFloorMsPerToken: number;
  /**
   * A slow turn is also at least this many times the swarm's median pace. Turns of a simulated
   * model are so even that their MAD is near zero, and median + k·MAD alone then takes one turn
   * delayed by a garbage collection or a busy core for a slow agent — a quarantine, a retry and a
   * different trace for the same seed.
   */
  readonly slowRatio: number;
  /**
   * And it took at least this many ms longer than a turn at the usual pace would have. A simulated
   * model at full speed writes a token in microseconds, so a pause of a few ms (a garbage
   * collection, a busy CI machine) would be many times its pace; no model that is really degraded
   * loses less than this on a turn.
   */
  readonly slowMinExcessMs: number;
}

export const defaultThresholds: DetectorThresholds = {
  loopRepeats: 3,
  errorBurst: 3,
  runawayK: 6,
  runawayToolsFloor: 16,
  runawayTokensFloor: 24_000,
  slowK: 10,
  slowFloorMsPerToken: 1,
  slowRatio: 3,
  slowMinExcessMs: 100,
};

export interface Anomaly {
  readonly kind: AnomalyKind;
  readonly evidence: string;
  readonly value?: number;
  readonly threshold?: number;
}

type ToolCall = Extract<EventBody, { type: 'tool.call' }>;

/** A call's identity for loop detection: the tool and its arguments, keys sorted. */
function signature(call: ToolCall): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value as object)
              .sort()
              .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
          )
        : value;
  return `${call.tool}\u0000${JSON.stringify(sorted(call.args))}`;
}

export class AttemptDetector {
  private readonly calls = new Map<string, number>();
  private toolCalls = 0;
  private tokens = 0;
  private errors = 0;
  private reported: Anomaly | undefined;

  constructor(
    private readonly swarm: SwarmStats,
    private readonly thresholds: DetectorThresholds = defaultThresholds,
    /** What a model turn is expected to take here, in wall ms per output token, when known. */
    private readonly expectedMsPerToken?: number,
  ) {}

  get anomaly(): Anomaly | undefined {
    return this.reported;
  }

  /**
   * The wall time of one model turn, measured around the provider call, with the tokens it wrote:
   * a model's time grows with what it writes, so turns are compared per output token (eight at
   * least, for the fixed cost of a turn) and a long answer is not a slow agent.
   */
  turnTime(ms: number, outputTokens: number): Anomaly | undefined {
    if (this.reported) return undefined;
    const t = this.thresholds;
    const tokens = Math.max(8, outputTokens);
    const perToken = ms / tokens;
    // Before ten turns the swarm has no norm of its own: the caller's expectation stands in for it
    // when there is one (the simulator's), and otherwise there is no verdict (a real model's pace
    // is not known in advance).
    const known = this.swarm.turnMs.length >= 10;
    // The usual pace: the swarm's median, or the caller's expectation before the swarm has one.
    const usual = known ? median(this.swarm.turnMs) : (this.expectedMsPerToken ?? 0);
    const level = known
      ? Math.max(
          outlierLevel(this.swarm.turnMs, { k: t.slowK, floor: t.slowFloorMsPerToken, minSamples: 10 }),
          t.slowRatio * usual,
        )
      : this.expectedMsPerToken !== undefined
        ? Math.max(t.slowFloorMsPerToken, t.slowK * this.expectedMsPerToken)
        : Number.POSITIVE_INFINITY;
    const excess = ms - usual * tokens;
    this.swarm.turn(perToken);
    if (perToken > level && excess >= t.slowMinExcessMs) {
      return this.report({
        kind: 'slow',
        evidence: evidenceText('slow', {
          ms: Math.round(ms),
          perToken: perToken.toFixed(1),
          level: level.toFixed(1),
        }),
        value: perToken,
        threshold: level,
      });
    }
    return undefined;
  }

  /** One event of the attempt: the first anomaly it reveals, if any. */
  observe(body: EventBody): Anomaly | undefined {
    if (this.reported) return undefined;
    const t = this.thresholds;
    if (body.type === 'llm.turn') {
      if (body.finishReason === 'error') {
        return this.report({ kind: 'crash', evidence: body.content ?? 'the model turn failed' });
      }
      this.tokens += body['gen_ai.usage.input_tokens'] + body['gen_ai.usage.output_tokens'];
      const level = outlierLevel(this.swarm.tokens, { k: t.runawayK, floor: t.runawayTokensFloor });
      if (this.tokens > level) {
        return this.report({
          kind: 'runaway-tokens',
          evidence: evidenceText('runaway-tokens', { tokens: this.tokens, level: Math.round(level) }),
          value: this.tokens,
          threshold: level,
        });
      }
      return undefined;
    }
    if (body.type !== 'tool.call') return undefined;
    this.toolCalls++;
    if (body.rejection === 'refused-capability' || body.rejection === 'unknown-tool') {
      return this.report({
        kind: 'capability-violation',
        evidence: evidenceText('capability-violation', { tool: body.tool, rejection: body.rejection }),
        value: 1,
        threshold: 1,
      });
    }
    if (body.rejection === 'malformed-arguments' || body.rejection === 'invalid-arguments') {
      this.errors++;
      if (this.errors >= t.errorBurst) {
        return this.report({
          kind: 'error-burst',
          evidence: evidenceText('error-burst', {
            errors: this.errors,
            tool: body.tool,
            rejection: body.rejection,
          }),
          value: this.errors,
          threshold: t.errorBurst,
        });
      }
    }
    const key = signature(body);
    const seen = (this.calls.get(key) ?? 0) + 1;
    this.calls.set(key, seen);
    if (seen >= t.loopRepeats) {
      return this.report({
        kind: 'loop',
        evidence: evidenceText('loop', {
          tool: body.tool,
          times: seen,
          args: JSON.stringify(body.args).slice(0, 120),
        }),
        value: seen,
        threshold: t.loopRepeats,
      });
    }
    const level = outlierLevel(this.swarm.toolCalls, { k: t.runawayK, floor: t.runawayToolsFloor });
    if (this.toolCalls > level) {
      return this.report({
        kind: 'runaway-tools',
        evidence: evidenceText('runaway-tools', { calls: this.toolCalls, level: Math.round(level) }),
        value: this.toolCalls,
        threshold: level,
      });
    }
    return undefined;
  }

  /** An anomaly seen outside the events (the watchdog's): the attempt's first, or nothing. */
  flag(anomaly: Anomaly): Anomaly | undefined {
    return this.reported ? undefined : this.report(anomaly);
  }

  /** The attempt ended: a healthy one joins the swarm's baseline. */
  end(): void {
    if (!this.reported) this.swarm.attemptEnded(this.toolCalls, this.tokens);
  }

  private report(anomaly: Anomaly): Anomaly {
    this.reported = anomaly;
    return anomaly;
  }
}
