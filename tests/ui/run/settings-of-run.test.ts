import { describe, expect, it } from 'vitest';
import { policyByName } from '../../../src/core/policy/registry';
import { prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import type { TraceHeader } from '../../../src/core/trace/header';
import { loadCatalog } from '../../../src/ui/i18n/catalog';
import { say } from '../../../src/ui/i18n/words';
import { holds, settingsOfRun } from '../../../src/ui/run/settings-of-run';
import { defaultState, readHash, writeHash } from '../../../src/ui/url-state';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const profiles = loadProfiles();

/** The header of a real run: wide search of 12 rows, seed 7, policy critical-path. */
async function header(): Promise<TraceHeader> {
  const run = prepareRun({
    scenario: { type: 'task', spec: loadSpec('wide-search', 'wide-search') },
    seed: 7,
    size: 12,
    plan: 'swarm',
    profiles,
  });
  const result = await runPrepared(run, {
    policy: policyByName('critical-path'),
    provider: simulatedProviderFor(profiles),
  });
  return result.header;
}

describe('the settings a stored run was made with', () => {
  it('are the form settings of the run: scenario, size, seed, policy, provider, and round-trip through a link', async () => {
    const h = await header();
    const s = settingsOfRun(h);
    if (!s.ok) throw new Error(say(s.reason, 'en'));
    expect(s.patch).toMatchObject({
      scenario: 'wide-search',
      size: 12,
      seed: 7,
      policy: 'critical-path',
      provider: 'simulated',
      join: h.join,
      failure: h.failurePolicy,
    });
    expect(s.left).toEqual([]);
    const state = { ...defaultState, ...s.patch };
    const read = readHash(writeHash(state));
    expect(read.problems).toEqual([]);
    expect(read.state).toEqual(state);
    expect(holds(defaultState, s.patch)).toBe(false);
    expect(holds(state, s.patch)).toBe(true);
  });

  it('takes nothing the form would refuse from an imported header, and names it', async () => {
    const h = await header();
    const s = settingsOfRun({
      ...h,
      policy: 'rm -rf /',
      size: 100_000,
      provider: 'openai',
      join: 'whenever' as TraceHeader['join'],
    });
    if (!s.ok) throw new Error(say(s.reason, 'en'));
    expect(s.patch.policy).toBeUndefined();
    expect(s.patch.join).toBeUndefined();
    expect(s.patch.size).toBe(0);
    expect(s.patch.provider).toBe('openai');
    expect(s.left.map((l) => say(l, 'en')).join('; ')).toMatch(/size 100000/);
    expect(s.left.map((l) => say(l, 'en')).join('; ')).toMatch(/policy "rm -rf \/"/);
    expect(s.left.map((l) => say(l, 'en')).join('; ')).toMatch(/join "whenever"/);
    expect(s.left.map((l) => say(l, 'en')).join('; ')).toMatch(/openai model and endpoint/);
  });

  it('says why when the run is not of a gallery scenario', async () => {
    const h = await header();
    const env = settingsOfRun({ ...h, scenario: { id: 'orchestration', kind: 'orchestration' } });
    expect(env.ok).toBe(false);
    if (!env.ok) expect(say(env.reason, 'en')).toMatch(/orchestration environment/);
    const other = settingsOfRun({ ...h, scenario: { id: 'no-such-card', kind: 'task' } });
    expect(other.ok).toBe(false);
    if (!other.ok) expect(say(other.reason, 'en')).toMatch(/"no-such-card" is not one of this page's/);
    // Said in the page's language where shown; the scenario id as it is.
    await Promise.all([loadCatalog('zh'), loadCatalog('ru')]);
    if (!other.ok) expect(say(other.reason, 'ru')).toBe('его сценария "no-such-card" на этой странице нет');
    if (!env.ok) expect(say(env.reason, 'zh')).toMatch(/^它来自编排环境/);
  });
});
