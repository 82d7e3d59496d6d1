import { existsSync } from 'node:fs';
import { emptyKnowledge, type Knowledge, readKnowledge } from '../core/healing/knowledge';
import { UsageError } from './errors';
import { readInputFile } from './input-file';
import { writeFile } from './safe-write';

/** The swarm's knowledge across runs (healing/knowledge.ts): a missing file is none yet. */
export function readKnowledgeFile(file: string): Knowledge {
  if (!existsSync(file)) return emptyKnowledge();
  const text = readInputFile(file, '--knowledge file');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--knowledge ${file}: not JSON: ${(error as Error).message}`);
  }
  const reading = readKnowledge(json);
  if (!reading.ok) throw new UsageError(`--knowledge ${file}: ${reading.message}`);
  return reading.knowledge;
}

/** Written whole (safe-write.ts): a crash leaves the old knowledge or the new. */
export function writeKnowledgeFile(file: string, knowledge: Knowledge): void {
  writeFile(file, `${JSON.stringify(knowledge, null, 2)}\n`);
}
