import { describe, expect, it } from 'vitest';
import { EXPECTED, mathFingerprint, trainingFingerprint } from '../support/engine-fingerprint';

// Chromium's own Math.exp, Math.cos, … differ from Node's in the last bits; the core's do not.
describe('the core computes the same numbers in Chromium as in Node', () => {
  it('gives the transcendental functions the same bits', () => {
    expect(mathFingerprint()).toEqual(EXPECTED.math);
  });

  it('trains the runtime’s PARL orchestrator to the same weights as the CLI', async () => {
    expect(await trainingFingerprint()).toBe(EXPECTED.training);
  });
});
