import { describe, expect, it } from 'vitest';
import { endNote } from '../../../src/ui/model/status-words';

describe('why a finished run ended', () => {
  it('says nothing for a run that did its work, and names what stopped any other', () => {
    expect(endNote('done', 'completed')).toBeUndefined();
    expect(endNote('done', undefined)).toBeUndefined();
    expect(endNote('running', 'budget:maxCriticalSteps')).toBeUndefined();
    expect(endNote('done', 'budget:maxCriticalSteps')).toBe('stopped when its critical-steps budget ran out');
    expect(endNote('done', 'budget:maxCost')).toBe('stopped when its cost budget ran out');
    expect(endNote('done', 'context-overflow')).toBe("stopped when the orchestrator's context overflowed");
    expect(endNote('done', 'finished')).toBe('was submitted early by the orchestrator');
    expect(endNote('done', 'completed-with-failures')).toBe('ended with failed tasks');
    // A reason the runtime does not make (an older or foreign trace's) is shown as it is.
    expect(endNote('done', 'fail-fast')).toBe('ended (fail-fast)');
  });
});
