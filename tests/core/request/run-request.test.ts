import { describe, expect, it } from 'vitest';
import { frozenProfiles, scenarioSpec } from '../../../src/api/catalog';
import { policyProblem } from '../../../src/core/request/policy-name';
import { checkAgainst, healingOf, RequestError, runInputOf } from '../../../src/core/request/run-input';
import type { RunRequest } from '../../../src/core/request/run-request';
import { readRunRequest } from '../../../src/providers/run-request';

const full: RunRequest = {
  scenario: 'wide-search',
  seed: 4,
  size: 20,
  policy: 'bandit:policies/b.json',
  provider: { kind: 'openai', endpoint: 'http://localhost:8080/v1', model: 'qwen2.5-0.5b' },
  context: 'summary',
  profile: 'large',
  join: 'barrier',
  failure: 'continue',
  budgets: { subagents: 8, criticalSteps: 300, toolCalls: 900 },
  healing: 'detect',
  chaos: ['hang', 'crash'],
  play: 'sample',
};

describe('a run request', () => {
  it('takes every field a run has', () => {
    expect(readRunRequest(full)).toEqual({ ok: true, request: full });
    expect(readRunRequest({ scenario: 'stg-100' })).toEqual({ ok: true, request: { scenario: 'stg-100' } });
  });

  it('refuses a bad field by its name, saying what is accepted', () => {
    const cases: [unknown, string, RegExp][] = [
      [{}, 'scenario', /^scenario is required$/],
      [{ scenario: 'w', provider: {} }, 'provider.kind', /^provider.kind is required$/],
      [{ scenario: 'wide search' }, 'scenario', /scenario must be a scenario id/],
      [{ scenario: 'w', seed: -1 }, 'seed', /seed must be 0 or more/],
      [{ scenario: 'w', seed: 1.5 }, 'seed', /seed must be a whole number/],
      [
        { scenario: 'w', policy: 'random' },
        'policy',
        /"random" is not a policy \(one of: serial, .*llm, fixed:WIDTH\/PROFILE, parl:CHECKPOINT, bandit:CHECKPOINT\)/,
      ],
      [
        { scenario: 'w', policy: 'fixed:all/huge' },
        'policy',
        /"fixed:all\/huge" is not a fixed setting: .*unknown profile "huge"/,
      ],
      [
        { scenario: 'w', provider: { kind: 'gpt' } },
        'provider.kind',
        /provider.kind must be one of simulated, webllm, openai, not "gpt"/,
      ],
      [
        { scenario: 'w', provider: { kind: 'openai', endpoint: 'ftp://x' } },
        'provider.endpoint',
        /http\(s\) URL/,
      ],
      [{ scenario: 'w', join: 'sometimes' }, 'join', /join must be one of async, barrier/],
      [
        { scenario: 'w', budgets: { subagents: 0 } },
        'budgets.subagents',
        /budgets.subagents must be 1 or more/,
      ],
      [{ scenario: 'w', budgets: { subagent: 3 } }, 'budgets.subagent', /budgets: unknown field "subagent"/],
      [{ scenario: 'w', chaos: ['boom'] }, 'chaos.0', /chaos must be one of hang, loop, crash/],
      [{ scenario: 'w', chaos: ['hang', 'hang'] }, 'chaos', /chaos names a fault twice/],
      [{ scenario: 'w', healing: 'maybe' }, 'healing', /healing must be one of on, detect, off/],
      [{ scenario: 'w', play: 'random' }, 'play', /play must be one of greedy, sample, not "random"/],
      [{ scenario: 'w', knowledgeBase: { question: '' } }, 'knowledgeBase.question', /is empty/],
      [{ scenario: 'w', sise: 3 }, 'sise', /unknown field "sise"/],
      ['wide-search', 'request', /a run request must be an object/],
    ];
    for (const [input, field, message] of cases) {
      const read = readRunRequest(input);
      expect(read.ok, JSON.stringify(input)).toBe(false);
      if (read.ok) continue;
      expect({ input, field: read.field }).toEqual({ input, field });
      expect(read.message).toMatch(message);
    }
  });

  it('accepts the same policy names whatever the host', () => {
    for (const name of [
      'serial',
      'heuristic',
      'critical-path',
      'peers',
      'llm',
      'fixed:solo/large',
      'fixed:wide-search=all/large',
      'parl:my policy',
      'bandit:/tmp/b.json',
    ])
      expect(policyProblem(name), name).toBeUndefined();
    for (const name of ['', 'parl:', 'dqn:x', 'fixed:']) expect(policyProblem(name), name).toBeDefined();
  });

  it('is refused for what its scenario or host cannot do, by field', () => {
    const spec = { type: 'task' as const, spec: scenarioSpec('wide-search') };
    const host = {
      profiles: frozenProfiles(),
      sandbox: false,
      knowledgeBase: false,
      providers: ['simulated'],
    };
    const refusal = (request: RunRequest, s = spec): { field: string; message: string } | undefined => {
      try {
        checkAgainst(request, s, host);
        return undefined;
      } catch (error) {
        if (error instanceof RequestError) return { field: error.field, message: error.message };
        throw error;
      }
    };
    expect(refusal({ scenario: 'wide-search', size: 5 })).toEqual({
      field: 'size',
      message: 'size of wide-search must be within 10…200, got 5',
    });
    expect(refusal({ scenario: 'wide-search', profile: 'huge' })?.field).toBe('profile');
    expect(refusal({ scenario: 'wide-search', provider: { kind: 'webllm' } })?.field).toBe('provider.kind');
    expect(refusal({ scenario: 'wide-search', knowledgeBase: { question: 'why?' } })?.field).toBe(
      'knowledgeBase',
    );
    expect(
      refusal({ scenario: 'mixed-coding' }, { type: 'task', spec: scenarioSpec('mixed-coding') })?.field,
    ).toBe('scenario');
    expect(refusal({ scenario: 'wide-search', size: 20 })).toBeUndefined();
  });

  it('becomes the composition root input with its overrides, and its healing setup', () => {
    const input = runInputOf(
      {
        scenario: 'wide-search',
        seed: 2,
        budgets: { subagents: 3 },
        failure: 'continue',
        context: 'summary',
      },
      { type: 'task', spec: scenarioSpec('wide-search') },
      { profiles: frozenProfiles(), plan: 'swarm' },
    );
    expect(input.seed).toBe(2);
    expect(input.size).toBe(scenarioSpec('wide-search').size.default);
    expect(input.overrides).toEqual({
      failurePolicy: 'continue',
      budgets: { maxConcurrentSubagents: 3 },
      context: { name: 'summary' },
    });
    expect(healingOf({ scenario: 'w' }, {})).toEqual({ mode: 'heal' });
    expect(healingOf({ scenario: 'w', healing: 'off' }, {})).toBeUndefined();
    // A chaos run always watches: its report is what the faults did.
    expect(healingOf({ scenario: 'w', healing: 'off', chaos: ['hang'] }, {})).toEqual({
      mode: 'detect',
      faults: ['hang'],
    });
  });
});
