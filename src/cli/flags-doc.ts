/**
 * The flag lists of docs/cli.md, made from the commands' tables (flags.ts): `npm run docs:cli`
 * writes them between the doc's markers, and tests/cli/flags-doc.test.ts fails when the doc and
 * the tables differ. Commands still on hand-written help are listed as such, until each has its
 * table (issue 42).
 */

import { chaosTable } from './chaos';
import { type CommandTable, flagsMarkdown } from './flags';
import { forkTable } from './fork';
import { runTable } from './run';

/** The commands whose flags are declared in a table, in the doc's order. */
export const CLI_TABLES: readonly CommandTable[] = [runTable, chaosTable, forkTable];

export const DOC_START =
  '<!-- flags:start (made by npm run docs:cli from src/cli/*.ts tables; do not edit) -->';
export const DOC_END = '<!-- flags:end -->';

/** The block between the markers. */
export function flagsDoc(): string {
  return CLI_TABLES.map((table) =>
    [
      `### swarm ${table.name}`,
      '',
      '```',
      ...table.usage.map((u) => `swarm ${u}`),
      '```',
      '',
      table.about,
      '',
      flagsMarkdown(table),
    ].join('\n'),
  ).join('\n\n');
}

/** docs/cli.md with its flag block made again from the tables. */
export function withFlagsDoc(doc: string): string {
  const start = doc.indexOf(DOC_START);
  const end = doc.indexOf(DOC_END);
  if (start < 0 || end < start) throw new Error('docs/cli.md has no flags markers');
  return `${doc.slice(0, start + DOC_START.length)}\n${flagsDoc()}\n${doc.slice(end)}`;
}
