/**
 * composeRun (issue 60, item 1): a run request and a host make the whole run — the policy (`llm`
 * on the host's model), the prepared run, a real model through the host's factory, the healing
 * setup from the host's timings — and every refusal names its field, in the same words whichever
 * entry point (the API, the CLI's policy files) met it.
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileCheckpoints } from '../../../src/adapters/node/checkpoint-file';
import { createSwarmApi } from '../../../src/api/api';
import { frozenProfiles, scenarioSpec } from '../../../src/api/catalog';
import { isSwarmApiError } from '../../../src/api/errors';
import { resolvePolicy } from '../../../src/cli/policy-file';
import { parlCheckpoint } from '../../../src/core/learning/checkpoint';
import { initParams } from '../../../src/core/learning/parl';
import type { Provider } from '../../../src/core/providers/types';
import { composeRun, type RunHost } from '../../../src/core/request/compose-run';
import { RequestError } from '../../../src/core/request/run-input';
import type { RunRequest } from '../../../src/core/request/run-request';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import { profileHashes } from '../../../src/core/scenarios/profiles';

const profiles = frozenProfiles();
const wide = { type: 'task', spec: scenarioSpec('wide-search') } as const;

/** A host whose every lending is counted, so a test sees what composeRun asked of it. */
function host(over: Partial<RunHost> = {}) {
  const asked = { simulated: 0, opened: [] as string[] };
  const h: RunHost = {
    profiles,
    providerKinds: ['openai'],
    openProvider: async (spec, frozen) => {
      asked.opened.push(spec.kind);
      return { provider: simulatedProviderFor(frozen), profiles: frozen };
    },
    simulated: (p) => {
      asked.simulated++;
      return simulatedProviderFor(p);
    },
    sandbox: true,
    knowledgeBase: false,
    healingTimings: (_run, real) => ({ unresponsiveMs: real ? 9000 : 5000, timing: real ? 'wall' : 'model' }),
    ...over,
  };
  return { host: h, asked };
}

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RequestError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};

describe('composeRun', () => {
  it('composes the run a request asks for: its defaults, its policy, its plan, its healing', async () => {
    const { host: h, asked } = host();
    const run = await composeRun({ scenario: 'wide-search', seed: 3, size: 10 }, wide, h);
    expect(run.request).toMatchObject({ seed: 3, policy: 'heuristic', healing: 'on' });
    expect(run.policy.name).toBe('heuristic');
    expect(run.prepared.type).toBe('task');
    expect(run.prepared.seed).toBe(3);
    // The default healing, `on`, heals, with the host's timings for the simulated model.
    expect(run.healing).toEqual({ mode: 'heal', unresponsiveMs: 5000, timing: 'model' });
    expect(run.real).toBeUndefined();
    expect(asked).toEqual({ simulated: 0, opened: [] });

    const off = await composeRun({ scenario: 'wide-search', size: 10, healing: 'off' }, wide, h);
    expect(off.healing).toBeUndefined();
    const chaos = await composeRun(
      { scenario: 'wide-search', size: 10, healing: 'detect', chaos: ['hang'] },
      wide,
      h,
    );
    expect(chaos.healing).toMatchObject({ mode: 'detect', faults: ['hang'] });
  });

  it('plays llm on the host’s simulated model, or on the real model the request opens', async () => {
    const simulated = host();
    const run = await composeRun({ scenario: 'wide-search', size: 10, policy: 'llm' }, wide, simulated.host);
    expect(run.policy.name).toBe('llm');
    expect(simulated.asked.simulated).toBe(1);

    const real = host();
    const opened = await composeRun(
      { scenario: 'wide-search', size: 10, policy: 'llm', provider: { kind: 'openai', model: 'm' } },
      wide,
      real.host,
    );
    expect(real.asked).toEqual({ simulated: 0, opened: ['openai'] });
    expect(opened.real).toMatchObject({ kind: 'openai', model: 'm' });
    // A real model's healing is timed by the wall clock (the host's words for it).
    expect(opened.healing).toMatchObject({ timing: 'wall', unresponsiveMs: 9000 });
  });

  it('refuses each bad field by name', async () => {
    const { host: h } = host();
    const refuse = (request: RunRequest, over: Partial<RunHost> = {}) =>
      refusal(composeRun(request, wide, { ...h, ...over }));
    expect(await refuse({ scenario: 'wide-search', size: 5000 })).toMatchObject({ field: 'size' });
    expect(await refuse({ scenario: 'wide-search', provider: { kind: 'webllm' } })).toEqual({
      field: 'provider.kind',
      message: 'provider.kind "webllm" cannot run here (this host runs: simulated, openai)',
    });
    expect(await refuse({ scenario: 'wide-search', policy: 'parl:p.json' })).toEqual({
      field: 'policy',
      message: 'policy: no checkpoint "p.json": this host has no trained policies',
    });
    expect(
      await refuse(
        { scenario: 'wide-search', provider: { kind: 'openai' } },
        {
          openProvider: async () => {
            throw new Error('no endpoint');
          },
        },
      ),
    ).toEqual({ field: 'provider', message: 'provider: no endpoint' });
  });

  it('words a refused checkpoint the same in the API and in the CLI', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compose-run-'));
    const parl = join(dir, 'p.json');
    writeFileSync(
      parl,
      JSON.stringify(
        parlCheckpoint(initParams(), {
          hyper: {},
          training: { scenario: 'mix', episodes: 1, completedEpisodes: 1, seed: 1 },
          profiles: await profileHashes(profiles),
          allowedProfiles: ['small', 'medium', 'large'],
        }),
      ),
    );
    const api = createSwarmApi({ checkpoints: fileCheckpoints });
    const viaApi = async (policy: string) => {
      try {
        await api.create({ scenario: 'wide-search', size: 10, policy });
      } catch (error) {
        if (isSwarmApiError(error)) return { field: error.field, message: error.message };
      }
      throw new Error('not refused');
    };
    const viaCli = async (policy: string) => {
      try {
        await resolvePolicy(policy, profiles);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    for (const policy of [`bandit:${parl}`, `parl:${join(dir, 'none.json')}`]) {
      const a = await viaApi(policy);
      expect(a.field).toBe('policy');
      expect(a.message).toBe(`invalid task: ${await viaCli(policy)}`);
    }
    expect(await viaCli(`bandit:${parl}`)).toBe(
      `policy: checkpoint "${parl}" is a parl policy, not bandit (use parl:${parl})`,
    );
    // The same file plays: the policy a run composed from it is named as asked.
    const played: Provider = simulatedProviderFor(profiles);
    expect((await resolvePolicy(`parl:${parl}`, profiles, 'greedy', { model: played })).name).toBe(
      `parl:${parl}`,
    );
  });
});
