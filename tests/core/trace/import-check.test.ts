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

  it('refuses a trace whose task graph the run view could not open: a cycle, steps out of range', () => {
    const refused = (change: (tasks: { id: string; deps: string[]; steps: number }[]) => void) => {
      const events = d.events.map((e) => {
        if (e.type !== 'run.started') return e;
        const tasks = e.tasks.map((t) => ({ ...t, deps: [...t.deps] }));
        change(tasks);
        return { ...e, tasks };
      });
      try {
        checkImport(encodeTrace(d.header, events), { label: 'bad', startedAt: 1 }, () => 'id');
      } catch (e) {
        return e as TraceImportError;
      }
      return undefined;
    };
    const started = d.events.findIndex((e) => e.type === 'run.started');
    const cycle = refused((tasks) => {
      (tasks[0] as { deps: string[] }).deps.push(tasks.at(-1)?.id as string);
    });
    expect(cycle?.message).toMatch(/problem on line \d+ \(its task graph: .*cycle/);
    expect(cycle?.problems[0]?.line).toBe(started + 2);
    const huge = refused((tasks) => {
      (tasks[0] as { steps: number }).steps = 1e9;
    });
    expect(huge?.message).toMatch(/its task graph: .*steps/);
  });

  it('refuses a line nested past 100 deep before parsing it, naming the line as the CLI does', () => {
    // Line 3's event nests one level itself; an extra field adds the rest.
    const nestedTo = (depth: number) => {
      const lines = text.trimEnd().split('\n');
      const extra = `${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}`;
      lines[2] = `${(lines[2] as string).slice(0, -1)}, "extra": ${extra}}`;
      return lines.join('\n');
    };
    const check = (t: string) => checkImport(t, { label: 'deep', startedAt: 1 }, () => 'id');
    expect(check(nestedTo(100)).events).toHaveLength(d.events.length);
    for (const depth of [101, 5_000, 200_000]) {
      let made = 0;
      const error = (() => {
        try {
          checkImport(nestedTo(depth), { label: 'deep', startedAt: 1 }, () => `id${made++}`);
        } catch (e) {
          return e as TraceImportError;
        }
      })();
      expect(error).toBeInstanceOf(TraceImportError);
      expect(error?.message).toBe(
        "The trace was not imported: it nests arrays and objects more than 100 deep (line 3); no file of SwarmFlight's nests past 100.",
      );
      expect(error?.problems).toEqual([{ line: 3, message: 'nests arrays and objects more than 100 deep' }]);
      expect(made).toBe(0);
    }
  });
});
