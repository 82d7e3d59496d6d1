import { describe, expect, it } from 'vitest';
import { agentNames } from '../../src/ui/model/agent-names';

describe('agent names', () => {
  it('shows an agent by the role of the tasks it ran, with its number', () => {
    const roles = { outliner: 'Outliner', 'writer-1': 'Writer', 'writer-2': 'Writer', merge: 'Editor' };
    const names = agentNames(roles, [
      { task: 'outliner', subagent: 'sa-1' },
      { task: 'writer-1', subagent: 'sa-2' },
      { task: 'writer-2', subagent: 'sa-2' },
      { task: 'merge', subagent: 'sa-1' },
      { task: 'unknown', subagent: 'sa-3' },
    ]);
    expect(names.get('sa-1')).toBe('Outliner / Editor · sa-1');
    expect(names.get('sa-2')).toBe('Writer · sa-2');
    // No role known: the page keeps the runtime's name.
    expect(names.has('sa-3')).toBe(false);
    expect(agentNames(undefined, [{ task: 'outliner', subagent: 'sa-1' }]).size).toBe(0);
  });
});
