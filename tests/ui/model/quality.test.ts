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

  it('says that a question without a reference answer is not graded on being right, and only then', () => {
    const own = qualityMeasure('rag-qa', { citations: 1, 'question terms': 0.5, 'answer form': 1 }).how;
    expect(own).toMatch(/^mean of citations 1\.00, question terms 0\.50, answer form 1\.00; .*not graded$/);
    const notes = qualityMeasure('rag-qa', { citations: 1, correctness: 1 }).how;
    expect(notes).not.toMatch(/not graded/);
  });
});
