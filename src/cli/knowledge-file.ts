import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { emptyKnowledge, type Knowledge, readKnowledge } from '../core/healing/knowledge';
import { UsageError } from './errors';

/** The swarm's knowledge across runs (healing/knowledge.ts): a missing file is none yet. */
export function readKnowledgeFile(file: string): Knowledge {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return emptyKnowledge();
    throw new UsageError(`--knowledge ${file}: cannot read it (${code})`);
  }
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

/** Written whole through a temporary file: a crash leaves the old knowledge or the new. */
export function writeKnowledgeFile(file: string, knowledge: Knowledge): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(knowledge, null, 2)}\n`);
  renameSync(tmp, file);
}
