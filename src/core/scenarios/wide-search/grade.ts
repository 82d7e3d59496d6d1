/**
 * The WideSearch table metric (docs/architecture.md, the method), following ByteDance-Seed/WideSearch
 * `src/evaluation/evaluation.py`, `evaluate_single_query`, step for step:
 *
 * 1. Column names are normalized (`norm_column`); the prediction must have exactly the gold's
 *    columns, or every score is 0 (the Python returns an empty result).
 * 2. Each column's preprocess runs on both tables (`norm_str`, `extract_number`, per the rule);
 *    rows are de-duplicated on the key columns, the first kept; the two are inner-joined on them.
 * 3. A key cell of a joined row scores 1; every other cell scores its column's metric (0 or 1).
 *    A row scores the minimum of its cells.
 * 4. item precision = Σ cell scores / (pred rows × columns), item recall = Σ / (gold rows × columns);
 *    row precision and recall divide Σ row scores by the row counts; F1 = 2PR / (P + R), 0 when
 *    P + R ≤ 1e-9 (`calc_f1`).
 * 5. success: all six of item and row precision, recall and F1 are 1 — or both tables are empty,
 *    which the Python's "sorted tables are equal" check also counts.
 *
 * Where the Python asks a model, we are deterministic (choices marked ★):
 * ★ `llm_judge` cells (rule "judge") are compared as normalized strings.
 * ★ The model that aligns a prediction's key spellings to the gold's (`primary_key_preprocess`,
 *   for key columns whose metric is exact_match or llm_judge) becomes case-insensitive equality.
 * ★ De-duplication uses the normalized keys, as the join does. (The Python de-duplicates the raw
 *   text first, so two spellings of one key both join the gold row and recall can exceed 1.)
 * ★ Cells are compared as written, not through pandas' type inference (which turns 7 into "7.0" in
 *   a numeric column that has a blank); missing cells still read as pandas' "nan".
 */

import {
  cellText,
  dateNear,
  exactMatch,
  extractNumber,
  inMatch,
  normColumn,
  normStr,
  numberNear,
  urlMatch,
} from './normalize';
import type { Table } from './table';

/**
 * How one column is scored; each follows one metric of `metric_utils.py`.
 * - `exact`: `exact_match`, equal ignoring case.
 * - `string`: `norm_str` then `exact_match` (case, spaces and `*` ignored). The default.
 * - `judge`: the official `llm_judge`; without a judge model it is graded as `string`.
 * - `number`: `extract_number` then `number_near`: within a relative `tolerance`
 *   (|pred − gold| ≤ |gold| · tolerance; @default 0, i.e. equal numbers).
 * - `url`: `url_match`, the same set of hosts (scheme, path and query ignored).
 * - `date`: `date_near`, at most 31 days apart.
 * - `contains`: `in_match`, the prediction occurs in the gold cell.
 */
export type ColumnRule =
  | { readonly rule: 'exact' | 'string' | 'judge' | 'url' | 'date' | 'contains' }
  | { readonly rule: 'number'; readonly tolerance?: number };

export type RuleName = ColumnRule['rule'];
export const ruleNames: readonly RuleName[] = [
  'exact',
  'string',
  'judge',
  'number',
  'url',
  'date',
  'contains',
];

export interface GradeOptions {
  /** The columns that identify a row (the official `unique_columns`). */
  readonly keys: readonly string[];
  /** Per-column rules by column name; a column without one is a normalized string. */
  readonly rules?: Readonly<Record<string, ColumnRule>>;
}

export interface TableGrade {
  readonly itemF1: number;
  readonly rowF1: number;
  readonly itemPrecision: number;
  readonly itemRecall: number;
  readonly rowPrecision: number;
  readonly rowRecall: number;
  readonly success: boolean;
  /** Rows after de-duplication on the keys, and how many of them joined. */
  readonly goldRows: number;
  readonly predRows: number;
  readonly matchedRows: number;
  /** Gold columns the prediction lacks, and prediction columns the gold lacks (or repeats). */
  readonly missingColumns: readonly string[];
  readonly extraColumns: readonly string[];
  /**
   * Indices of the prediction's rows the grade read: the first row per key (step 2). A row whose
   * key came before is not graded, so a table shown as graded leaves it out. Empty when the columns
   * do not match (nothing is graded).
   */
  readonly gradedRows: readonly number[];
}

/** A grading request the gold table cannot answer; `subject` says which input is at fault. */
export class GradeConfigError extends Error {
  override readonly name = 'GradeConfigError';
  constructor(
    readonly subject: 'keys' | 'rules' | 'gold',
    message: string,
  ) {
    super(message);
  }
}

/** The official preprocess of a rule. */
function prepare(rule: ColumnRule, cell: string): string {
  if (rule.rule === 'string' || rule.rule === 'judge') return normStr(cell);
  if (rule.rule === 'number') return extractNumber(cell);
  return cell;
}

/** Score of one non-key cell; `metric(response, target)` order as in the Python. */
function cellScore(rule: ColumnRule, pred: string, gold: string): number {
  switch (rule.rule) {
    case 'exact':
    case 'string':
    case 'judge':
      return exactMatch(pred, gold);
    case 'number':
      return numberNear(pred, gold, rule.tolerance ?? 0);
    case 'url':
      return urlMatch(pred, gold);
    case 'date':
      return dateNear(pred, gold);
    case 'contains':
      return inMatch(pred, gold);
  }
}

/** The value a key cell joins on: its preprocessed text, case-folded where a model would align it. */
const joinValue = (rule: ColumnRule, prepared: string): string =>
  rule.rule === 'exact' || rule.rule === 'string' || rule.rule === 'judge'
    ? prepared.toLowerCase()
    : prepared;

const f1 = (p: number, r: number): number => (p + r > 1e-9 ? (2 * p * r) / (p + r) : 0);

const list = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(', ');

/** Scores a predicted table against the gold one with the WideSearch metric (see the top of this file). */
export function gradeTable(gold: Table, pred: Table, options: GradeOptions): TableGrade {
  const columns = gold.columns.map(normColumn);
  const repeated = columns.find((c, i) => columns.indexOf(c) !== i);
  if (repeated !== undefined) throw new GradeConfigError('gold', `column "${repeated}" appears twice`);
  const keys = [...new Set(options.keys.map(normColumn))];
  if (keys.length === 0) throw new GradeConfigError('keys', 'at least one key column is needed');
  for (const key of keys) {
    if (!columns.includes(key)) {
      throw new GradeConfigError(
        'keys',
        `no key column "${key}" in the gold table (columns: ${list(columns)})`,
      );
    }
  }
  const rules = new Map<string, ColumnRule>();
  for (const [name, rule] of Object.entries(options.rules ?? {})) {
    const column = normColumn(name);
    if (!columns.includes(column)) {
      throw new GradeConfigError(
        'rules',
        `a rule for column "${name}", which the gold table does not have (columns: ${list(columns)})`,
      );
    }
    rules.set(column, rule);
  }
  const ruleOf = columns.map((c): ColumnRule => rules.get(c) ?? { rule: 'string' });
  const keyAt = keys.map((k) => columns.indexOf(k));

  const predColumns = pred.columns.map(normColumn);
  const missingColumns = columns.filter((c) => !predColumns.includes(c));
  const extraColumns = predColumns.filter((c, i) => !columns.includes(c) || predColumns.indexOf(c) !== i);

  const dedupe = (rows: readonly (readonly string[])[], at: readonly number[], kept: number[] = []) => {
    const byKey = new Map<string, string[]>();
    rows.forEach((row, r) => {
      const cells = at.map((j, c) => prepare(ruleOf[c]!, cellText(row[j] ?? '')));
      const key = JSON.stringify(keyAt.map((c) => joinValue(ruleOf[c]!, cells[c]!)));
      if (!byKey.has(key)) {
        byKey.set(key, cells);
        kept.push(r);
      }
    });
    return byKey;
  };
  const goldRows = dedupe(
    gold.rows,
    columns.map((_, i) => i),
  );
  if (missingColumns.length > 0 || extraColumns.length > 0) {
    const counts = { goldRows: goldRows.size, predRows: pred.rows.length, matchedRows: 0 };
    return { ...zero, ...counts, missingColumns, extraColumns, gradedRows: [] };
  }
  const gradedRows: number[] = [];
  const predRows = dedupe(
    pred.rows,
    columns.map((c) => predColumns.indexOf(c)),
    gradedRows,
  );

  let items = 0;
  let rowsRight = 0;
  let matchedRows = 0;
  for (const [key, g] of goldRows) {
    const p = predRows.get(key);
    if (!p) continue;
    matchedRows++;
    let rowScore = 1;
    columns.forEach((_, c) => {
      const s = keyAt.includes(c) ? 1 : cellScore(ruleOf[c]!, p[c]!, g[c]!);
      items += s;
      rowScore = Math.min(rowScore, s);
    });
    rowsRight += rowScore;
  }

  const nGold = goldRows.size;
  const nPred = predRows.size;
  const width = columns.length;
  const itemPrecision = nPred > 0 ? items / (nPred * width) : 0;
  const itemRecall = nGold > 0 ? items / (nGold * width) : 0;
  const rowPrecision = nPred > 0 ? rowsRight / nPred : 0;
  const rowRecall = nGold > 0 ? rowsRight / nGold : 0;
  const metrics = {
    itemF1: f1(itemPrecision, itemRecall),
    rowF1: f1(rowPrecision, rowRecall),
    itemPrecision,
    itemRecall,
    rowPrecision,
    rowRecall,
  };
  const success = Object.values(metrics).every((x) => x === 1) || (nGold === 0 && nPred === 0);
  const counts = { goldRows: nGold, predRows: nPred, matchedRows };
  return { ...metrics, success, ...counts, missingColumns, extraColumns, gradedRows };
}

const zero = {
  itemF1: 0,
  rowF1: 0,
  itemPrecision: 0,
  itemRecall: 0,
  rowPrecision: 0,
  rowRecall: 0,
  success: false,
} as const;

/** Rules as read from JSON, or the first problem with the field it is in. */
export type RulesResult =
  | { readonly ok: true; readonly rules: Record<string, ColumnRule> }
  | { readonly ok: false; readonly message: string };

const describe = (x: unknown): string =>
  typeof x === 'string' ? `"${x}"` : (JSON.stringify(x) ?? String(x));
const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Reads `{ "column": "url", "price": { "rule": "number", "tolerance": 0.05 }, … }`: a rule is its
 * name, or an object with `rule` and, for numbers, `tolerance` (a relative tolerance ≥ 0).
 */
export function parseRules(input: unknown): RulesResult {
  const bad = (message: string): RulesResult => ({ ok: false, message });
  if (!isObject(input)) {
    return bad(`the rules must be a JSON object from column names to rules, got ${describe(input)}`);
  }
  // No prototype: a column may be named "__proto__" or "constructor" and is then a plain key.
  const rules: Record<string, ColumnRule> = Object.create(null);
  for (const [column, spec] of Object.entries(input)) {
    const at = `column "${column}"`;
    const fields = isObject(spec) ? spec : { rule: spec };
    if (typeof spec !== 'string' && !isObject(spec)) {
      return bad(`${at}: a rule is a name or an object with "rule", got ${describe(spec)}`);
    }
    const name = fields.rule;
    if (!ruleNames.includes(name as RuleName)) {
      return bad(`${at}: "rule" must be one of ${ruleNames.join(', ')}, got ${describe(name)}`);
    }
    const unknown = Object.keys(fields).find(
      (f) => f !== 'rule' && !(name === 'number' && f === 'tolerance'),
    );
    if (unknown !== undefined) return bad(`${at}: unknown field "${unknown}" for rule "${name}"`);
    const tolerance = fields.tolerance;
    if (tolerance !== undefined && !(typeof tolerance === 'number' && tolerance >= 0)) {
      return bad(`${at}: "tolerance" must be a number ≥ 0 (0.05 for 5%), got ${describe(tolerance)}`);
    }
    rules[column] =
      name === 'number' && typeof tolerance === 'number'
        ? { rule: 'number', tolerance }
        : ({ rule: name } as ColumnRule);
  }
  return { ok: true, rules };
}
