import { describe, expect, it } from 'vitest';
import { qualityMeasure } from '../../../src/ui/model/quality';

describe('quality measure', () => {
  it('names a rubric-graded scenario the same with or without its criteria at hand', () => {
    for (const kind of ['write-story', 'teach-explain', 'rag-qa']) {
      expect(qualityMeasure(kind).name, kind).toBe('rubric score');
      expect(qualityMeasure(kind, { clarity: 0.5 }).name, kind).toBe('rubric score');
    }
    expect(qualityMeasure('mixed-coding').name).toBe('pass@1');
    expect(qualityMeasure('something-new').name).toBe('score');
  });
});
