/**
 * The trade-offs of docs/simulator.md bite in every kind of the mix: the orchestrator's merging,
 * briefs and η; crashes below the skill; spawned subagents paid for; the deadline's soft cost. Each
 * is switched off in the data alone (the scenario files or the profiles, nothing in the code), and
 * the same validation instances are run by real fixed settings through the runtime, the simulated
 * provider and the players: with it on, a setting that ignores it earns less in every kind.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../../src/adapters/node/node-sandbox';
import { runBench } from '../../../src/core/bench/run-bench';
import { fixedPolicy } from '../../../src/core/learning/fixed-policy';
import { parseMix } from '../../../src/core/learning/mix';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import type { TaskScenarioSpec } from '../../../src/core/scenarios/registry';
import type { ProfileSpec } from '../../../src/core/scenarios/spec-types';
import { splitSeeds } from '../../../src/core/scenarios/splits';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const parsed = parseMix(readFileSync('scenarios/mix.json', 'utf8'), 'scenarios/mix.json');
if (!parsed.ok) throw new Error(parsed.error);
const mix = parsed.spec;
const KINDS = ['wide-search', 'deep-search', 'mixed-coding', 'write-story', 'rag-qa'] as const;
const files: Record<string, TaskScenarioSpec> = Object.fromEntries(
  KINDS.map((kind) => [kind, loadSpec(kind, kind)]),
);
const profiles = loadProfiles();
// Seed k runs component k mod 5: four instances of each kind, the first of the validation split.
const SEEDS = splitSeeds('validation', 20);
// Crashes below the skill are rare on the short attempts of notes and coding: eight of each kind.
const MORE_SEEDS = splitSeeds('validation', 40);

type Specs = Record<string, TaskScenarioSpec>;
type Profiles = Record<string, ProfileSpec>;

/** Mean reward per kind per setting over the seeds, with these scenario files and profiles. */
async function rewards(
  settings: readonly string[],
  specs: Specs = files,
  own: Profiles = profiles,
  seeds: readonly number[] = SEEDS,
): Promise<Record<string, Record<string, number>>> {
  const report = await runBench({
    scenario: { type: 'mix', mix, specs },
    policies: settings.map((s) => fixedPolicy(s)),
    seeds,
    profiles: own,
    provider: simulatedProviderFor(own),
    ports: { sandbox: nodeSandbox },
  });
  return Object.fromEntries(
    KINDS.map((kind) => {
      const byPolicy = report.components?.[kind] ?? {};
      return [
        kind,
        Object.fromEntries(settings.map((s) => [s, byPolicy[`fixed:${s}`]?.reward.mean ?? Number.NaN])),
      ];
    }),
  );
}

const eachSpec = (change: (spec: TaskScenarioSpec) => TaskScenarioSpec): Specs =>
  Object.fromEntries(Object.entries(files).map(([k, s]) => [k, change(s)]));

/** How much the mechanism costs the setting that loses most to it, per kind (positive: it bites). */
function bite(
  on: Record<string, Record<string, number>>,
  off: Record<string, Record<string, number>>,
  settings: readonly string[],
): Record<string, number> {
  return Object.fromEntries(
    KINDS.map((kind) => [
      kind,
      Math.max(...settings.map((s) => (off[kind]?.[s] as number) - (on[kind]?.[s] as number))),
    ]),
  );
}

// Hundreds of simulated runs a test: CPU work that takes minutes when the 2-core machine is busy;
// the limit guards against a hang, not speed.
describe('trade-offs in every kind of the mix', { timeout: 180_000 }, () => {
  it('every kind has an orchestrator that briefs and merges, and η in its reward', () => {
    for (const kind of KINDS) {
      const spec = files[kind] as TaskScenarioSpec;
      expect(spec.orchestrator, kind).toBeDefined();
      expect(spec.orchestrator?.mergeError, kind).toBeGreaterThan(0);
      expect(spec.orchestrator?.briefTokens, kind).toBeGreaterThan(0);
      expect(spec.orchestrator?.spawnTokens, kind).toBeGreaterThan(0);
      expect(spec.reward?.stepsWeight, kind).toBeGreaterThan(0);
      expect(spec.reward?.deadlineWeight, kind).toBeGreaterThan(0);
    }
    for (const p of Object.values(profiles)) expect(p.simulator.crashRate).toBeGreaterThan(0);
  });

  it('merging, briefs and η: a swarm earns less in every kind than where the orchestrator works for free', async () => {
    const settings = ['all/medium', 'all/large'];
    const on = await rewards(settings);
    const off = await rewards(
      settings,
      eachSpec((s) => {
        const { orchestrator: _, ...free } = s;
        return {
          ...free,
          reward: { ...(s.reward ?? { costWeight: 0 }), stepsWeight: 0 },
        } as TaskScenarioSpec;
      }),
    );
    for (const [kind, b] of Object.entries(bite(on, off, settings))) expect(b, kind).toBeGreaterThan(0.01);
  });

  it('crashes below the skill: single agents and swarms earn less in every kind than where only a task over the skill crashes', async () => {
    const settings = ['single/medium', 'single/large', 'all/small', 'all/medium/cascade'];
    const noCrash = Object.fromEntries(
      Object.entries(profiles).map(([k, p]) => [k, { ...p, simulator: { ...p.simulator, crashRate: 0 } }]),
    );
    const on = await rewards(settings, files, profiles, MORE_SEEDS);
    const off = await rewards(settings, files, noCrash, MORE_SEEDS);
    for (const [kind, b] of Object.entries(bite(on, off, settings))) expect(b, kind).toBeGreaterThan(0.005);
  });

  it('idle spares are paid for: all+spares earns less than all in every kind, and exactly as much when spawns are free', async () => {
    const settings = ['all/medium', 'all+spares/medium'];
    const on = await rewards(settings);
    const free = await rewards(
      settings,
      eachSpec((s) =>
        s.orchestrator
          ? ({ ...s, orchestrator: { ...s.orchestrator, spawnTokens: 0 } } as TaskScenarioSpec)
          : s,
      ),
    );
    for (const kind of KINDS) {
      const paid = on[kind] as Record<string, number>;
      expect(paid['all+spares/medium'], kind).toBeLessThan(paid['all/medium'] as number);
      const gratis = free[kind] as Record<string, number>;
      expect(gratis['all+spares/medium'], kind).toBe(gratis['all/medium']);
    }
  });

  it('the deadline is a soft cost: a run that nears its budget earns less in every kind than under η alone', async () => {
    const settings = ['all/medium', 'single/large', 'one/small', 'half/small'];
    const on = await rewards(settings);
    const off = await rewards(
      settings,
      eachSpec(
        (s) =>
          ({ ...s, reward: { ...(s.reward ?? { costWeight: 0 }), deadlineWeight: 0 } }) as TaskScenarioSpec,
      ),
    );
    for (const [kind, b] of Object.entries(bite(on, off, settings))) expect(b, kind).toBeGreaterThan(0.005);
  });
});
