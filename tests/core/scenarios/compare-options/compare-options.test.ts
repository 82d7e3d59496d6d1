import { describe, expect, it } from 'vitest';
import { heuristicPolicy } from '../../../../src/core/policy/heuristic';
import { peersPolicy } from '../../../../src/core/policy/peers';
import { serialPolicy } from '../../../../src/core/policy/serial';
import type { Policy } from '../../../../src/core/policy/types';
import { runScenario } from '../../../../src/core/run/run';
import { gradeCompare, pairAccuracy, vote } from '../../../../src/core/scenarios/compare-options/grade';
import {
  type CompareInstance,
  exactScores,
  generateCompareOptions,
  rankOf,
  scoreOf,
} from '../../../../src/core/scenarios/compare-options/options';
import {
  consensus,
  peerTaskId,
  planCompareOptions,
} from '../../../../src/core/scenarios/compare-options/plan';
import { formatPosition, parsePosition } from '../../../../src/core/scenarios/compare-options/position';
import { simulatedProviderFor } from '../../../../src/core/scenarios/players';
import { scenarioKinds } from '../../../../src/core/scenarios/registry';
import { encodeTrace, withoutWallClock } from '../../../../src/core/trace/jsonl';
import { loadProfiles, loadSpec } from '../../../support/scenarios';

const profiles = loadProfiles();
const spec = loadSpec('compare-options', 'compare-options');
const kind = scenarioKinds['compare-options'];

const instance = (seed: number, size = 4) => generateCompareOptions(spec, seed, size);

async function run(seed: number, policy: Policy) {
  return runScenario({
    kind,
    spec,
    instance: kind.generate(spec, seed, spec.size.default),
    policy,
    profiles,
    provider: simulatedProviderFor(profiles),
    keepEvents: true,
  });
}

describe('compare-options instances', () => {
  it('is the same request for the same seed, and a close race', () => {
    expect(JSON.stringify(instance(5))).toBe(JSON.stringify(instance(5)));
    expect(JSON.stringify(instance(5))).not.toBe(JSON.stringify(instance(6)));
    const r = instance(5).request;
    expect(r.weights.reduce((a, b) => a + b, 0)).toBe(100);
    const totals = instance(5).ranking.map((o) =>
      exactScores(r)[o]?.reduce((s, x, k) => s + (x * (r.weights[k] as number)) / 100, 0),
    );
    expect((totals[0] as number) - (totals[1] as number)).toBeGreaterThan(0);
  });

  it('refuses a size out of range, naming it', () => {
    expect(() => instance(1, 2)).toThrow(/size \(options\) must be a whole number from 3 to 8, got 2/);
    expect(() => instance(1, 9)).toThrow(/got 9/);
  });

  it('scores 1 at the worst and 10 at the best, whichever way the criterion points', () => {
    expect(scoreOf(100, 100, 200)).toBe(1);
    expect(scoreOf(200, 100, 200)).toBe(10);
    // Less is better: the worst is the highest value.
    expect(scoreOf(100, 200, 100)).toBe(10);
    expect(scoreOf(150, 200, 100)).toBe(6);
  });
});

describe('positions', () => {
  const i = instance(2);
  const r = i.request;

  it('reads back what it writes', () => {
    const text = formatPosition(r, i.scores as number[][]);
    const p = parsePosition(r, text);
    expect(p.scores).toEqual(i.scores);
    expect(p.pick).toBe(i.ranking[0]);
    expect(p.ranking).toEqual(i.ranking);
  });

  it('leaves what it cannot read missing, and never throws', () => {
    const p = parsePosition(
      r,
      `${r.options[0]}: ${r.criteria[0]?.name} 11, nonsense\nPick: Nobody\nRanking: x > y`,
    );
    expect(p.scores[0]?.[0]).toBeUndefined();
    expect(p.pick).toBeUndefined();
    expect(p.ranking).toEqual([]);
  });
});

describe('the grader', () => {
  const i = instance(3);
  const r = i.request;
  const single = planCompareOptions(i, 'single');
  const answers = (text: string) => new Map([['compare', text]]);

  it('gives 1 to the exact answer and 0 to none', async () => {
    expect(gradeCompare(i, single, answers(formatPosition(r, i.scores as number[][])))).toMatchObject({
      itemF1: 1,
      success: true,
      criteria: { pick: 1, ranking: 1, scores: 1 },
    });
    expect(gradeCompare(i, single, new Map())).toMatchObject({ itemF1: 0, success: false });
  });

  it('weighs a wrong pick at 0.6 and the ranking at 0.4', () => {
    const reversed = [...i.ranking].reverse();
    const text = `Pick: ${r.options[reversed[0] as number]}\nRanking: ${reversed.map((o) => r.options[o]).join(' > ')}`;
    const g = gradeCompare(i, single, answers(text));
    expect(g.criteria).toMatchObject({ pick: 0, ranking: 0 });
    expect(g.itemF1).toBe(0);
    expect(pairAccuracy([0, 2, 1], [0, 1, 2])).toBeCloseTo(2 / 3, 12);
  });

  it('takes the peers’ majority, and breaks a tie by the mean weighted total', () => {
    const best = i.ranking[0] as number;
    const second = i.ranking[1] as number;
    const exact = formatPosition(r, i.scores as number[][]);
    const wrong = exact.replace(/^Pick: .*$/m, `Pick: ${r.options[second]}`);
    expect(
      vote(
        r,
        [exact, wrong, wrong].map((t) => parsePosition(r, t)),
      ).pick,
    ).toBe(second);
    // One vote each: the totals (all from the exact scores) favour the best.
    expect(
      vote(
        r,
        [exact, wrong].map((t) => parsePosition(r, t)),
      ).pick,
    ).toBe(best);
  });
});

describe('the plans', () => {
  const i: CompareInstance = { ...instance(4), peers: 3, rounds: 3 };

  it('gives one task to one agent, a judge per option and a decider to a swarm', () => {
    expect(planCompareOptions(i, 'single').tasks.map((t) => t.id)).toEqual(['compare']);
    const swarm = planCompareOptions(i, 'swarm');
    expect(swarm.tasks.map((t) => t.id)).toEqual(['judge-1', 'judge-2', 'judge-3', 'judge-4', 'decide']);
    expect(swarm.tasks.at(-1)?.deps).toEqual(['judge-1', 'judge-2', 'judge-3', 'judge-4']);
  });

  it('gives peers rounds, each waiting for the whole board of the round before', () => {
    const peers = planCompareOptions(i, 'peers');
    expect(peers.tasks).toHaveLength(9);
    const r2 = peers.tasks.find((t) => t.id === peerTaskId(2, 1));
    expect(r2?.deps).toEqual([peerTaskId(1, 0), peerTaskId(1, 1), peerTaskId(1, 2)]);
    expect(peers.tasks.filter((t) => t.deps.length === 0)).toHaveLength(3);
  });

  it('settles a round when every position on the board picks the same option', () => {
    const peers = planCompareOptions(i, 'peers');
    const exact = formatPosition(i.request, i.scores as number[][]);
    const board = new Map([0, 1, 2].map((p) => [peerTaskId(1, p), exact]));
    const next = peers.tasks.find((t) => t.id === peerTaskId(2, 0))?.subtask(board);
    expect(next?.settled).toBe(exact);
    const other = i.ranking[1] as number;
    board.set(peerTaskId(1, 2), exact.replace(/^Pick: .*$/m, `Pick: ${i.request.options[other]}`));
    expect(peers.tasks.find((t) => t.id === peerTaskId(2, 0))?.subtask(board).settled).toBeUndefined();
    expect(consensus(i.request, [{ peer: 'peer-a', text: exact }])).toBe(false);
  });
});

describe('runs', () => {
  it('gives the same trace for the same seed, under every formation', async () => {
    for (const policy of [serialPolicy, heuristicPolicy, peersPolicy()]) {
      const a = await run(3, policy);
      const b = await run(3, policy.name === 'peers' ? peersPolicy() : policy);
      const text = (x: typeof a) => encodeTrace(x.header, withoutWallClock(x.events ?? []));
      expect(text(a)).toBe(text(b));
      expect(a.metrics.quality).toBeGreaterThanOrEqual(0);
      expect(a.metrics.quality).toBeLessThanOrEqual(1);
    }
  });

  it('runs peers with no orchestrator step cost: a round costs its longest turn', async () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { events = [], metrics } = await run(seed, peersPolicy());
      const steps = new Map<number, number>();
      const started = new Map<string, number>();
      for (const e of events) {
        if (e.type === 'task.started') started.set(e.task, e.t);
        if (e.type === 'task.finished') {
          const round = Number(/^r(\d+)-/.exec(e.task)?.[1]);
          steps.set(round, Math.max(steps.get(round) ?? 0, e.t - (started.get(e.task) as number)));
        }
      }
      expect(metrics.criticalSteps).toBe([...steps.values()].reduce((a, b) => a + b, 0));
      expect(metrics.orchestratorSteps).toBeGreaterThan(0);
      expect(metrics.spawnCount).toBe(3);
    }
  });

  it('delivers every communicate() call as an agent.message of its round, before the next round starts', async () => {
    const { events = [] } = await run(1, peersPolicy());
    const calls = events.filter((e) => e.type === 'tool.call' && e.tool === 'communicate' && e.ok);
    const messages = events.filter((e) => e.type === 'agent.message');
    expect(messages.length).toBeGreaterThan(0);
    expect(messages).toHaveLength(calls.length);
    for (const m of messages) {
      if (m.type !== 'agent.message') continue;
      expect(m.from).toMatch(/^peer-[a-c]$/);
      expect(m.to).toBe('all');
      const nextRound = events.find(
        (e) => e.type === 'task.started' && e.task.startsWith(`r${m.round + 1}-`),
      );
      if (nextRound) expect(m.seq).toBeLessThan(nextRound.seq);
    }
  });

  it('beats the single agent on quality over instances, with independent judgements and a vote', async () => {
    let single = 0;
    let peers = 0;
    for (let seed = 1; seed <= 12; seed++) {
      single += (await run(seed, serialPolicy)).metrics.quality;
      peers += (await run(seed, peersPolicy())).metrics.quality;
    }
    expect(peers).toBeGreaterThan(single);
  });

  it('refuses a peers plan for a kind that has none, naming the kind', async () => {
    const story = loadSpec('write-story', 'write-story');
    const storyKind = scenarioKinds['write-story'];
    await expect(
      runScenario({
        kind: storyKind,
        spec: story,
        instance: storyKind.generate(story, 1, story.size.default),
        policy: peersPolicy(),
        profiles,
        provider: simulatedProviderFor(profiles),
      }),
    ).rejects.toThrow(/the write-story scenario has no decentralized \(peers\) plan/);
  });
});

it('ranks by the weighted totals, ties in listed order', () => {
  expect(
    rankOf(
      [
        [5, 5],
        [5, 5],
        [6, 1],
      ],
      [50, 50],
    ),
  ).toEqual([0, 1, 2]);
});
