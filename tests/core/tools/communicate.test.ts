import { describe, expect, it } from 'vitest';
import { communicateTool, MAX_MESSAGE_CHARS } from '../../../src/core/tools/communicate';

describe('communicate', () => {
  const tool = communicateTool(['peer-a', 'peer-b']);

  it('posts to a peer or to all', async () => {
    expect(await tool.run({ target: 'peer-b', message: 'check the battery column' })).toEqual({
      ok: true,
      content: 'Posted to peer-b: delivered at the end of this round.',
    });
    expect((await tool.run({ target: 'all', message: 'I pick B' })).ok).toBe(true);
  });

  it('refuses an unknown target with the names that exist, an empty and an overlong message', async () => {
    expect(await tool.run({ target: 'peer-z', message: 'hi' })).toEqual({
      ok: false,
      content: 'Error: no peer "peer-z"; the peers are peer-a, peer-b, or "all".',
    });
    expect((await tool.run({ target: 'all', message: '  ' })).ok).toBe(false);
    expect((await tool.run({ target: 'all', message: 'x'.repeat(MAX_MESSAGE_CHARS + 1) })).content).toMatch(
      /at most 2000/,
    );
  });
});
