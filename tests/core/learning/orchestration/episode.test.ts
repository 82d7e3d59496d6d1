import { describe, expect, it } from 'vitest';
import {
  allSettings,
  fixedOrchestrator,
  parseSetting,
  settingName,
} from '../../../../src/core/learning/orchestration/decisions';
import { playInstance } from '../../../../src/core/learning/orchestration/episode';
import { drawInstance } from '../../../../src/core/learning/orchestration/instance';
import { mainStart, price } from '../../../../src/core/learning/orchestration/model';
import { defaultEnvParams as params } from '../../../../src/core/learning/orchestration/params';
import { orchestrationReward } from '../../../../src/core/learning/orchestration/reward';
import { splitSeeds } from '../../../../src/core/scenarios/splits';

const play = (seed: number, setting: string) =>
  playInstance(params, drawInstance(params, seed), fixedOrchestrator(parseSetting(setting)));

describe('the orchestration environment', () => {
  const seeds = splitSeeds('validation', 60);

  it('is deterministic: an instance and a policy give the same episode every time', () => {
    for (const seed of seeds.slice(0, 10)) {
      expect(play(seed, 'spawn/2/3/medium/escalate')).toEqual(play(seed, 'spawn/2/3/medium/escalate'));
    }
  });

  it('runs solo as one agent: no subagent, and its critical steps are every turn of the work', () => {
    for (const seed of seeds.slice(0, 20)) {
      const inst = drawInstance(params, seed);
      const r = play(seed, 'solo/medium');
      expect(r.spawned).toBe(0);
      expect(r.solo).toBe(true);
      if (!r.overflow) {
        const turns = inst.cue.length * params.kinds[inst.kind].turnsPerUnit;
        expect(r.criticalSteps).toBeCloseTo(turns * params.profiles[params.main.profile].turnSteps, 9);
      }
    }
  });

  it('gives no quality to a result past the budget, and keeps quality a share of units', () => {
    let late = 0;
    for (const seed of seeds) {
      for (const s of ['solo/medium', 'spawn/1/3/large/retry', 'spawn/16/1/small/retry']) {
        const r = play(seed, s);
        expect(r.quality).toBeGreaterThanOrEqual(0);
        expect(r.quality).toBeLessThanOrEqual(1);
        if (!r.withinBudget) {
          late++;
          expect(r.quality).toBe(0);
        }
      }
    }
    expect(late).toBeGreaterThan(0);
  });

  it('charges for spares: more spawned, none of them contributing, and a higher cost', () => {
    for (const seed of seeds.slice(0, 20)) {
      const bare = play(seed, 'spawn/4/1/medium/retry');
      const spared = play(seed, 'spawn/4/1/medium/retry/spares-all');
      expect(spared.spawned).toBeGreaterThan(bare.spawned);
      expect(spared.contributed).toBe(bare.contributed);
      expect(spared.cost).toBeGreaterThan(bare.cost);
    }
  });

  it('prices a spare at its create call only: no brief, no turns while it idles', () => {
    for (const seed of seeds.slice(0, 20)) {
      const inst = drawInstance(params, seed);
      const bare = play(seed, 'spawn/4/1/medium/retry');
      const spared = play(seed, 'spawn/4/1/medium/retry/spares-all');
      // The first step writes the spares' create calls, in the orchestrator's starting context.
      const working = Math.min(Math.ceil(inst.cue.length / 4), params.maxSubagents);
      const spares = Math.min(params.maxSubagents - working, working);
      const call = price(
        params,
        params.main.profile,
        mainStart(params, inst.cue.length) * params.main.perSpare * spares,
      );
      expect(spared.cost - bare.cost).toBeCloseTo(call, 9);
      expect(spared.criticalSteps - bare.criticalSteps).toBeCloseTo(params.main.perSpare * spares, 9);
    }
  });

  it('retries a crash on the subagent that crashed; an escalation needs a new one', () => {
    let retried = 0;
    for (const seed of seeds) {
      const n = drawInstance(params, seed).cue.length;
      const retry = play(seed, 'spawn/1/1/small/retry');
      // One subagent per unit, however many times it is tried (a unit always fits a window).
      expect(retry.spawned).toBe(n);
      if (retry.attempts > n) retried++;
      const escalate = play(seed, 'spawn/1/1/small/escalate');
      expect(escalate.spawned).toBe(escalate.attempts);
    }
    expect(retried).toBeGreaterThan(0);
  });

  it('counts agreeing replicas as duplicates, so r_finish falls when replicas add nothing', () => {
    let lower = 0;
    for (const seed of seeds) {
      const one = play(seed, 'spawn/2/1/large/degrade');
      const three = play(seed, 'spawn/2/3/large/degrade');
      expect(three.contributed).toBeLessThanOrEqual(three.spawned);
      const f1 = orchestrationReward(params, one, 0, 0).finish;
      const f3 = orchestrationReward(params, three, 0, 0).finish;
      if (f3 < f1) lower++;
    }
    expect(lower).toBeGreaterThan(seeds.length / 2);
  });

  it('queues work beyond the concurrency limit: one unit per subagent gets slower as units outnumber engines', () => {
    const few = seeds.map((s) => drawInstance(params, s)).filter((i) => i.cue.length >= 4 * i.engines);
    expect(few.length).toBeGreaterThan(0);
    for (const inst of few) {
      const wide = playInstance(params, inst, fixedOrchestrator(parseSetting('spawn/1/1/medium/degrade')));
      // With no queue, the wave would take one unit's turns; queued, it takes several rounds.
      expect(wide.criticalSteps).toBeGreaterThan(params.kinds[inst.kind].turnsPerUnit * 2);
    }
  });

  it('draws test instances from wider ranges than training ever sees', () => {
    const test = splitSeeds('test', 400).map((s) => drawInstance(params, s));
    const train = splitSeeds('train', 2000).map((s) => drawInstance(params, s));
    const maxUnits = (xs: typeof test) =>
      Math.max(...xs.filter((i) => i.kind === 'wide-search').map((i) => i.cue.length));
    expect(maxUnits(train)).toBeLessThanOrEqual(params.kinds['wide-search'].units[1]);
    expect(maxUnits(test)).toBeGreaterThan(params.kinds['wide-search'].units[1]);
    expect(Math.min(...test.map((i) => i.engines))).toBeLessThan(params.engines[0]);
  });
});

describe('fixed settings', () => {
  it('read back every name they print', () => {
    for (const s of allSettings()) expect(parseSetting(settingName(s))).toEqual(s);
    expect(settingName(parseSetting('spawn/4/3/small/escalate/spares-half'))).toBe(
      'spawn/4/3/small/escalate/spares-half',
    );
  });

  it('refuse an unknown action or value, naming the part and what is accepted', () => {
    expect(() => parseSetting('spawn/3/1/medium/retry')).toThrow(/shard "3" is not one of 1, 2, 4, 8, 16/);
    expect(() => parseSetting('spawn/2/1/huge/retry')).toThrow(
      /profile "huge" is not one of small, medium, large/,
    );
    expect(() => parseSetting('swarm/2')).toThrow(/mode "swarm" is not one of solo, spawn/);
    expect(() => parseSetting('spawn/2/1/medium/pray')).toThrow(/recovery "pray"/);
    expect(() => parseSetting('solo')).toThrow(/expected solo\/PROFILE/);
  });
});
