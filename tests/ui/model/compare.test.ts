import { describe, expect, it } from 'vitest';
import { compareRows } from '../../../src/ui/model/compare';

describe('compare rows', () => {
  it('gives every later run its ratio to the first', () => {
    const rows = compareRows([
      { criticalSteps: 60, itemF1: 0.8 },
      { criticalSteps: 12, itemF1: 0.9 },
      undefined,
    ]);
    const critical = rows.find((r) => r.metric === 'criticalSteps');
    expect(critical?.values).toEqual([60, 12, undefined]);
    expect(critical?.ratios).toEqual([0.2, undefined]);
    expect(rows.find((r) => r.metric === 'itemF1')?.ratios[0]).toBeCloseTo(1.125);
  });

  it('leaves the ratio out when the baseline is 0', () => {
    const rows = compareRows([{ retryCount: 0 }, { retryCount: 3 }]);
    expect(rows.find((r) => r.metric === 'retryCount')?.ratios).toEqual([undefined]);
  });
});
