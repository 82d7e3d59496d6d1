/**
 * The cost and time preference through the swarm control API (issue 59 item 3): `preference` in a
 * task reaches the run and its trace, the same task gives the same trace as `swarm run` (which is
 * a client of the API) and the page's request (request-state.ts makes the same request from the
 * link); a bad one, or one given to a checkpoint without preference inputs, is refused with a
 * typed error naming the field, and nothing is created.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fileCheckpoints } from '../../src/adapters/node/checkpoint-file';
import { createSwarmApi } from '../../src/api/api';
import { SwarmApiError } from '../../src/api/errors';
import type { SwarmTask } from '../../src/api/types';
import { followSwarm } from '../../src/cli/follow-swarm';
import { frozenClock } from '../../src/core/runtime/ports';
import { withoutWallClock } from '../../src/core/trace/jsonl';
import { sayEnglish } from '../../src/ui/i18n/words';
import { requestOfState, stateOfRequest } from '../../src/ui/request-state';
import { defaultState, readHash, writeHash } from '../../src/ui/url-state';

const OLD = 'tests/fixtures/policies/parl-before-preference.json';
const fresh = () => createSwarmApi({ clock: frozenClock, checkpoints: fileCheckpoints });

async function refusal(call: () => unknown): Promise<SwarmApiError> {
  try {
    await call();
  } catch (error) {
    if (error instanceof SwarmApiError) return error;
    throw error;
  }
  throw new Error('the call was not refused');
}

async function trace(task: SwarmTask) {
  const api = fresh();
  const { header, events } = await followSwarm(api, await api.create(task), () => {});
  return { header, events: withoutWallClock(events) };
}

describe('preference in a task', () => {
  it('reaches the run: the header records it, and the reward is charged by it', async () => {
    const task = { scenario: 'deep-search', seed: 2 } as const;
    const plain = await trace(task);
    const cheaper = await trace({ ...task, preference: { cost: 3, time: 0 } });
    expect(plain.header?.preference).toBeUndefined();
    expect(cheaper.header?.preference).toEqual({ cost: 3, time: 0 });
    const reward = (t: typeof plain) => {
      const end = t.events.find((e) => e.type === 'run.finished');
      return end?.type === 'run.finished' ? end.metrics.reward : Number.NaN;
    };
    expect(reward(cheaper)).not.toBe(reward(plain));
  });

  it("is the page's request too: the link keeps it, and the request it makes gives the API's trace", async () => {
    const task: SwarmTask = { scenario: 'deep-search', seed: 2, preference: { cost: 2.5, time: 0.5 } };
    const state = stateOfRequest(task, defaultState);
    const link = writeHash(state);
    expect(link).toContain('preference=2.5%2C0.5');
    const back = readHash(link);
    expect(back.problems).toEqual([]);
    const request = requestOfState(back.state);
    expect(request.preference).toEqual({ cost: 2.5, time: 0.5 });
    expect(requestOfState(defaultState).preference).toBeUndefined();
    expect(readHash('#preference=4,1').problems.map(sayEnglish).join()).toMatch(
      /preference cost must be from 0 to 3/,
    );
    const fromPage = await trace(request);
    const fromApi = await trace({ ...task, policy: request.policy, healing: request.healing });
    expect(JSON.stringify(fromPage)).toBe(JSON.stringify(fromApi));
  });

  it('refuses a preference out of range, not a number, incomplete or with an unknown field, creating nothing', async () => {
    const api = fresh();
    const cases: [unknown, string, RegExp][] = [
      [{ cost: 3.5, time: 1 }, 'preference.cost', /preference\.cost must be from 0 to 3/],
      [{ cost: 1, time: -1 }, 'preference.time', /preference\.time must be from 0 to 3/],
      [{ cost: '2', time: 1 }, 'preference.cost', /preference\.cost must be a number from 0 to 3, not "2"/],
      [
        { cost: 1 },
        'preference.time',
        /preference\.time is required \(each of cost and time a number from 0 to 3/,
      ],
      [{ cost: 1, time: 1, quality: 2 }, 'preference.quality', /preference: unknown field "quality"/],
      [2, 'preference', /preference must be an object/],
    ];
    for (const [preference, field, message] of cases) {
      const e = await refusal(() => api.create({ scenario: 'wide-search', preference } as never));
      expect(e.code, JSON.stringify(preference)).toBe('invalid-task');
      expect(e.field).toBe(field);
      expect(e.message).toMatch(message);
    }
    expect(api.list()).toEqual([]);
  });

  it('refuses a preference to a checkpoint without preference inputs, and plays it at the default', async () => {
    const api = fresh();
    const e = await refusal(() =>
      api.create({ scenario: 'wide-search', policy: `parl:${OLD}`, preference: { cost: 0, time: 2 } }),
    );
    expect(e.code).toBe('invalid-task');
    expect(e.field).toBe('preference');
    expect(e.message).toContain('was trained without preference inputs');
    expect(e.message).toContain('plays only the default {cost: 1, time: 1}');
    expect(api.list()).toEqual([]);
    expect(JSON.parse(readFileSync(OLD, 'utf8')).features).not.toContain('(cost-1)/2');
    const played = await trace({
      scenario: 'wide-search',
      policy: `parl:${OLD}`,
      preference: { cost: 1, time: 1 },
    });
    expect(played.header?.preference).toBeUndefined();
  });
});
