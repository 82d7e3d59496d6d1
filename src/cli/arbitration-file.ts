import { existsSync } from 'node:fs';
import { type ArbitrationItem, readArbitrationItems } from '../core/router/arbitration';
import { UsageError } from './errors';
import { readInputFile } from './input-file';
import { writeFile } from './safe-write';

export const ARBITRATION_SCHEMA = 'swarmflight.arbitration/1';

/**
 * The arbitration queue a CLI keeps in a file: `{"schema": …, "items": [...]}`. A missing file is
 * an empty queue (the first `route --queue` makes it); anything else unreadable is refused with
 * what is wrong, so a queue is never overwritten by a run that could not read it.
 */
export function readQueueFile(file: string): readonly ArbitrationItem[] {
  if (!existsSync(file)) return [];
  const text = readInputFile(file, 'arbitration queue');
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

/** Writes the queue whole (safe-write.ts), so a crash leaves the old one or the new. */
export function writeQueueFile(file: string, items: readonly ArbitrationItem[]): void {
  writeFile(file, `${JSON.stringify({ schema: ARBITRATION_SCHEMA, items }, null, 2)}\n`);
}
