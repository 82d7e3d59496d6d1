/**
 * The flag lists of docs/cli.md, made from the commands' tables (flags.ts): `npm run docs:cli`
 * writes them between the doc's markers, and tests/cli/flags-doc.test.ts fails when the doc and
 * the tables differ.
 */

import { analyzeTable } from './analyze';
import { arbitrateTable } from './arbitrate';
import { auxRewardsTable } from './aux-rewards';
import { benchTable } from './bench-flags';
import { chaosTable } from './chaos';
import { evaluateTable } from './evaluate';
import { experimentTable } from './experiment';
import { exportDatasetTable } from './export-dataset';
import { exportTraceTable } from './export-trace';
import { type CommandTable, flagsMarkdown } from './flags';
import { forkTable } from './fork';
import { gridTable } from './grid';
import { kbIngestTable, kbSearchTable, kbStatsTable } from './kb';
import { nextSpeakerTable } from './next-speaker';
import { preferenceExperimentTable } from './preference-experiment';
import { queueStatusTable } from './queue-status';
import { routeTable } from './router';
import { runTable } from './run';
import { scheduleTable } from './schedule';
import { scoreTable } from './score';
import { trainTable } from './train';
import { trainRouterTable } from './train-router';
import { workerTable } from './worker';

/** Every command's table, in the doc's order. */
export const CLI_TABLES: readonly CommandTable[] = [
  runTable,
  benchTable,
  workerTable,
  queueStatusTable,
  gridTable,
  trainTable,
  evaluateTable,
  scheduleTable,
  chaosTable,
  forkTable,
  routeTable,
  trainRouterTable,
  arbitrateTable,
  kbIngestTable,
  kbSearchTable,
  kbStatsTable,
  experimentTable,
  auxRewardsTable,
  preferenceExperimentTable,
  exportTraceTable,
  analyzeTable,
  exportDatasetTable,
  nextSpeakerTable,
  scoreTable,
];

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
