/**
 * A swarm's cut (scenarios/cut.ts): replicas that vote and shards of a chosen size, as plans, as
 * votes, and as what prepareRun accepts and refuses.
 */
import { describe, expect, it } from 'vitest';
import { fixedPolicy, parseSetting } from '../../../src/core/learning/fixed-policy';
import { planChooser } from '../../../src/core/policy/types';
import { prepareRun } from '../../../src/core/run/prepare';
import { runFromSetup } from '../../../src/core/run/subagent-setup';
import { baseTaskId, majority, plainKey, replicate, votedView } from '../../../src/core/scenarios/cut';
import type { Plan, PlannedTask } from '../../../src/core/scenarios/types';
import { parseMarkdownTable } from '../../../src/core/scenarios/wide-search/table';
import { voteTables } from '../../../src/core/scenarios/wide-search/vote';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const profiles = loadProfiles();

const task = (id: string, deps: string[] = []): PlannedTask => ({
  id,
  deps,
  estimatedSteps: 1,
  subtask: (inputs) => ({ id, prompt: `${id} from ${deps.map((d) => inputs.get(d) ?? '-').join(',')}` }),
});

describe('replicas that vote', () => {
  const plan: Plan = { mode: 'swarm', tasks: [task('a'), task('b', ['a']), task('merge', ['b'])] };
  const rule = {
    votes: (t: PlannedTask) => t.id !== 'merge',
    vote: (xs: readonly string[]) => majority(xs, plainKey),
  };
  const replicated = replicate(plan, 3, rule);

  it('run each votable part three times; what depends on a part waits for all its replicas', () => {
    expect(replicated.tasks.map((t) => t.id)).toEqual(['a', 'a~2', 'a~3', 'b', 'b~2', 'b~3', 'merge']);
    expect(replicated.tasks.find((t) => t.id === 'b~2')?.deps).toEqual(['a', 'a~2', 'a~3']);
    expect(replicated.tasks.find((t) => t.id === 'merge')?.deps).toEqual(['b', 'b~2', 'b~3']);
    expect(replicated.tasks.map((t) => baseTaskId(t.id))).toEqual(['a', 'a', 'a', 'b', 'b', 'b', 'merge']);
  });

  it('build a dependent from the vote, and give each replica its own subtask id (its own draws)', () => {
    const inputs = new Map([
      ['a', 'Paris'],
      ['a~2', 'paris '],
      ['a~3', 'Lyon'],
    ]);
    const b3 = replicated.tasks.find((t) => t.id === 'b~3') as PlannedTask;
    expect(b3.subtask(inputs)).toMatchObject({ id: 'b~3', prompt: 'b from Paris' });
  });

  it('hand the grader the kind’s own plan, one voted answer per part; a part with no answer is absent', () => {
    const { plan: graded, answers } = votedView(
      replicated,
      new Map([
        ['a~2', 'x'],
        ['a~3', 'y'],
        ['merge', 'done'],
      ]),
    );
    expect(graded).toBe(plan);
    expect([...answers]).toEqual([
      ['merge', 'done'],
      ['a', 'x'],
    ]);
  });

  it('break a tie in favour of the answer given first', () => {
    expect(majority(['b', 'a', 'a', 'b'], plainKey)).toBe('b');
    expect(majority(['b', 'a', 'a'], plainKey)).toBe('a');
  });

  it('vote a wide-search shard cell by cell: three tables, each wrong in a different cell, make a right one', () => {
    const table = (rows: string[][]) =>
      ['| Name | Born | City |', '| --- | --- | --- |', ...rows.map((r) => `| ${r.join(' | ')} |`)].join(
        '\n',
      );
    const right = [
      ['Ada', '1815', 'London'],
      ['Alan', '1912', 'Maida Vale'],
    ];
    const wrongAt = (r: number, c: number) =>
      right.map((row, i) => row.map((v, j) => (i === r && j === c ? 'wrong' : v)));
    const voted = voteTables([table(wrongAt(0, 1)), table(wrongAt(1, 2)), table(wrongAt(0, 2))]);
    const parsed = parseMarkdownTable(voted);
    expect(parsed.ok && parsed.table).toEqual({ columns: ['Name', 'Born', 'City'], rows: right });
  });
});

describe('a cut in a real run', () => {
  const deep = loadSpec('deep-search', 'deep-search');
  const wide = loadSpec('wide-search', 'wide-search');

  it('a fixed setting with vote3 runs each hop three times, and a subagent rebuilds the same plan from the setup', () => {
    const run = prepareRun({
      scenario: { type: 'task', spec: deep },
      seed: 4,
      size: 3,
      plan: planChooser(fixedPolicy('all/small/vote3')),
      profiles,
    });
    const plain = prepareRun({
      scenario: { type: 'task', spec: deep },
      seed: 4,
      size: 3,
      plan: 'swarm',
      profiles,
    });
    expect(run.type === 'task' && run.cut).toEqual({ replicas: 3 });
    expect(run.graph.n).toBe(3 * plain.graph.n);
    if (run.type !== 'task') throw new Error('a task run');
    expect(runFromSetup(run.setup).plan.tasks.map((t) => t.id)).toEqual(run.plan.tasks.map((t) => t.id));
  });

  it('a shard size sets how many rows one wide-search subagent fills', () => {
    const tasks = (shard: number) =>
      prepareRun({
        scenario: { type: 'task', spec: wide },
        seed: 2,
        size: 24,
        plan: { mode: 'swarm', shard },
        profiles,
      }).graph.n;
    expect([tasks(1), tasks(3), tasks(12), tasks(24)]).toEqual([24, 8, 2, 1]);
  });

  it('refuses, in words, a cut the kind or the plan does not allow', () => {
    const prepare = (spec: typeof deep | typeof wide, plan: Parameters<typeof prepareRun>[0]['plan']) => () =>
      prepareRun({ scenario: { type: 'task', spec }, seed: 1, plan, profiles });
    expect(prepare(deep, { mode: 'swarm', shard: 2 })).toThrow('a deep-search task is not cut into shards');
    expect(prepare(wide, { mode: 'swarm', shard: 0 })).toThrow(
      'shard must be a whole number of units from 1 to 64, got 0',
    );
    expect(prepare(wide, { mode: 'swarm', replicas: 9 })).toThrow(
      'replicas must be a whole number from 1 to 5, got 9',
    );
    expect(prepare(wide, { mode: 'single', replicas: 3 })).toThrow('a single run is not cut');
    const coding = loadSpec('mixed-coding', 'mixed-coding');
    expect(() =>
      prepareRun({
        scenario: { type: 'task', spec: coding },
        seed: 1,
        plan: { mode: 'swarm', replicas: 3 },
        profiles,
      }),
    ).toThrow("a mixed-coding task's answers cannot vote");
  });

  it('fixed settings name a cut, parse it back, and refuse a bad one naming the form', () => {
    expect(parseSetting('all/small/escalate/vote3')).toEqual({
      width: 'all',
      profile: 'small',
      retry: 'escalate',
      replicas: 3,
    });
    expect(parseSetting('all/large/shard4')).toEqual({ width: 'all', profile: 'large', shard: 4 });
    expect(() => parseSetting('all/large/vote9')).toThrow('vote9 must have 1 to 5 replicas');
    expect(() => parseSetting('single/large/vote3')).toThrow('a single agent is not cut');
    expect(() => parseSetting('all/large/vote3/vote5')).toThrow('"vote5" is not a retry');
    expect(() => parseSetting('all/large/twice')).toThrow(
      'the form is WIDTH/PROFILE[/RETRY|/cascade[+STEP…]][/voteN][/shardN]',
    );
    // Where the kind's answers cannot vote, the setting runs its own plan.
    const coding = loadSpec('mixed-coding', 'mixed-coding');
    const run = prepareRun({
      scenario: { type: 'task', spec: coding },
      seed: 1,
      plan: planChooser(fixedPolicy('all/small/vote3')),
      profiles,
    });
    expect(run.type === 'task' && run.cut).toBeUndefined();
  });
});
