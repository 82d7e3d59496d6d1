import { readFileSync } from 'node:fs';
import { type LabelledRequest, parseRequests } from '../core/router/requests';
import { UsageError } from './errors';

/** The labelled requests of a JSONL file (docs/router.md), or a usage error naming the file and line. */
export function readRequestsFile(file: string): readonly LabelledRequest[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory' : code;
    throw new UsageError(`${file}: cannot read the requests (${why})`);
  }
  const reading = parseRequests(text);
  if (!reading.ok) {
    const [first, ...more] = reading.problems;
    const also = more.length > 0 ? ` (and ${more.length} more problem${more.length > 1 ? 's' : ''})` : '';
    throw new UsageError(`${file}:${first?.line}: ${first?.message}${also}`);
  }
  return reading.requests;
}
