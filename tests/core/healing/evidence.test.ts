import { describe, expect, it } from 'vitest';
import { evidenceFacts, evidenceText } from '../../../src/core/healing/evidence';

describe('evidence sentences', () => {
  it("writes each kind's English as the trace has always had it, and reads its facts back", () => {
    const cases = [
      [
        'slow',
        { ms: 5200, perToken: '104.0', level: '12.5' },
        "a model turn took 5200 ms, 104.0 ms a token; the swarm's turns stay under 12.5 ms a token",
      ],
      [
        'runaway-tokens',
        { tokens: 9000, level: 2400 },
        "9000 tokens in one attempt; the swarm's attempts stay under 2400",
      ],
      [
        'runaway-tools',
        { calls: 40, level: 12 },
        "40 tool calls in one attempt; the swarm's attempts stay under 12",
      ],
      [
        'capability-violation',
        { tool: 'shell', rejection: 'refused-capability' },
        'called shell, a tool it was not granted (refused-capability); the call was refused',
      ],
      [
        'error-burst',
        { errors: 3, tool: 'search', rejection: 'malformed-arguments' },
        '3 calls rejected for their arguments (the last: search, malformed-arguments)',
      ],
      [
        'loop',
        { tool: 'search', times: 4, args: '{"q":"called 2 times"}' },
        'search called 4 times with the same arguments {"q":"called 2 times"}',
      ],
      ['unresponsive', { ms: 2000, clock: 'wall' }, 'no answer from the model in 2000 ms'],
      [
        'unresponsive',
        { ms: 6000, clock: 'model' },
        "no answer from the model in 6000 ms of the model's time",
      ],
      [
        'critical-steps',
        { now: 31, factor: 1.5, baseline: 20 },
        'the run is at 31 critical steps, past 1.5× its baseline of 20',
      ],
    ] as const;
    for (const [kind, facts, text] of cases) {
      expect(evidenceText(kind, facts)).toBe(text);
      const read = evidenceFacts(kind, text);
      // Numbers come back as numbers (104.0 → 104), words as they were.
      expect(read).toEqual(
        Object.fromEntries(
          Object.entries(facts).map(([k, v]) => [
            k,
            typeof v === 'string' && /^[\d.]+$/.test(v) ? Number(v) : v,
          ]),
        ),
      );
    }
  });

  it('gives no facts for words it did not write: a crash, another kind, an older wording', () => {
    expect(evidenceFacts('crash', 'the model turn failed')).toBeUndefined();
    expect(evidenceFacts('loop', 'no answer from the model in 2000 ms')).toBeUndefined();
    expect(evidenceFacts('slow', 'a model turn took ages')).toBeUndefined();
  });
});
