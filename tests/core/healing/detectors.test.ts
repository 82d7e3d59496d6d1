import { describe, expect, it } from 'vitest';
import { AttemptDetector, defaultThresholds } from '../../../src/core/healing/detectors';
import { mad, median, outlierLevel } from '../../../src/core/healing/robust';
import { SwarmStats } from '../../../src/core/healing/swarm-stats';
import type { EventBody } from '../../../src/core/trace/events';

const call = (tool: string, args: unknown, rejection?: string): EventBody =>
  ({
    type: 'tool.call',
    caller: 'sub-1',
    callId: 'c',
    tool,
    args,
    ok: rejection === undefined,
    result: rejection ? 'Error' : 'ok',
    ...(rejection ? { rejection } : {}),
  }) as EventBody;
const turn = (tokens: number, finishReason = 'tool_calls'): EventBody => ({
  type: 'llm.turn',
  subagent: 'sub-1',
  finishReason,
  'gen_ai.usage.input_tokens': tokens,
  'gen_ai.usage.output_tokens': 0,
});

/** The first anomaly the events reveal, and after how many of them. */
function firstAnomaly(events: EventBody[], swarm = new SwarmStats()) {
  const detector = new AttemptDetector(swarm);
  for (const [i, e] of events.entries()) {
    const a = detector.observe(e);
    if (a) return { ...a, at: i + 1 };
  }
  return undefined;
}

describe('robust statistics', () => {
  it('hold their level when one agent goes wild', () => {
    const calm = [4, 5, 5, 6, 5, 4, 6];
    expect(median(calm)).toBe(5);
    expect(mad(calm)).toBe(1);
    expect(outlierLevel([...calm, 500], { k: 6, floor: 0 })).toBe(11);
    // Too few to compare with: no level at all.
    expect(outlierLevel([1, 2], { k: 6, floor: 16 })).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('the detectors', () => {
  it('see a loop on the third identical call, whatever the order of its argument keys', () => {
    const events = [
      call('search', { q: 'a', k: 1 }),
      call('search', { k: 1, q: 'a' }),
      call('search', { q: 'a', k: 1 }),
    ];
    expect(firstAnomaly(events)).toMatchObject({ kind: 'loop', at: 3, value: 3 });
    expect(firstAnomaly(events.slice(0, 2))).toBeUndefined();
    expect(
      firstAnomaly([call('search', { q: 'a' }), call('search', { q: 'b' }), call('search', { q: 'c' })]),
    ).toBeUndefined();
  });

  it('take one call outside the granted tools as a capability violation at once', () => {
    expect(firstAnomaly([call('run_js', {}, 'refused-capability')])).toMatchObject({
      kind: 'capability-violation',
      at: 1,
    });
    expect(firstAnomaly([call('grant_all', {}, 'unknown-tool')])).toMatchObject({
      kind: 'capability-violation',
    });
  });

  it('call three rejected arguments a burst, and two not', () => {
    const bad = (i: number) => call('search', `{"q": ${i}`, 'malformed-arguments');
    expect(firstAnomaly([bad(1), bad(2), bad(3)])).toMatchObject({ kind: 'error-burst', at: 3 });
    expect(firstAnomaly([bad(1), bad(2)])).toBeUndefined();
  });

  it('see a failed model turn as a crash', () => {
    expect(firstAnomaly([turn(10, 'error')])).toMatchObject({ kind: 'crash' });
  });

  it('hold tool calls and tokens to the swarm: a level of median + 6 MAD, never under the floor', () => {
    const swarm = new SwarmStats();
    for (let i = 0; i < 10; i++) swarm.attemptEnded(20 + (i % 3), 3000);
    // 20–22 calls per attempt, MAD 1: the level is 21 + 6 = 27 calls.
    const many = Array.from({ length: 28 }, (_, i) => call('search', { q: i }));
    expect(firstAnomaly(many, swarm)).toMatchObject({ kind: 'runaway-tools', at: 28, threshold: 27 });
    expect(firstAnomaly(many.slice(0, 27), swarm)).toBeUndefined();
    // One agent doing the whole task (a single-agent run) has no swarm to be an outlier of.
    const alone = Array.from({ length: 200 }, (_, i) => call('search', { q: i }));
    expect(firstAnomaly([...alone, turn(10 * defaultThresholds.runawayTokensFloor)])).toBeUndefined();
    expect(firstAnomaly([turn(defaultThresholds.runawayTokensFloor + 1)], swarm)).toMatchObject({
      kind: 'runaway-tokens',
    });
  });

  it('take a turn ten MADs and three times slower a token than the swarm’s as slow, not a long answer', () => {
    const swarm = new SwarmStats();
    // No verdict before ten turns, unless the caller knows the model's pace.
    expect(new AttemptDetector(swarm).turnTime(900, 20)).toBeUndefined();
    expect(new AttemptDetector(new SwarmStats(), undefined, 0.5).turnTime(900, 20)).toMatchObject({
      kind: 'slow',
    });
    // Turns of 1–1.2 ms a token: median 1.1, MAD 0.1; median + 10 MAD is 2.1, three times the
    // median 3.3, and the level the larger.
    for (let i = 0; i < 19; i++) {
      expect(new AttemptDetector(swarm).turnTime(20 + 2 * (i % 3), 20)).toBeUndefined();
    }
    // A long answer at the usual pace is not slow; the same time for a short turn is.
    expect(new AttemptDetector(swarm).turnTime(400, 400)).toBeUndefined();
    expect(new AttemptDetector(swarm).turnTime(60, 20)).toBeUndefined();
    const slow = new AttemptDetector(swarm).turnTime(400, 20);
    expect(slow).toMatchObject({ kind: 'slow' });
    expect(slow?.threshold).toBeCloseTo(3.3, 5);
  });

  it('do not take a turn a quarter slower for slow when the swarm’s turns are all alike', () => {
    // A simulated model's turns: 1.5 ms a token, give or take a hundredth, so the MAD is ~0 and
    // median + 10 MAD sits just above the median. A turn held up by a garbage collection (1.9 ms a
    // token, as measured in the page at pace 120) is jitter, not a degraded engine.
    const swarm = new SwarmStats();
    for (let i = 0; i < 60; i++) {
      expect(new AttemptDetector(swarm).turnTime(80 * (1.5 + 0.01 * (i % 2)), 80)).toBeUndefined();
    }
    expect(new AttemptDetector(swarm).turnTime(80 * 1.9, 80)).toBeUndefined();
    // The chaos control's slow fault adds twenty turns' worth to every turn.
    expect(new AttemptDetector(swarm).turnTime(80 * 1.5 * 21, 80)).toMatchObject({ kind: 'slow' });
  });

  it('do not take a pause of a few ms for slow when the model writes tokens in microseconds', () => {
    // `swarm chaos` on the simulator: turns of 8 tokens in 0.1 ms. A 30 ms pause (a garbage
    // collection on a busy machine) is 300 times that pace, and still not a degraded engine.
    const swarm = new SwarmStats();
    for (let i = 0; i < 40; i++) expect(new AttemptDetector(swarm).turnTime(0.1, 8)).toBeUndefined();
    expect(new AttemptDetector(swarm).turnTime(30, 8)).toBeUndefined();
    // The chaos control's slow fault: 600 ms more a turn.
    expect(new AttemptDetector(swarm).turnTime(600.1, 8)).toMatchObject({ kind: 'slow' });
  });

  it('report an attempt’s first anomaly only, and keep an anomalous attempt out of the baseline', () => {
    const swarm = new SwarmStats();
    const detector = new AttemptDetector(swarm);
    expect(detector.observe(call('run_js', {}, 'refused-capability'))).toBeDefined();
    expect(detector.observe(call('run_js', {}, 'refused-capability'))).toBeUndefined();
    detector.end();
    expect(swarm.toolCalls).toEqual([]);
  });
});
