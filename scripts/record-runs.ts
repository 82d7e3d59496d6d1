/**
 * Records the conformance runs kept under tests/fixtures/recorded/: the user's own request run on
 * a model behind a loopback OpenAI-compatible server, once per wire habit (tests/support/
 * wire-habits.ts), each trace written as the page's download is. tests/core/run/recorded-runs.test.ts
 * replays them with today's code: re-record (`npx tsx scripts/record-runs.ts`) only after a change
 * that is meant to make other runs, and say so in the commit.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeTrace } from '../src/core/trace/jsonl';
import { ownRequestRun } from '../tests/support/own-request-run';
import { WIRE_HABITS } from '../tests/support/wire-habits';

const dir = join(import.meta.dirname, '../tests/fixtures/recorded');
for (const habit of WIRE_HABITS) {
  const run = await ownRequestRun(habit);
  if (run.reason !== 'completed') throw new Error(`${habit}: the run ended ${run.reason}`);
  const file = join(dir, `own-request-${habit}.jsonl`);
  writeFileSync(file, encodeTrace(run.header, run.events));
  console.log(`${file}: ${run.events.length} events, answer: ${run.answer}`);
}
