import { afterEach, describe, expect, it } from 'vitest';
import { openIdbTraceStore } from '../../src/adapters/browser/idb-trace-store';
import { type ImportProgress, importInWorker } from '../../src/adapters/browser/import-client';
import { encodeTrace } from '../../src/core/trace/jsonl';
import { diamond } from '../core/graph/test-graphs';
import { sampleRun } from '../support/trace-store-contract';

/**
 * Imports run in a real Web Worker into the real IndexedDB library the page reads: checked line by
 * line with progress, stored whole or not at all.
 */
const d = sampleRun(diamond);
const text = encodeTrace(d.header, d.events);
const fileOf = (content: BlobPart, name = 'run.jsonl') => new File([content], name);

const imported: string[] = [];
afterEach(async () => {
  const store = await openIdbTraceStore();
  for (const id of imported.splice(0)) await store.delete(id);
  store.close();
});

const runIds = async () => {
  const store = await openIdbTraceStore();
  const ids = (await store.list()).map((r) => r.id);
  store.close();
  return ids;
};

describe('importing a trace in a worker', () => {
  it('stores a valid trace, reporting its progress, where the page reads it', async () => {
    const seen: ImportProgress[] = [];
    const summary = await importInWorker(fileOf(text), (p) => seen.push(p));
    imported.push(summary.id);
    expect(summary).toMatchObject({ label: 'run.jsonl', status: 'done', eventCount: d.events.length });
    expect(seen[0]?.phase).toBe('reading');
    expect(seen.at(-1)).toEqual({
      phase: 'storing',
      done: d.events.length + 1,
      total: d.events.length + 1,
    });
    const store = await openIdbTraceStore();
    expect((await store.get(summary.id))?.events).toEqual(d.events);
    store.close();
  });

  it('refuses a line whose fields do not fit its type, storing nothing', async () => {
    const before = await runIds();
    const lines = text.trimEnd().split('\n');
    // Line 2 is run.started: the run view reads its task list, which must be a list.
    lines[1] = JSON.stringify({ ...JSON.parse(lines[1] as string), tasks: 'none' });
    await expect(importInWorker(fileOf(lines.join('\n')), () => {})).rejects.toThrow(/line 2 .*"tasks"/);
    expect(await runIds()).toEqual(before);
  });

  it('refuses bytes that are not UTF-8, naming their line', async () => {
    const before = await runIds();
    const lines = text.trimEnd().split('\n');
    const encoder = new TextEncoder();
    const bytes = [
      ...lines.slice(0, 2).map((l) => encoder.encode(`${l}\n`)),
      new Uint8Array([0x7b, 0xff, 0xfe, 0x7d, 0x0a]),
    ];
    await expect(importInWorker(fileOf(new Blob(bytes)), () => {})).rejects.toThrow(
      /line 3 is not valid UTF-8/,
    );
    expect(await runIds()).toEqual(before);
  });

  it('refuses a line nested past 100 deep before IndexedDB sees it, naming the line; 100 is stored', async () => {
    // Line 3's event nests one level itself; an extra field adds the rest. At 5,000 levels
    // IndexedDB's structured clone overflowed the stack ("Maximum call stack size exceeded").
    const nestedTo = (depth: number) => {
      const lines = text.trimEnd().split('\n');
      const extra = `${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}`;
      lines[2] = `${(lines[2] as string).slice(0, -1)}, "extra": ${extra}}`;
      return lines.join('\n');
    };
    const before = await runIds();
    for (const depth of [5_000, 101]) {
      await expect(importInWorker(fileOf(nestedTo(depth)), () => {})).rejects.toThrow(
        "The trace was not imported: it nests arrays and objects more than 100 deep (line 3); no file of SwarmFlight's nests past 100.",
      );
      expect(await runIds()).toEqual(before);
    }
    const summary = await importInWorker(fileOf(nestedTo(100)), () => {});
    imported.push(summary.id);
    expect(summary).toMatchObject({ status: 'done', eventCount: d.events.length });
    expect(await runIds()).toEqual(expect.arrayContaining([...before, summary.id]));
  });
});
