import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { providerFromSetup, subagentHost } from '../../src/adapters/browser/subagent-host';
import { nodeSandbox } from '../../src/adapters/node/node-sandbox';
import type { ProviderSetup, SubagentApi } from '../../src/adapters/wire/subagent-protocol';
import { executorFromSetup, type SubagentSetup } from '../../src/core/run/subagent-setup';
import type { AttemptRequest } from '../../src/core/runtime/ports';
import { simulatedProviderFor } from '../../src/core/scenarios/players';
import type { CodeSandbox } from '../../src/core/tools/sandbox';
import { requestsFor, wideSearchSetup } from '../support/pool-contract';
import { loadProfiles, loadSpec } from '../support/scenarios';

const ports: MessagePort[] = [];

/** The host on one end of a MessageChannel, Comlink's proxy on the other: the wire without a worker. */
function overChannel(host: SubagentApi): Comlink.Remote<SubagentApi> {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  Comlink.expose(host, port2);
  return Comlink.wrap<SubagentApi>(port1);
}

afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

const simulated = (paceMs: number): ProviderSetup => ({ kind: 'simulated', paceMs });
const setup = wideSearchSetup(12, 4);
const [first, second] = requestsFor(setup) as [AttemptRequest, AttemptRequest];

describe('subagentHost over a MessageChannel', () => {
  it('runs attempts after init exactly as the subagent does in-thread', async () => {
    const direct = await executorFromSetup(setup, simulatedProviderFor(setup.profiles));
    const remote = overChannel(subagentHost());
    await remote.init(setup, simulated(0));
    for (const request of [first, second]) {
      const want = await direct.run(request);
      expect(want.steps).toBeGreaterThan(1);
      expect(JSON.stringify(await remote.run(request))).toBe(JSON.stringify(want));
    }
  });

  it('refuses to run before init', async () => {
    const remote = overChannel(subagentHost());
    await expect(remote.run(first)).rejects.toThrow('the subagent ran before init(setup, provider)');
  });

  it('paces each reply by its latency (output tokens × ms per token) at paceMs per model second, and changes nothing else', async () => {
    const plain = overChannel(subagentHost());
    await plain.init(setup, simulated(0));
    const paced = overChannel(subagentHost());
    await paced.init(setup, simulated(15));
    const want = await plain.run(first);
    const t0 = performance.now();
    const got = await paced.run(first);
    // Every turn of the medium profile: output tokens × 15 ms, at 15 ms per second of model time.
    const modelMs =
      want.usage['gen_ai.usage.output_tokens'] * setup.profiles.medium!.simulator.wallMsPerToken;
    expect(performance.now() - t0).toBeGreaterThanOrEqual((modelMs * 15) / 1000 - 5);
    expect(got).toEqual(want);
  });

  it('aborts the running attempt mid-turn; the next attempt runs to its end', async () => {
    const plain = overChannel(subagentHost());
    await plain.init(setup, simulated(0));
    const want = await plain.run(first);
    const remote = overChannel(subagentHost());
    await remote.init(setup, simulated(100));
    const running = remote.run(first);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await remote.abort();
    const outcome = await running;
    // Aborted, not answered: the attempt's turns take hundreds of ms at this pace, so it was cut
    // mid-way. (A bound on the wall time, 90 ms, was a timing test that a loaded machine fails.)
    expect(outcome).toMatchObject({ ok: false, error: 'aborted: aborted: cancelled by the pool' });
    expect(await remote.run(first)).toEqual(want);
  });

  it('lends a mixed-coding subagent its run_js sandbox, and only that scenario', async () => {
    const calls: string[] = [];
    let made = 0;
    const spy = (): CodeSandbox => {
      made++;
      return {
        run: (code, tests, timeoutMs) => {
          calls.push(code);
          return nodeSandbox.run(code, tests, timeoutMs);
        },
      };
    };
    const wide = overChannel(subagentHost(undefined, spy));
    await wide.init(setup, simulated(0));
    expect(made).toBe(0);

    const scenario = loadSpec('mixed-coding', 'mixed-coding');
    const coding: SubagentSetup = {
      scenario,
      seed: 2,
      size: 3,
      plan: 'swarm',
      profiles: loadProfiles(),
      context: { name: 'hide-tool-result' },
    };
    const remote = overChannel(subagentHost(undefined, spy));
    await remote.init(coding, simulated(0));
    expect(made).toBe(1);
    const outcome = await remote.run(requestsFor(coding)[0] as AttemptRequest);
    const runJs = (outcome.events ?? []).filter(
      (e) => e.body.type === 'tool.call' && e.body.tool === 'run_js',
    );
    expect(runJs.length).toBeGreaterThan(0);
    expect(calls).toHaveLength(runJs.length);
  });
});

describe('a host kept between runs (the page keeps idle workers for its next run)', () => {
  const askSetup: SubagentSetup = {
    scenario: loadSpec('ask-knowledge-base', 'rag-qa'),
    seed: 1,
    size: 2,
    plan: 'swarm',
    profiles: loadProfiles(),
    context: { name: 'hide-tool-result' },
  };

  it('closes the knowledge base a run opened when it rests, and opens it anew for the next run', async () => {
    let opens = 0;
    let closes = 0;
    const openKnowledge = async () => {
      opens++;
      return {
        search: async () => [],
        chunk: async () => undefined,
        opened: { close: () => void closes++ },
      };
    };
    const host = subagentHost(undefined, undefined, openKnowledge);
    await host.init(askSetup, simulated(0));
    expect([opens, closes]).toEqual([1, 0]);
    host.rest();
    expect([opens, closes]).toEqual([1, 1]);
    // Rested, it runs nothing of the last run.
    await expect(host.run(requestsFor(askSetup)[0] as AttemptRequest)).rejects.toThrow('before init');
    // The next run reads the base as it is then; one that skipped rest still closes the last.
    await host.init(askSetup, simulated(0));
    await host.init(askSetup, simulated(0));
    expect([opens, closes]).toEqual([3, 2]);
    // A kind that needs no knowledge base opens none.
    host.rest();
    await host.init(setup, simulated(0));
    expect([opens, closes]).toEqual([3, 3]);
  });

  it('runs a second setup after a first exactly as a fresh host does', async () => {
    const kept = overChannel(subagentHost());
    await kept.init(wideSearchSetup(12, 9), simulated(0));
    await kept.run(requestsFor(wideSearchSetup(12, 9))[0] as AttemptRequest);
    await kept.rest();
    await kept.init(setup, simulated(0));
    const fresh = overChannel(subagentHost());
    await fresh.init(setup, simulated(0));
    for (const request of [first, second]) {
      expect(JSON.stringify(await kept.run(request))).toBe(JSON.stringify(await fresh.run(request)));
    }
  });
});

describe('providerFromSetup', () => {
  it('builds the simulated provider under its own name, paced or not', () => {
    expect(providerFromSetup(simulated(0), setup).name).toBe('simulated');
    expect(providerFromSetup(simulated(20), setup).name).toBe('simulated');
  });

  it('names a provider kind it does not know', () => {
    expect(() => providerFromSetup({ kind: 'carrier-pigeon' } as unknown as ProviderSetup, setup)).toThrow(
      'unknown provider kind "carrier-pigeon"',
    );
  });
});
