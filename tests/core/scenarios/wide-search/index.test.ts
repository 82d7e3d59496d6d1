import { describe, expect, it } from 'vitest';
import { contextDiscardAll } from '../../../../src/core/agents/context/discard-all';
import { contextHideToolResult } from '../../../../src/core/agents/context/hide-tool-result';
import { contextKeepAll } from '../../../../src/core/agents/context/keep-all';
import type { ContextStrategy } from '../../../../src/core/agents/context/types';
import { runAgent } from '../../../../src/core/agents/loop';
import { loadPlayers } from '../../../../src/core/scenarios/players';
import type { Plan } from '../../../../src/core/scenarios/types';
import {
  generateWideSearch,
  mergeAnswers,
  planWideSearch,
  wideSearch,
} from '../../../../src/core/scenarios/wide-search';
import { parseMarkdownTable } from '../../../../src/core/scenarios/wide-search/table';
import { playerProvider } from '../../../support/player-provider';
import { loadSpec } from '../../../support/scenarios';

const spec = loadSpec('wide-search', 'wide-search');

async function solve(size: number, seed: number, strategy: ContextStrategy, errorRate = 0, maxSteps = 100) {
  const instance = generateWideSearch(spec, seed, size);
  const plan = planWideSearch(instance, 'single');
  const task = plan.tasks[0] as Plan['tasks'][number];
  const result = await runAgent({
    provider: playerProvider(await loadPlayers(), { errorRate, callsPerTurn: 2 }),
    profile: { name: 'medium', model: 'test', systemPrompt: 'Fill the table.', allowed: ['search', 'open'] },
    subtask: task.subtask(new Map()),
    tools: wideSearch.tools(instance, {}),
    strategy,
    limits: { maxSteps },
  });
  const answers = new Map(result.answer === undefined ? [] : [[task.id, result.answer]]);
  return { instance, plan, result, grade: await wideSearch.grade(instance, plan, answers, {}) };
}

describe('wide-search instances', () => {
  it('are the same for the same seed and size, and differ across seeds', () => {
    expect(JSON.stringify(generateWideSearch(spec, 3, 12))).toBe(
      JSON.stringify(generateWideSearch(spec, 3, 12)),
    );
    expect(generateWideSearch(spec, 4, 12).names).not.toEqual(generateWideSearch(spec, 3, 12).names);
  });

  it('hold a gold table whose cells are the entities’ attributes and linked names', () => {
    const instance = generateWideSearch(spec, 1, 10);
    expect(instance.gold.columns).toEqual([
      'company',
      'founded',
      'industry',
      'employees',
      'headquarters',
      'website',
    ]);
    expect(instance.gold.rows).toHaveLength(10);
    const byName = new Map(instance.world.entities.map((e) => [e.name, e]));
    const byId = new Map(instance.world.entities.map((e) => [e.id, e]));
    for (const [name, founded, industry, employees, hq, website] of instance.gold.rows) {
      const e = byName.get(name as string);
      expect(e?.kind).toBe('company');
      expect([founded, industry, employees, website]).toEqual([
        String(e?.attrs.founded),
        e?.attrs.industry,
        String(e?.attrs.employees),
        e?.attrs.website,
      ]);
      expect(hq).toBe(byId.get(e?.links.headquarters as string)?.name);
    }
    expect(new Set(instance.names).size).toBe(10);
  });

  it('refuse a size outside the file’s bounds', () => {
    expect(() => generateWideSearch(spec, 1, 9)).toThrow(/from 10 to 200, got 9/);
    expect(() => generateWideSearch(spec, 1, 201)).toThrow(RangeError);
    // The largest table still finds enough companies (the world grows with it).
    expect(generateWideSearch(spec, 1, 200).names).toHaveLength(200);
  });
});

describe('wide-search plans', () => {
  it('give the single agent every row and the swarm groups of rowsPerAgent', () => {
    const instance = generateWideSearch(spec, 1, 20);
    const single = planWideSearch(instance, 'single');
    expect(single.tasks.map((t) => t.id)).toEqual(['table']);
    const swarm = planWideSearch(instance, 'swarm');
    expect(swarm.tasks.map((t) => t.id)).toEqual(['rows-1', 'rows-2', 'rows-3', 'rows-4']);
    const rows = swarm.tasks.map(
      (t) => (t.subtask(new Map()).descriptor as { names: string[] }).names.length,
    );
    expect(rows).toEqual([6, 6, 6, 2]);
    expect(swarm.tasks.every((t) => t.deps.length === 0)).toBe(true);
  });
});

describe('the wide-rows player through the agent loop', () => {
  it('fills the table exactly with no errors, keeping all context or hiding old tool output', async () => {
    for (const strategy of [contextKeepAll(), contextHideToolResult()]) {
      const { result, grade } = await solve(10, 2, strategy);
      expect(result.stop).toBe('answer');
      // Two calls a turn: a search and an open per row, so one turn per row and the answer.
      expect(result.steps).toBe(11);
      expect(grade).toEqual({ 'pass@1': 1, itemF1: 1, rowF1: 1, success: true });
    }
  });

  it('copies cells wrong at its error rate', async () => {
    const { grade } = await solve(10, 2, contextHideToolResult(), 1);
    // Every non-key cell is misread (or taken from a stale page): only the key column scores.
    expect(grade.success).toBe(false);
    expect(grade.itemF1).toBeCloseTo(1 / 6, 5);
    expect(grade.rowF1).toBe(0);
  });

  it('loses its notes when the history is discarded, and redoes rows until the step limit', async () => {
    const { result } = await solve(30, 2, contextDiscardAll({ maxTokens: 600 }), 0, 60);
    expect(result.stop).toBe('step-limit');
  });
});

describe('merging the subagents’ answers', () => {
  it('keeps the rows of every table with the gold columns and drops answers that are not one', async () => {
    const instance = generateWideSearch(spec, 1, 12);
    const plan = planWideSearch(instance, 'swarm');
    const header =
      '| company | founded | industry | employees | headquarters | website |\n|---|---|---|---|---|---|';
    const line = (r: readonly string[]) => `| ${r.join(' | ')} |`;
    const answers = new Map([
      ['rows-1', `Here you go:\n\n${header}\n${instance.gold.rows.slice(0, 6).map(line).join('\n')}`],
      ['rows-2', 'I could not find them.'],
    ]);
    const merged = mergeAnswers(instance, plan, answers);
    expect(merged.rows).toEqual(instance.gold.rows.slice(0, 6));
    const grade = await wideSearch.grade(instance, plan, answers, {});
    // Half the gold rows, all right: precision 1, recall 1/2.
    expect(grade.itemF1).toBeCloseTo(2 / 3, 10);
    expect(grade.rowF1).toBeCloseTo(2 / 3, 10);
    expect(grade.success).toBe(false);
    // Columns in another order still merge under the gold header.
    const shuffled = '| website | company | founded | industry | employees | headquarters |\n|-|-|-|-|-|-|';
    const row = instance.gold.rows[6] as readonly string[];
    const moved = mergeAnswers(
      instance,
      plan,
      new Map([['rows-2', `${shuffled}\n${line([row[5] as string, ...row.slice(0, 5)])}`]]),
    );
    expect(moved.rows).toEqual([row]);
    expect(parseMarkdownTable('no table').ok).toBe(false);
  });
});
