import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnalysisStore, openIdbAnalyses } from '../../src/adapters/browser/idb-analyses';
import { openIdbTraceStore } from '../../src/adapters/browser/idb-trace-store';
import type { TraceStore } from '../../src/core/trace/store';
import type { Analysis } from '../../src/core/vision/analyze';
import { diamond } from '../core/graph/test-graphs';
import { sampleRun } from '../support/trace-store-contract';

/**
 * A model's answers about a run, kept with the run (the Run view's "Ask a model about this run"),
 * in real IndexedDB in Chromium, in a database of their own. They come back in the order asked
 * after the database is opened again, are counted per run for the Library, are forgotten with their
 * run, and leave the library's database at version 1, which older pages still open.
 */
const DB = 'swarmflight-analyses-test';
const LIBRARY = 'swarmflight-analyses-test-library';
const opened: (AnalysisStore | TraceStore)[] = [];

afterEach(async () => {
  for (const store of opened.splice(0)) store.close();
  await deleteDB(DB);
  await deleteDB(LIBRARY);
});

async function stores() {
  const traces = await openIdbTraceStore(LIBRARY);
  const analyses = await openIdbAnalyses(DB);
  opened.push(traces, analyses);
  return { traces, analyses };
}

async function storedRun(traces: TraceStore): Promise<string> {
  const { header, events } = sampleRun(diamond);
  const handle = await traces.begin(header, { label: 'diamond', startedAt: 1 });
  for (const e of events) handle.append(e);
  await handle.finish('done');
  return handle.id;
}

const analysis = (question: string, answer: string): Analysis => ({
  question,
  answer,
  provider: 'openai',
  model: 'loopback-vision',
  images: [{ label: 'dag.png', type: 'image/png', bytes: 1234 }],
  summary: 'Run: diamond…',
  at: '2026-11-29T17:00:00.000Z',
});

describe('analyses kept with their run in IndexedDB', () => {
  it('come back in the order asked after a reopen, counted per run', async () => {
    const { traces, analyses } = await stores();
    const a = await storedRun(traces);
    const b = await storedRun(traces);
    await analyses.add(a, analysis('where is the bottleneck?', 'b1'));
    await analyses.add(b, analysis('why so slow?', 'x'));
    await analyses.add(a, analysis('and the path?', 'p'));
    analyses.close();
    const again = await openIdbAnalyses(DB);
    opened.push(again);
    expect((await again.of(a)).map((x) => x.answer)).toEqual(['b1', 'p']);
    expect(await again.of(a)).toEqual([
      analysis('where is the bottleneck?', 'b1'),
      analysis('and the path?', 'p'),
    ]);
    expect(await again.counts()).toEqual(
      new Map([
        [a, 2],
        [b, 1],
      ]),
    );
    expect(await again.of('no-such-run')).toEqual([]);
  });

  it('are forgotten with their run, and the other runs keep theirs', async () => {
    const { traces, analyses } = await stores();
    const a = await storedRun(traces);
    const b = await storedRun(traces);
    await analyses.add(a, analysis('q', 'gone'));
    await analyses.add(b, analysis('q', 'kept'));
    await analyses.forget(a);
    expect(await analyses.of(a)).toEqual([]);
    expect((await analyses.of(b)).map((x) => x.answer)).toEqual(['kept']);
    expect(await analyses.counts()).toEqual(new Map([[b, 1]]));
  });

  it('leave the library database at the version older pages open', async () => {
    const { traces, analyses } = await stores();
    const id = await storedRun(traces);
    await analyses.add(id, analysis('q', 'a'));
    const versions = (await indexedDB.databases()).filter((d) => d.name === LIBRARY);
    expect(versions.map((d) => d.version)).toEqual([1]);
  });
});
