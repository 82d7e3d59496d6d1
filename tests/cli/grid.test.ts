import { describe, expect, it } from 'vitest';
import { splitSeeds } from '../../src/core/scenarios/splits';
import { runCli } from '../support/cli';

describe('swarm grid', () => {
  it('runs every fixed setting on a split and names the best, overall and per kind, for bench to run', async () => {
    const r = await runCli(['grid', '--scenario', 'mix', '--split', 'validation', '--seeds', '6', '--json']);
    expect(r.code).toBe(0);
    const g = JSON.parse(r.stdout);
    expect(g.split).toBe('validation');
    // Solo on each of the 3 profiles, then 5 widths × 3 profiles, then the 3 cuts × 3 profiles,
    // then each of those 27 with the deadline-aware cascade; each with its reward per instance.
    expect(g.settings).toHaveLength(54);
    const named = (re: RegExp) => g.settings.filter((s: { setting: string }) => re.test(s.setting));
    expect(named(/^all\/[a-z]+\/(vote3|shard2|shard12)$/)).toHaveLength(9);
    expect(named(/^single\/[a-z]+$/)).toHaveLength(3);
    expect(named(/\/cascade(\/|$)/)).toHaveLength(27);
    expect(named(/^all\/medium\/cascade$/)).toHaveLength(1);
    for (const s of g.settings) expect(s.values).toHaveLength(6);
    expect(g.shape.singleBest + g.shape.swarmBest).toBe(6);
    // Sorted best first, and the best is the first row.
    const rewards = g.settings.map((s: { reward: number }) => s.reward);
    expect(rewards).toEqual([...rewards].sort((a: number, b: number) => b - a));
    expect(g.best).toBe(g.settings[0].setting);
    // Spares that change nothing never win a tie against the same setting without them.
    expect(g.best).not.toMatch(/spares/);
    // The kinds of the 6 instances drawn (validation seeds, each on component seed mod 5).
    const kinds = ['wide-search', 'deep-search', 'mixed-coding', 'write-story', 'rag-qa'];
    const drawn = [...new Set(splitSeeds('validation', 6).map((seed) => kinds[seed % 5]))].sort();
    expect(Object.keys(g.perKind).sort()).toEqual(drawn);
    // The best cascade setting per kind: a cascade for every kind drawn, the best of them by reward.
    expect(Object.keys(g.perKindCascade).sort()).toEqual(drawn);
    for (const { best } of Object.values(g.perKindCascade) as { best: string }[])
      expect(best).toMatch(/\/cascade/);
    expect(g.bestCascade).toBe(named(/\/cascade(\/|$)/)[0].setting);
    // What it names, bench runs.
    const b = await runCli([
      'bench',
      '--scenario',
      'mix',
      '--policies',
      `heuristic,fixed:${g.best},${g.perKindPolicy},${g.perKindCascadePolicy}`,
      '--seeds',
      '6',
      '--split',
      'validation',
      '--json',
    ]);
    expect(b.code).toBe(0);
    const report = JSON.parse(b.stdout);
    expect(report.policies[`fixed:${g.best}`].reward.mean).toBeCloseTo(g.bestReward, 12);
    expect(report.policies[g.perKindCascadePolicy].reward.values).toHaveLength(6);
  }, 120_000);

  it('refuses a setting that names an unknown width or profile, saying what is accepted', async () => {
    for (const [policy, message] of [
      ['fixed:most/large', /unknown width "most" \(known: single, one, quarter, half, all, all\+spares\)/],
      ['fixed:all/huge', /unknown profile "huge" \(known: small, medium, large\)/],
      ['fixed:all', /is not WIDTH\/PROFILE/],
      [
        'fixed:write-story=all/medium/cascade+retry+wait',
        /unknown cascade step "wait" in "cascade\+retry\+wait" \(accepted steps: retry, escalate, degrade;/,
      ],
    ] as const) {
      const r = await runCli(['bench', '--scenario', 'mix', '--policies', policy, '--seeds', '1']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    const split = await runCli(['grid', '--scenario', 'mix', '--split', 'holdout', '--seeds', '1']);
    expect(split.code).toBe(2);
  });
});
