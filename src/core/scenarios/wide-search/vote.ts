/**
 * How the replicas of one shard of rows vote (scenarios/cut.ts): cell by cell. A whole table
 * rarely matches another word for word when one cell differs, so each row (by its key, the first
 * column) takes, in each column, the value most replicas wrote; a row only some replicas found is
 * kept from those. Replicas whose answer is no table, or a table of other columns, do not vote.
 */
import { majority, plainKey } from '../cut';
import { markdownTable, parseMarkdownTable, type Table } from './table';

export function voteTables(answers: readonly string[]): string {
  const tables: Table[] = [];
  for (const a of answers) {
    const parsed = parseMarkdownTable(a);
    if (parsed.ok) tables.push(parsed.table);
  }
  const first = tables[0];
  if (!first) return answers[0] ?? '';
  const columns = first.columns;
  const names = columns.map(plainKey);
  const rowsByKey = new Map<string, string[][]>();
  for (const t of tables) {
    const at = names.map((n) => t.columns.findIndex((c) => plainKey(c) === n));
    if (at.some((i) => i < 0)) continue;
    for (const row of t.rows) {
      const cells = at.map((i) => row[i] ?? '');
      const key = plainKey(cells[0] ?? '');
      const rows = rowsByKey.get(key);
      if (rows) rows.push(cells);
      else rowsByKey.set(key, [cells]);
    }
  }
  const rows = [...rowsByKey.values()].map((found) =>
    columns.map((_, c) =>
      majority(
        found.map((r) => r[c] ?? ''),
        plainKey,
      ),
    ),
  );
  return markdownTable({ columns, rows });
}
