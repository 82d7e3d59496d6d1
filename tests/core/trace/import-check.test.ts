import { describe, expect, it } from 'vitest';
import { checkImport, TraceImportError } from '../../../src/core/trace/import-check';
import { encodeTrace } from '../../../src/core/trace/jsonl';
import { sampleRun } from '../../support/trace-store-contract';
import { diamond } from '../graph/test-graphs';

const d = sampleRun(diamond);
const text = encodeTrace(d.header, d.events);

describe('checkImport', () => {
  it('gives the record and events of a valid trace, under the id given or a new one', () => {
    const given = checkImport(text, { id: 'x', label: 'x.jsonl', startedAt: 3 }, () => 'made-up');
    expect(given.events).toEqual(d.events);
    expect(given.record).toMatchObject({ id: 'x', label: 'x.jsonl', status: 'done', header: d.header });
    expect(checkImport(text, { label: 'y', startedAt: 3 }, () => 'made-up').record.id).toBe('made-up');
  });

  it('checks every line before making anything, not stopping at the first problem', () => {
    const lines = text.trimEnd().split('\n');
    lines[2] = 'nope';
    lines[6] = 'nor this';
    let made = 0;
    const error = (() => {
      try {
        checkImport(lines.join('\n'), { label: 'bad', startedAt: 1 }, () => `id${made++}`);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(TraceImportError);
    expect((error as TraceImportError).problems.map((p) => p.line)).toEqual([3, 7]);
    expect(made).toBe(0);
  });
});
