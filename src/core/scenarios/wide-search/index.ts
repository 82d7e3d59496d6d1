/**
 * The wide-search scenario: fill a table of N entities × M attributes from the offline
 * encyclopedia, graded with the WideSearch metric. The swarm gives each subagent a group of rows
 * (`rowsPerAgent`); the single agent fills the whole table in one context.
 */

import wideSearchFile from '../../../../scenarios/wide-search.json';
import { worldTools } from '../../tools/registry';
import { createRng } from '../../util/rng';
import { generateWorld } from '../../world/generate';
import type { Entity, World } from '../../world/types';
import type { PlanCut } from '../cut';
import type { Plan, PlanMode, PlannedTask, ScenarioInstance, ScenarioKind } from '../types';
import { type ColumnRule, gradeTable } from './grade';
import type { WideRowsDescriptor } from './player';
import type { WideColumnSpec, WideSearchSpec } from './spec';
import { columnProblems, wideSearchSchema } from './spec';
import { markdownTable, parseMarkdownTable, type Table } from './table';
import { voteTables } from './vote';

export interface WideSearchInstance extends ScenarioInstance {
  readonly world: World;
  readonly spec: WideSearchSpec;
  /** The entities of the rows, by name, in table order. */
  readonly names: readonly string[];
  readonly gold: Table;
}

/** Enough entities of the row kind that a table of `size` rows still leaves others as distractors. */
function worldFor(spec: WideSearchSpec, seed: number, size: number): World {
  const counts = { ...spec.world?.counts };
  counts[spec.entity] = Math.max(counts[spec.entity] ?? 0, Math.ceil(size * 1.5), 20);
  return generateWorld({
    seed,
    counts,
    ...(spec.world?.staleShare !== undefined ? { staleShare: spec.world.staleShare } : {}),
    ...(spec.world?.mirrorShare !== undefined ? { mirrorShare: spec.world.mirrorShare } : {}),
  });
}

function cell(entity: Entity, column: WideColumnSpec, byId: ReadonlyMap<string, Entity>): string {
  if (Object.hasOwn(entity.links, column.attr)) {
    return byId.get(entity.links[column.attr] as string)?.name ?? '';
  }
  const value = entity.attrs[column.attr];
  return value === undefined ? '' : String(value);
}

export function generateWideSearch(spec: WideSearchSpec, seed: number, size: number): WideSearchInstance {
  if (!Number.isInteger(size) || size < spec.size.min || size > spec.size.max) {
    throw new RangeError(
      `wide-search size must be a whole number of rows from ${spec.size.min} to ${spec.size.max}, got ${size}`,
    );
  }
  const world = worldFor(spec, seed, size);
  const byId = new Map(world.entities.map((e) => [e.id, e]));
  const pool = world.entities.filter((e) => e.kind === spec.entity);
  // A seeded Fisher–Yates shuffle, then the first `size`: which rows are asked varies with the seed.
  const rng = createRng(`wide-search/${seed}`);
  const order = pool.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const rows = order.slice(0, size).map((i) => pool[i] as Entity);
  const names = rows.map((e) => e.name);
  const header = [spec.key, ...spec.columns.map((c) => c.name)];
  const prompt = [
    `Fill in a table with one row for each of these ${size} ${spec.entity === 'company' ? 'companies' : `${spec.entity} entries`}: ${names.join('; ')}.`,
    `Columns: ${header.join(', ')}. Look each one up in the encyclopedia (search, then open its page);`,
    'answer with one Markdown table with exactly these columns, one row per entry.',
  ].join(' ');
  return {
    scenario: spec.id,
    seed,
    size,
    prompt,
    world,
    spec,
    names,
    gold: { columns: header, rows: rows.map((e) => [e.name, ...spec.columns.map((c) => cell(e, c, byId))]) },
  };
}

function rowsTask(instance: WideSearchInstance, id: string, names: readonly string[]): PlannedTask {
  const { spec } = instance;
  const descriptor: WideRowsDescriptor = {
    kind: 'wide-rows',
    entityKind: spec.entity,
    key: spec.key,
    columns: spec.columns.map((c) => ({ name: c.name, attr: c.attr })),
    names,
  };
  const header = [spec.key, ...spec.columns.map((c) => c.name)];
  return {
    id,
    deps: [],
    // A search and an open per row, one call a turn at worst, and the answer.
    estimatedSteps: 2 * names.length + 1,
    subtask: () => ({
      id,
      prompt: `Fill in a table with one row for each of: ${names.join('; ')}. Columns: ${header.join(', ')}. Answer with one Markdown table.`,
      descriptor,
    }),
  };
}

/** The most rows one shard may hold: a wide search's largest table. */
const MAX_SHARD_ROWS = 64;

export function planWideSearch(instance: WideSearchInstance, mode: PlanMode, cut?: PlanCut): Plan {
  if (mode === 'single') return { mode, tasks: [rowsTask(instance, 'table', instance.names)] };
  // A swarm's shard size, when the policy chose one: rows per subagent (cut.ts).
  const per = cut?.shard ?? instance.spec.rowsPerAgent;
  const groups = Math.ceil(instance.names.length / per);
  const width = String(groups).length;
  const tasks = Array.from({ length: groups }, (_, g) =>
    rowsTask(
      instance,
      `rows-${String(g + 1).padStart(width, '0')}`,
      instance.names.slice(g * per, (g + 1) * per),
    ),
  );
  return { mode, tasks };
}

/**
 * The orchestrator's merge: the rows of every answer whose table has the gold's columns, in plan
 * order, make the predicted table. An answer without a table adds no rows.
 */
export function mergeAnswers(
  instance: WideSearchInstance,
  plan: Plan,
  answers: ReadonlyMap<string, string>,
): Table {
  const columns = instance.gold.columns;
  const norm = (c: string) => c.trim().toLowerCase();
  const rows: string[][] = [];
  for (const task of plan.tasks) {
    const answer = answers.get(task.id);
    if (answer === undefined) continue;
    const parsed = parseMarkdownTable(answer);
    if (!parsed.ok) continue;
    const at = columns.map((c) => parsed.table.columns.findIndex((p) => norm(p) === norm(c)));
    if (at.some((i) => i < 0)) continue;
    for (const row of parsed.table.rows) rows.push(at.map((i) => row[i] ?? ''));
  }
  return { columns, rows };
}

/** How the instance's table is graded: its key column and each column's rule. */
export function gradeOptions(instance: WideSearchInstance) {
  // No prototype: a column named "__proto__" is a plain key, not the object's prototype.
  const rules: Record<string, ColumnRule> = Object.create(null);
  for (const c of instance.spec.columns) {
    const rule = c.rule ?? 'string';
    rules[c.name] =
      rule === 'number'
        ? { rule, ...(c.tolerance !== undefined ? { tolerance: c.tolerance } : {}) }
        : { rule };
  }
  return { keys: [instance.spec.key], rules };
}

/**
 * The one table the run hands back: the merged rows in the gold schema's columns, each entity once
 * (its first row, as the grader reads it). What is shown is what is graded.
 */
export function answerTable(
  instance: WideSearchInstance,
  plan: Plan,
  answers: ReadonlyMap<string, string>,
): Table {
  const merged = mergeAnswers(instance, plan, answers);
  const { gradedRows } = gradeTable(instance.gold, merged, gradeOptions(instance));
  return { columns: merged.columns, rows: gradedRows.map((r) => merged.rows[r] as readonly string[]) };
}

export const wideSearch: ScenarioKind<WideSearchSpec, WideSearchInstance> = {
  kind: 'wide-search',
  players: () => import('./player').then((m) => m.players),
  file: wideSearchFile,
  roles: {
    manager: 'ResearchLead',
    workers: ['Researcher'],
    single: 'Researcher',
    peers: ['Researcher A', 'Researcher B', 'Researcher C'],
  },
  schema: wideSearchSchema,
  check: columnProblems,
  unit: 'rows',
  simulatedMsPerUnit: 0.5,
  quality: { name: 'item-F1', how: () => 'WideSearch item-F1 of the table against the gold cells' },
  generate: generateWideSearch,
  plan: planWideSearch,
  // Rows are the units of work: a shard is a group of them; a shard's replicas vote cell by cell.
  cuts: {
    shard: { default: (spec) => spec.rowsPerAgent, max: MAX_SHARD_ROWS },
    vote: { votes: () => true, vote: voteTables },
  },
  tools: (instance) => worldTools(instance.world),
  async grade(instance, plan, answers) {
    const g = gradeTable(instance.gold, answerTable(instance, plan, answers), gradeOptions(instance));
    return { 'pass@1': g.success ? 1 : 0, itemF1: g.itemF1, rowF1: g.rowF1, success: g.success };
  },
  // No row came through as a table: the answers as they are (final-answer.ts) say what went wrong.
  teamAnswer(instance, plan, answers) {
    const table = answerTable(instance, plan, answers);
    return table.rows.length > 0 ? markdownTable(table) : undefined;
  },
};
