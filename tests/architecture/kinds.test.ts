/**
 * One scenario registry (issue 42): a task scenario kind is one folder and one line in
 * src/core/scenarios/registry.ts. Every other list of kinds is derived from it, and this test
 * derives each one again and compares; the last case fails on a list of kinds written by hand
 * anywhere else in src/, so a new one cannot creep back in.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioSpec } from '../../src/api/catalog';
import { TASK_SCENARIOS } from '../../src/api/types';
import { benchTable } from '../../src/cli/bench-flags';
import type { Flag } from '../../src/cli/flags';
import { runTable } from '../../src/cli/run';
import { workflows } from '../../src/core/router/choice';
import { workflowRoles } from '../../src/core/router/plan';
import { loadPlayers } from '../../src/core/scenarios/players';
import { KIND_IDS, kindOf, scenarioKinds } from '../../src/core/scenarios/registry';
import { parseScenario, taskScenarioKinds } from '../../src/core/scenarios/spec';
import type { PlanMode } from '../../src/core/scenarios/types';
import { catalog, galleryEntries } from '../../src/ui/catalog';
import { qualityMeasure } from '../../src/ui/model/quality';

const root = join(import.meta.dirname, '../..');

describe('the scenario registry', () => {
  it('is where every list of kinds comes from', () => {
    expect(KIND_IDS).toEqual(Object.keys(scenarioKinds));
    expect(TASK_SCENARIOS).toEqual(KIND_IDS);
    expect(taskScenarioKinds).toEqual(KIND_IDS);
    // A request that fits no other workflow is a kind too (general), so the workflows are the kinds.
    expect(workflows).toEqual(KIND_IDS);
    expect(Object.keys(workflowRoles)).toEqual(KIND_IDS);
    // The gallery: one card per kind, from the kind's own file, and the API's catalogue the same file.
    const cards = galleryEntries().map((e) => e.id);
    for (const id of KIND_IDS) {
      expect(cards, id).toContain(id);
      const card = catalog.find((e) => e.id === id);
      expect(card?.type === 'task' ? card.spec : undefined).toEqual(scenarioSpec(id));
    }
    const flagHelp = (flags: readonly Flag[], name: string) => flags.find((f) => f.name === name)?.help;
    for (const id of KIND_IDS) {
      expect(flagHelp(runTable.flags, 'scenario')).toContain(id);
      expect(flagHelp(benchTable.flags, 'size')).toContain(`${kindOf(id)?.unit} (${id})`);
      expect(qualityMeasure(id).name).toBe(kindOf(id)?.quality.name);
    }
  });

  it('has, for each kind, a file its schema reads, a team, and players for every subtask it plans', async () => {
    const players = await loadPlayers();
    for (const id of KIND_IDS) {
      const kind = scenarioKinds[id];
      expect(kind.kind).toBe(id);
      const parsed = parseScenario(JSON.stringify(kind.file), `${id}'s own file`);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.spec.kind).toBe(id);
      expect(parsed.spec.id).toBe(id);
      expect(kind.roles.workers.length).toBeGreaterThan(0);
      const instance = kind.generate(parsed.spec, 1, parsed.spec.size.default);
      const modes: readonly PlanMode[] = kind.formations ?? ['single', 'swarm'];
      for (const mode of modes) {
        for (const task of kind.plan(instance, mode).tasks) {
          const descriptor = task.subtask(new Map()).descriptor as { kind?: string } | undefined;
          expect(players[String(descriptor?.kind)], `${id} ${mode} ${task.id}`).toBeTypeOf('function');
        }
      }
    }
  });

  it('fails on a list of kinds written by hand outside the kinds’ folders', () => {
    // Each of these names kinds on purpose, for the reason given.
    const allowed: Readonly<Record<string, string>> = {
      'src/core/scenarios/registry.ts': 'the registry itself',
      'src/core/learning/task-kinds.ts':
        "the one-hot kinds of a checkpoint's features (features.ts, price-features.ts): part of its format, so a new kind must not change it",
      'src/core/router/rules.ts': 'routing knowledge: which words point to which workflow',
      'src/core/router/rules-zh.ts': 'routing knowledge, in Chinese',
      'src/core/router/rules-ru.ts': 'routing knowledge, in Russian',
      'src/ui/page-settings.ts': "the page's default scenario, a product choice",
      'src/ui/views/gallery.tsx': 'the quick-run card, a product choice',
      'src/ui/views/train-view.tsx': 'the scenario a saved policy runs on by default, a product choice',
    };
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((entry) => {
        const path = join(dir, entry);
        return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(entry) ? [path] : [];
      });
    const kindFolders = new RegExp(`^src/core/scenarios/(${KIND_IDS.join('|')}|writing)/`);
    const found: string[] = [];
    for (const path of walk(join(root, 'src'))) {
      const file = relative(root, path);
      if (kindFolders.test(file) || Object.hasOwn(allowed, file)) continue;
      // Comments may name kinds; code may not.
      const code = readFileSync(path, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1');
      const named = KIND_IDS.filter((id) => new RegExp(`['"\`]${id}['"\`]`).test(code));
      if (named.length > 0) found.push(`${file}: ${named.join(', ')}`);
    }
    expect(found).toEqual([]);
  });

  it('catches a hand-written list: the scan sees one', () => {
    const code = "const mine = ['wide-search', 'deep-search'];";
    expect(KIND_IDS.filter((id) => new RegExp(`['"\`]${id}['"\`]`).test(code))).toEqual([
      'wide-search',
      'deep-search',
    ]);
  });
});
