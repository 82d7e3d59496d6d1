import { describe, expect, it } from 'vitest';
import { endWords } from '../../../src/ui/model/status-words';

describe('why a finished run ended', () => {
  it('says nothing for a run that did its work, and names what stopped any other', () => {
    expect(endWords('done', 'completed')).toBeUndefined();
    expect(endWords('running', 'budget:maxCriticalSteps')).toBeUndefined();
    expect(endWords('done', 'budget:maxCriticalSteps')).toBe('stopped: the critical-steps budget ran out');
    expect(endWords('done', 'budget:maxCost')).toBe('stopped: the cost budget ran out');
    expect(endWords('done', 'context-overflow')).toBe("stopped: the orchestrator's context overflowed");
    expect(endWords('done', 'finished')).toBe('submitted early by the orchestrator');
    expect(endWords('done', 'completed-with-failures')).toBe('with failed tasks');
    expect(endWords('done', 'fail-fast')).toBe('stopped (fail-fast)');
  });
});
