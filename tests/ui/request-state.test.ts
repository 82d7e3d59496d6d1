import { describe, expect, it } from 'vitest';
import type { RunRequest } from '../../src/core/request/run-request';
import { say } from '../../src/ui/i18n/words';
import { readLink, requestOfState, stateOfRequest } from '../../src/ui/request-state';
import { defaultState, writeHash } from '../../src/ui/url-state';

const requests: RunRequest[] = [
  { scenario: 'wide-search', seed: 1, policy: 'heuristic', healing: 'on' },
  {
    scenario: 'deep-search',
    seed: 9,
    size: 3,
    policy: 'parl:mine',
    provider: { kind: 'webllm', model: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC', engines: 2 },
    context: 'summary',
    profile: 'small',
    join: 'barrier',
    failure: 'fail-fast',
    budgets: { subagents: 5, criticalSteps: 80, toolCalls: 400 },
    healing: 'detect',
    chaos: ['loop'],
    play: 'sample',
  },
  {
    scenario: 'ask-knowledge-base',
    seed: 2,
    policy: 'llm',
    provider: { kind: 'openai', endpoint: 'http://127.0.0.1:8080/v1', model: 'qwen' },
    healing: 'off',
    knowledgeBase: { question: 'What changed in March?' },
  },
];

describe("the page's settings and a run request", () => {
  it('are one thing said two ways: a request survives the page and its link unchanged', () => {
    for (const request of requests) {
      const state = stateOfRequest(request, defaultState);
      expect(requestOfState(state)).toEqual(request);
      // Through the link the page writes, as a visitor would share it.
      expect(requestOfState(readLink(writeHash(state)).state)).toEqual(request);
    }
  });

  it('opens the Run view on a #request= link, and names the field of a bad one', () => {
    const link = `#request=${encodeURIComponent(JSON.stringify(requests[1]))}`;
    const read = readLink(link);
    expect(read.problems).toEqual([]);
    expect(read.state.view).toBe('run');
    expect(read.state.subagents).toBe(5);
    expect(readLink(`${link}&view=compare&seed=4`).state).toMatchObject({ view: 'compare', seed: 4 });
    expect(
      readLink('#request={"scenario":"wide-search","join":"later"}').problems.map((p) => say(p, 'en')),
    ).toEqual(['The run request in the link was ignored: join must be one of async, barrier, not "later".']);
    expect(readLink('#request={oops').problems.map((p) => say(p, 'en'))).toEqual([
      'The run request in the link was ignored: it is not JSON.',
    ]);
  });
});
