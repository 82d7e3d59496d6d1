import { afterEach, describe, expect, it } from 'vitest';
// Imported, not read from disk: the same suite runs in Node and in the browser.
import profilesJson from '../../scenarios/profiles.json';
import wideSearchJson from '../../scenarios/wide-search.json';
import { heuristicPolicy } from '../../src/core/policy/heuristic';
import { runScenario } from '../../src/core/run/run';
import { executorFromSetup, type SubagentSetup } from '../../src/core/run/subagent-setup';
import type { SubagentPool } from '../../src/core/runtime/pool';
import type { AttemptOutcome, AttemptRequest } from '../../src/core/runtime/ports';
import { simulatedProviderFor } from '../../src/core/scenarios/players';
import { parseProfiles } from '../../src/core/scenarios/profiles';
import type { TaskScenarioSpec } from '../../src/core/scenarios/registry';
import { scenarioKinds } from '../../src/core/scenarios/registry';
import { parseScenario } from '../../src/core/scenarios/spec';
import type { ProfileSpec } from '../../src/core/scenarios/spec-types';
import type { Plan } from '../../src/core/scenarios/types';
import { encodeTrace, withoutWallClock } from '../../src/core/trace/jsonl';
import { faults, Gate } from './test-subagent';

type Made = SubagentPool | Promise<SubagentPool>;

export interface PoolMaker {
  /**
   * A pool whose subagents run `setup` on the unpaced simulated provider. With `gate` (a `Gate`'s
   * name), every model turn of every subagent first waits for that gate to let it through.
   */
  make(setup: SubagentSetup, capacity: number, gate?: string): Made;
  /** Like `make`, but an attempt whose task id is `faults.crash` crashes its subagent. */
  makeCrashing(setup: SubagentSetup, capacity: number): Made;
}

export function wideSearchSpec(): TaskScenarioSpec {
  const parsed = parseScenario(JSON.stringify(wideSearchJson), 'scenarios/wide-search.json');
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.spec;
}

export function repoProfiles(): Record<string, ProfileSpec> {
  const parsed = parseProfiles(JSON.stringify(profilesJson), 'scenarios/profiles.json');
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.profiles;
}

/** A wide-search run of `size` rows: 6 rows per subagent, so size 30 makes 5 independent tasks. */
export function wideSearchSetup(size = 30, seed = 3): SubagentSetup {
  const scenario = wideSearchSpec();
  return {
    scenario,
    seed,
    size,
    plan: 'swarm',
    profiles: repoProfiles(),
    context: scenario.context ?? { name: 'hide-tool-result' },
  };
}

/** The plan of the setup's instance, as the orchestrator sees it. */
function setupPlan(setup: SubagentSetup): Plan {
  const kind = scenarioKinds[setup.scenario.kind];
  return kind.plan(kind.generate(setup.scenario as never, setup.seed, setup.size), setup.plan);
}

/** The first attempt of each planned task, as the runtime would ask for it. */
export function requestsFor(setup: SubagentSetup, maxSteps = 100): AttemptRequest[] {
  return setupPlan(setup).tasks.map((t, i) => ({
    task: i,
    taskId: t.id,
    spec: { id: t.id, steps: t.estimatedSteps, deps: t.deps },
    attempt: 1,
    subagent: `subagent-${i + 1}`,
    profile: 'medium',
    maxSteps,
    seed: setup.seed,
  }));
}

/** The same attempts run one by one, in this thread, with no pool. */
async function directOutcomes(setup: SubagentSetup, requests: readonly AttemptRequest[]) {
  const executor = await executorFromSetup(setup, simulatedProviderFor(setup.profiles));
  const outcomes: AttemptOutcome[] = [];
  for (const request of requests) outcomes.push(await executor.run(request));
  return outcomes;
}

/**
 * An outcome without the worker that ran it: where an attempt ran is the pool's business (the
 * BullMQ pool names its worker; the trace records it), what it produced must not depend on it.
 */
function ran(outcome: AttemptOutcome): AttemptOutcome {
  const { worker: _where, ...rest } = outcome;
  return rest;
}

/**
 * The subagent pool port's contract (src/core/runtime/pool.ts), run against each adapter: the
 * in-thread pool (tests/adapters), the Web Worker pool (tests/browser) and the BullMQ pool
 * (tests/scale-out).
 */
export function poolContract(name: string, maker: PoolMaker): void {
  describe(`SubagentPool contract: ${name}`, { timeout: 20_000 }, () => {
    const setup = wideSearchSetup();
    const requests = requestsFor(setup);
    const expected = directOutcomes(setup, requests);
    const open: SubagentPool[] = [];
    const gates: Gate[] = [];
    const pool = async (made: Made) => {
      const p = await made;
      open.push(p);
      return p;
    };
    const gate = () => {
      const g = new Gate();
      gates.push(g);
      return g;
    };
    afterEach(async () => {
      for (const g of gates.splice(0)) g.close();
      await Promise.all(open.splice(0).map((p) => p.close()));
    });

    it('runs attempts and returns the subagent outcome unchanged, byte for byte', async () => {
      const want = await expected;
      expect(want.filter((o) => o.ok).length).toBeGreaterThan(2);
      expect(want.every((o) => o.steps > 1 && (o.events?.length ?? 0) > 0)).toBe(true);
      const p = await pool(maker.make(setup, 2));
      expect(p.capacity).toBe(2);
      const got = (await Promise.all(requests.map((r) => p.run(r)))).map(ran);
      expect(got.map((o) => JSON.stringify(o))).toEqual(want.map((o) => JSON.stringify(o)));
      expect(p.stats()).toMatchObject({ alive: 2, busy: 0, queued: 0, completed: 5, started: 2, crashes: 0 });
    });

    it('never runs more than its capacity at once; the rest wait', async () => {
      const g = gate();
      const p = await pool(maker.make(setup, 2, g.name));
      let done = 0;
      const runs = requests.map((r) => p.run(r).finally(() => done++));
      // Everything is held at the gate: exactly the two running attempts reached it.
      await g.settle(() => g.held.size === 2);
      expect(p.stats()).toMatchObject({ alive: 2, busy: 2, queued: 3 });
      // A few turns at a time, each time every running attempt waits at the gate again.
      for (let round = 0; round < 4; round++) {
        g.release();
        await g.settle(() => g.held.size === Math.min(2, requests.length - done));
      }
      g.openUp();
      const got = (await Promise.all(runs)).map(ran);
      expect(g.maxHeld).toBe(2);
      expect(got).toEqual(await expected);
    });

    it('starts waiting attempts in arrival order', async () => {
      const p = await pool(maker.make(setup, 1));
      const order: string[] = [];
      await Promise.all(requests.map((r) => p.run(r).then(() => order.push(r.taskId))));
      expect(order).toEqual(requests.map((r) => r.taskId));
    });

    it('turns a crash into a retryable failure, replaces the subagent, and runs the next attempt', async () => {
      const p = await pool(maker.makeCrashing(setup, 1));
      const crashing = { ...(requests[0] as AttemptRequest), taskId: faults.crash };
      const crashed = await p.run(crashing);
      expect(crashed).toMatchObject({
        ok: false,
        retryable: true,
        error: expect.stringMatching(/^worker crashed: /),
      });
      // Replaced at once, before anything asks for it.
      expect(p.stats()).toMatchObject({ alive: 1, busy: 0, crashes: 1, started: 2, completed: 1 });
      const want = await expected;
      const again = [
        p.run(crashing),
        p.run(requests[1] as AttemptRequest),
        p.run(requests[2] as AttemptRequest),
      ];
      expect((await Promise.all(again)).slice(1).map(ran)).toEqual([want[1], want[2]]);
      expect(p.stats()).toMatchObject({ alive: 1, crashes: 2, started: 3, completed: 4 });
    });

    it('ends a running attempt as aborted at once, and stops its subagent', async () => {
      const g = gate();
      const p = await pool(maker.make(setup, 1, g.name));
      const controller = new AbortController();
      const running = p.run(requests[0] as AttemptRequest, controller.signal);
      await g.settle(() => g.held.size === 1);
      controller.abort('the user stopped it');
      expect(await running).toEqual({
        steps: 1,
        ok: false,
        error: 'aborted: the user stopped it',
        retryable: false,
        usage: { steps: 1, toolCalls: 0, 'gen_ai.usage.input_tokens': 0, 'gen_ai.usage.output_tokens': 0 },
      });
      // The gate was never opened: the next attempt can only start because the aborted one stopped.
      const next = p.run(requests[1] as AttemptRequest);
      await g.settle(() => g.held.size === 1 && g.entered === 2);
      g.openUp();
      expect(ran(await next)).toEqual((await expected)[1]);
    });

    it('ends a waiting attempt as aborted at once, and never runs it', async () => {
      const g = gate();
      const p = await pool(maker.make(setup, 1, g.name));
      const first = p.run(requests[0] as AttemptRequest);
      const controller = new AbortController();
      const waiting = p.run(requests[1] as AttemptRequest, controller.signal);
      await g.settle(() => g.held.size === 1);
      expect(p.stats().queued).toBe(1);
      controller.abort();
      expect(await waiting).toMatchObject({
        ok: false,
        retryable: false,
        error: expect.stringMatching(/^aborted: /),
      });
      expect(p.stats().queued).toBe(0);
      const preAborted = AbortSignal.abort('too late');
      expect(await p.run(requests[2] as AttemptRequest, preAborted)).toMatchObject({
        error: 'aborted: too late',
      });
      g.openUp();
      const want = (await expected)[0] as AttemptOutcome;
      expect(ran(await first)).toEqual(want);
      // One gate entry per model turn: only the first attempt's turns went through.
      expect(g.entered).toBe(want.steps);
    });

    it('stops every subagent on close, ends what ran as aborted, and refuses work after', async () => {
      const g = gate();
      const p = await pool(maker.make(setup, 2, g.name));
      await p.warm();
      expect(p.stats()).toMatchObject({ alive: 2, started: 2, busy: 0 });
      const running = p.run(requests[0] as AttemptRequest);
      await g.settle(() => g.held.size === 1);
      await p.close();
      expect(await running).toMatchObject({ ok: false, error: 'aborted: the subagent pool was closed' });
      expect(p.stats()).toMatchObject({ alive: 0, busy: 0 });
      await expect(p.run(requests[1] as AttemptRequest)).rejects.toThrow(/closed/);
      await expect(p.warm()).rejects.toThrow(/closed/);
    });

    it('gives a whole run the same trace as running its attempts in the driver', async () => {
      const spec = wideSearchSpec();
      const run = setupPlan(wideSearchSetup(36, 5));
      expect(run.tasks).toHaveLength(6);
      const kind = scenarioKinds[spec.kind];
      const options = {
        kind,
        spec,
        instance: kind.generate(spec as never, 5, 36),
        policy: heuristicPolicy,
        profiles: setup.profiles,
        provider: simulatedProviderFor(setup.profiles),
      };
      const alone = await runScenario(options);
      const p = await pool(maker.make(wideSearchSetup(36, 5), 3));
      const pooled = await runScenario({ ...options, executor: p });
      expect(withoutWallClock(pooled.events)).toEqual(withoutWallClock(alone.events));
      expect(encodeTrace(pooled.header, [])).toBe(encodeTrace(alone.header, []));
      expect(pooled.metrics.subtaskFinishRate).toBe(alone.metrics.subtaskFinishRate);
      const attempts = alone.events.filter((e) => e.type === 'task.started').length;
      expect(attempts).toBeGreaterThanOrEqual(6);
      expect(p.stats()).toMatchObject({ completed: attempts, crashes: 0, alive: 3 });
    });
  });
}
