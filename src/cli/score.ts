import { GradeConfigError, gradeTable, parseRules, ruleNames } from '../core/scenarios/wide-search/grade';
import { parseCsv, parseMarkdownTable, type TableResult } from '../core/scenarios/wide-search/table';
import { UsageError } from './errors';
import { defineCommand, helpText, parseFlags } from './flags';
import { readInputFile } from './input-file';

export const scoreTable = defineCommand({
  name: 'score',
  usage: ['score --gold GOLD.csv --pred PRED.md --keys a,b [--rules FILE.json] [--json]'],
  about:
    'Scores the first Markdown table in PRED.md against the gold CSV with the WideSearch metric (ByteDance-Seed/WideSearch evaluation): rows de-duplicated and joined on the key columns, a row scores the minimum of its cells; item and row precision, recall and F1, and success.',
  flags: [
    {
      name: 'gold',
      type: 'string',
      value: 'FILE.csv',
      required: true,
      help: 'the gold table (RFC 4180 CSV, header row first)',
    },
    {
      name: 'pred',
      type: 'string',
      value: 'FILE.md',
      required: true,
      help: "a model's answer holding a Markdown table (prose around it is ignored)",
    },
    { name: 'keys', type: 'string', value: 'a,b', required: true, help: 'the columns that identify a row' },
    {
      name: 'rules',
      type: 'string',
      value: 'FILE.json',
      help: `per-column rules, e.g. {"price": {"rule": "number", "tolerance": 0.05}, "site": "url"}; rules: ${ruleNames.join(', ')} (judge, the official LLM judge, is graded as a normalized string); a column without a rule is a normalized string`,
    },
    { name: 'json', type: 'boolean', help: 'print one JSON document' },
  ],
});

export const scoreHelp = helpText(scoreTable);

const readText = (file: string, what: string): string => readInputFile(file, what);

function tableOrThrow(file: string, result: TableResult) {
  if (!result.ok) throw new UsageError(`${file}: ${result.message}`);
  return result.table;
}

function readRules(file: string) {
  let json: unknown;
  try {
    json = JSON.parse(readText(file, 'rules file'));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${file}: not valid JSON: ${(error as Error).message}`);
  }
  const result = parseRules(json);
  if (!result.ok) throw new UsageError(`${file}: ${result.message}`);
  return result.rules;
}

/** One line of the text table: label, precision, recall, F1 in aligned columns. */
const tableLine = (label: string, ...cells: (string | number)[]) =>
  label.padEnd(8) +
  cells
    .map((c) => (typeof c === 'number' ? c.toFixed(3) : c).padEnd(11))
    .join('')
    .trimEnd();

export function score(argv: string[], out: (text: string) => void): void {
  const flags = parseFlags(scoreTable, argv);
  const values = {
    gold: flags.gold,
    pred: flags.pred,
    keys: flags.keys,
    rules: flags.rules,
    json: flags.json === true,
  };
  const keys = values.keys
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
  if (keys.length === 0) throw new UsageError(`--keys must name at least one column, got "${values.keys}"`);

  const gold = tableOrThrow(values.gold, parseCsv(readText(values.gold, 'gold table')));
  const pred = tableOrThrow(values.pred, parseMarkdownTable(readText(values.pred, 'prediction')));
  const rules = values.rules === undefined ? {} : readRules(values.rules);

  const grade = (() => {
    try {
      return gradeTable(gold, pred, { keys, rules });
    } catch (error) {
      if (!(error instanceof GradeConfigError)) throw error;
      const file = error.subject === 'rules' ? values.rules : values.gold;
      throw new UsageError(`${file}: ${error.subject === 'keys' ? '--keys: ' : ''}${error.message}`);
    }
  })();

  if (values.json) {
    out(JSON.stringify(grade));
    return;
  }
  const lines = [
    `${values.pred} against ${values.gold} · keys ${keys.join(', ')}`,
    `gold rows ${grade.goldRows} · predicted rows ${grade.predRows} · matched on keys ${grade.matchedRows}`,
  ];
  if (grade.missingColumns.length > 0 || grade.extraColumns.length > 0) {
    const missing = grade.missingColumns.length > 0 ? ` missing ${grade.missingColumns.join(', ')};` : '';
    const extra = grade.extraColumns.length > 0 ? ` extra ${grade.extraColumns.join(', ')};` : '';
    lines.push(`columns differ from the gold:${missing}${extra} WideSearch scores such a table 0`);
  }
  lines.push(
    '',
    tableLine('', 'precision', 'recall', 'F1'),
    tableLine('item', grade.itemPrecision, grade.itemRecall, grade.itemF1),
    tableLine('row', grade.rowPrecision, grade.rowRecall, grade.rowF1),
    '',
    `success ${grade.success ? 'yes' : 'no'}`,
  );
  out(lines.join('\n'));
}
