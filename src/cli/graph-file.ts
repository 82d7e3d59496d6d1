import type { TaskGraph } from '../core/graph/types';
import { buildGraph } from '../core/graph/validate';
import { UsageError } from './errors';
import { readInputFile } from './input-file';

/** Reads and validates a graph scenario file; every problem becomes one message naming the file. */
export function readGraphFile(file: string): TaskGraph {
  const text = readInputFile(file, 'graph file');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file}: not valid JSON: ${(error as Error).message}`);
  }
  const result = buildGraph(json);
  if (!result.ok) {
    const lines = result.issues.map((i) => i.message);
    throw new UsageError(
      lines.length === 1
        ? `${file}: ${lines[0]}`
        : `${file}: ${lines.length} problems:\n  ${lines.join('\n  ')}`,
    );
  }
  return result.graph;
}
