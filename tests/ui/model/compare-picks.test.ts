import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/ui/i18n/catalog';
import { setLocale } from '../../../src/ui/i18n/locale';
import {
  type PickState,
  pickOptions,
  placeRuns,
  progressLine,
  toggled,
} from '../../../src/ui/model/compare-picks';

describe('the compare picker', () => {
  it('offers the built-ins, llm with why it cannot run, the saved policies, then other picks', () => {
    const options = pickOptions({
      builtIns: ['serial', 'heuristic'],
      saved: [{ kind: 'parl', name: 'tiny' }],
      picked: ['heuristic', 'fixed:solo/large', 'bandit:gone', 'parl:tiny'],
      llmProblem: 'llm needs a model',
    });
    expect(options).toEqual([
      { policy: 'serial', label: 'serial (single agent)' },
      { policy: 'heuristic', label: 'heuristic' },
      { policy: 'llm', label: 'llm (a model orchestrates)', unavailable: 'llm needs a model' },
      { policy: 'parl:tiny', label: 'parl: tiny (trained here)' },
      { policy: 'fixed:solo/large', label: 'fixed:solo/large' },
      { policy: 'bandit:gone', label: 'bandit:gone (not in this browser)' },
    ]);
  });

  it('puts a newly ticked policy last and drops an unticked one, the first staying the baseline', () => {
    expect(toggled(['heuristic', 'serial'], 'parl:tiny', true)).toEqual(['heuristic', 'serial', 'parl:tiny']);
    expect(toggled(['heuristic', 'serial'], 'heuristic', false)).toEqual(['serial']);
    expect(toggled(['heuristic'], 'heuristic', true)).toEqual(['heuristic']);
  });

  it('says which run goes, how many wait and how many could not run', () => {
    const picks: PickState[] = [
      { policy: 'heuristic', state: 'done', id: 'a' },
      { policy: 'parl:gone', state: 'failed', message: 'No policy named "gone"' },
      { policy: 'serial', state: 'running' },
      { policy: 'peers', state: 'queued' },
    ];
    expect(progressLine(picks)).toBe('Running 3 of 4: serial (single agent) · 1 queued · 1 could not run');
    expect(
      progressLine(
        picks.map((p) =>
          p.state === 'running' || p.state === 'queued' ? { ...p, state: 'done', id: 'x' } : p,
        ),
      ),
    ).toBe('3 of 4 run · 1 could not run');
  });

  afterEach(() => setLocale('en'));
  it('says its labels and progress in the page language', async () => {
    await loadCatalog('ru');
    await loadCatalog('zh');
    const picks: PickState[] = [
      { policy: 'serial', state: 'running' },
      { policy: 'peers', state: 'queued' },
    ];
    setLocale('ru');
    expect(progressLine(picks)).toBe('Идёт 1 из 2: serial (один агент) · в очереди: 1');
    setLocale('zh');
    expect(progressLine(picks)).toBe('正在运行第 1 个，共 2 个：serial（单个智能体） · 1 个排队中');
    expect(
      pickOptions({
        builtIns: [],
        saved: [{ kind: 'parl', name: 'tiny' }],
        picked: [],
        llmProblem: undefined,
      }).map((o) => o.label),
    ).toEqual(['llm（由模型编排）', 'parl: tiny（在此训练）']);
  });
});

describe('placing runs and messages', () => {
  const run = (policy: string, id: string) => ({ policy, id });
  it('keeps the runs in the link’s order, a failed pick’s message in its place after the pick before it', () => {
    const placed = placeRuns(
      ['parl:gone', 'heuristic', 'llm', 'serial'],
      [run('heuristic', 'h'), run('serial', 's'), run('peers', 'p')],
      (r) => r.policy,
      (policy) => (policy.includes(':') || policy === 'llm' ? `${policy} cannot load` : undefined),
    );
    expect(placed).toEqual([
      { policy: 'parl:gone', message: 'parl:gone cannot load' },
      { policy: 'heuristic', run: run('heuristic', 'h') },
      { policy: 'llm', message: 'llm cannot load' },
      { policy: 'serial', run: run('serial', 's') },
      { policy: 'peers', run: run('peers', 'p') },
    ]);
  });

  it('keeps a swarm compared with a single agent first, whatever the picks say', () => {
    const placed = placeRuns(
      ['heuristic', 'serial'],
      [run('critical-path', 'c'), run('serial', 's')],
      (r) => r.policy,
      () => undefined,
    );
    expect(placed.map((p) => p.policy)).toEqual(['critical-path', 'serial']);
  });

  it('leaves out a pick with neither a run nor a message, and uses each run once', () => {
    const placed = placeRuns(
      ['heuristic', 'serial'],
      [run('heuristic', 'h1'), run('heuristic', 'h2')],
      (r) => r.policy,
      () => undefined,
    );
    expect(placed.map((p) => ('run' in p ? p.run.id : p.message))).toEqual(['h1', 'h2']);
  });
});
