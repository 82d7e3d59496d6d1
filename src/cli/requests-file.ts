import { type LabelledRequest, parseRequests } from '../core/router/requests';
import { UsageError } from './errors';
import { readInputFile } from './input-file';

/** The labelled requests of a JSONL file (docs/router.md), or a usage error naming the file and line. */
export function readRequestsFile(file: string): readonly LabelledRequest[] {
  const text = readInputFile(file, 'requests');
  const reading = parseRequests(text);
  if (!reading.ok) {
    const [first, ...more] = reading.problems;
    const also = more.length > 0 ? ` (and ${more.length} more problem${more.length > 1 ? 's' : ''})` : '';
    throw new UsageError(`${file}:${first?.line}: ${first?.message}${also}`);
  }
  return reading.requests;
}
