import { describe, expect, it } from 'vitest';
import { hooksFor } from '../../../src/core/healing/setup';
import type { ChatResponse, Provider } from '../../../src/core/providers/types';
import type { AttemptRequest } from '../../../src/core/runtime/ports';

// The page's setting of the slow detector (ui/run/healing-setup.ts): a healthy turn held up by a
// busy page (about 240 ms) is not slow there, while a chaos "slow" fault (slowMs more per turn) is.
function turnOf(ms: number, slowMinExcessMs?: number) {
  let now = 0;
  const hooks = hooksFor(
    { mode: 'heal', expectedMsPerToken: 0.6, ...(slowMinExcessMs !== undefined ? { slowMinExcessMs } : {}) },
    { seed: 1, taskIds: ['a'] },
    { clock: { now: () => now }, scheduler: () => () => {} },
  );
  const reply: ChatResponse = {
    id: 'r',
    model: 'm',
    choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 40, total_tokens: 50 },
  };
  const provider: Provider = {
    name: 'simulated',
    async complete() {
      now += ms;
      return reply;
    },
  };
  const request = { subagent: 'sa-1', taskId: 'a', attempt: 1, task: 0 } as unknown as AttemptRequest;
  const stopped: string[] = [];
  const session = hooks.begin(request, provider, (reason) => stopped.push(reason));
  return { session, stopped };
}

describe('the slow detector as a host sets it', () => {
  it('takes a turn 240 ms late for slow by default, and not with the page’s margin; a slow fault still is', async () => {
    const late = 40 * 0.6 + 240;
    const byDefault = turnOf(late);
    await byDefault.session.provider.complete({ model: 'm', messages: [] });
    expect(byDefault.session.drain()).toContainEqual(
      expect.objectContaining({ type: 'anomaly.detected', kind: 'slow' }),
    );
    expect(byDefault.stopped).toHaveLength(1);

    const page = turnOf(late, 480);
    await page.session.provider.complete({ model: 'm', messages: [] });
    expect(page.session.drain()).toEqual([]);
    expect(page.stopped).toEqual([]);

    // The chaos fault's 600 ms more per turn is past the page's margin.
    const faulty = turnOf(40 * 0.6 + 600, 480);
    await faulty.session.provider.complete({ model: 'm', messages: [] });
    expect(faulty.session.drain()).toContainEqual(expect.objectContaining({ kind: 'slow' }));
  });
});
