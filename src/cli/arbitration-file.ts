import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { type ArbitrationItem, readArbitrationItems } from '../core/router/arbitration';
import { UsageError } from './errors';

export const ARBITRATION_SCHEMA = 'swarmflight.arbitration/1';

/**
 * The arbitration queue a CLI keeps in a file: `{"schema": …, "items": [...]}`. A missing file is
 * an empty queue (the first `route --queue` makes it); anything else unreadable is refused with
 * what is wrong, so a queue is never overwritten by a run that could not read it.
 */
export function readQueueFile(file: string): readonly ArbitrationItem[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return [];
    throw new UsageError(`${file}: cannot read the arbitration queue (${code})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file}: not JSON: ${(error as Error).message}`);
  }
  const doc = json as { schema?: unknown; items?: unknown };
  if (doc?.schema !== ARBITRATION_SCHEMA) {
    throw new UsageError(`${file}: not an arbitration queue (schema ${ARBITRATION_SCHEMA})`);
  }
  const reading = readArbitrationItems(doc.items);
  if (!reading.ok) throw new UsageError(`${file}: ${reading.message}`);
  return reading.items;
}

/** Writes the queue whole, through a temporary file, so a crash leaves the old one or the new. */
export function writeQueueFile(file: string, items: readonly ArbitrationItem[]): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ schema: ARBITRATION_SCHEMA, items }, null, 2)}\n`);
  renameSync(tmp, file);
}
