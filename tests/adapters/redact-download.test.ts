import { describe, expect, it } from 'vitest';
import { MIN_PIECE, REDACTED, redactDownload } from '../../src/adapters/browser/redact-download';
import { createMemoryLibrary } from '../../src/adapters/common/memory-library';
import { memoryTraceStore } from '../../src/adapters/common/memory-trace-store';
import { decodeTrace, encodeTrace } from '../../src/core/trace/jsonl';
import { diamond } from '../core/graph/test-graphs';
import { sampleRun } from '../support/trace-store-contract';

const KEY = 'sk-live-9f8e7d6c5b4a';

/** A real trace whose title quotes the key, as a file naming it by mistake would. */
function traceWithKey(): string {
  const run = sampleRun(diamond);
  const header = {
    ...run.header,
    scenario: { ...run.header.scenario, title: `the key was ${KEY}, "${KEY}"` },
  };
  return encodeTrace(header, run.events);
}

describe('redactDownload', () => {
  it('replaces a long key inside a JSONL string; the file stays parseable and imports', async () => {
    const text = traceWithKey();
    const out = redactDownload(text, 'application/x-ndjson', [KEY]);
    expect(out.replaced).toBe(2);
    expect(out.text).not.toContain(KEY);
    for (const line of out.text.split('\n').filter((l) => l.trim() !== ''))
      expect(() => JSON.parse(line)).not.toThrow();
    expect(out.text).toContain(`the key was ${REDACTED}, \\"${REDACTED}\\"`);
    // Only the line that held the key changed.
    const before = text.split('\n');
    const after = out.text.split('\n');
    expect(after.filter((l, i) => l !== before[i])).toHaveLength(1);
    const decoded = decodeTrace(out.text);
    expect(decoded.ok).toBe(true);
    const store = memoryTraceStore({ db: createMemoryLibrary() });
    const summary = await store.importTrace(out.text, { label: 'redacted', startedAt: 1 });
    expect((await store.get(summary.id))?.events.length).toBe(text.split('\n').filter((l) => l).length - 1);
  });

  it('never touches structure: literals, numbers, names and event types stay as they are', () => {
    const text = traceWithKey();
    // Keys the page now refuses, saved by an older version: they are skipped, not applied.
    const out = redactDownload(text, 'application/x-ndjson', ['null', 'true', 'task', 'assigned', '1']);
    expect(out).toEqual({ text, replaced: 0 });
  });

  it('redacts a pretty JSON document in place and keeps its indentation', () => {
    const doc = { name: 'p', notes: [`see ${KEY}`], n: null, ok: true, [KEY]: 1 };
    const text = `${JSON.stringify(doc, null, 1)}\n`;
    const out = redactDownload(text, 'application/json', [KEY]);
    expect(out.replaced).toBe(2);
    expect(out.text).toBe(
      `${JSON.stringify({ name: 'p', notes: [`see ${REDACTED}`], n: null, ok: true, [REDACTED]: 1 }, null, 1)}\n`,
    );
  });

  it('finds a key hidden by \\u escapes, and a key holding quotes and backslashes', () => {
    const odd = 'sk-"quo\\ted"-key42';
    const escaped = JSON.stringify({ a: `x${KEY}y`, b: odd }).replace('s', '\\u0073');
    const out = redactDownload(escaped, 'application/json', [KEY, odd]);
    expect(JSON.parse(out.text)).toEqual({ a: `x${REDACTED}y`, b: REDACTED });
    expect(out.replaced).toBe(2);
  });

  it('rewrites Markdown as text, and leaves a file without a key untouched', () => {
    expect(redactDownload(`# run\nkey ${KEY}\n`, 'text/markdown', [KEY])).toEqual({
      text: `# run\nkey ${REDACTED}\n`,
      replaced: 1,
    });
    const plain = '{"a":"b"}';
    expect(redactDownload(plain, 'application/json', [KEY])).toEqual({ text: plain, replaced: 0 });
  });

  it('keeps a "__proto__" name a plain name', () => {
    const text = `{"__proto__":{"x":"${KEY}"}}`;
    const out = redactDownload(text, 'application/json', [KEY]);
    expect(out.text).toBe(`{"__proto__":{"x":"${REDACTED}"}}`);
  });

  it('finds a key in an SVG as XMLSerializer spells it: & < > escaped, and " in attributes', () => {
    const odd = 'pk&<"quoted">-9Tz4';
    const text =
      '<svg><title>pk&amp;&lt;"quoted"&gt;-9Tz4</title><g data-id="pk&amp;&lt;&quot;quoted&quot;&gt;-9Tz4"/></svg>';
    const out = redactDownload(text, 'image/svg+xml', [odd]);
    expect(out).toEqual({
      text: `<svg><title>${REDACTED}</title><g data-id="${REDACTED}"/></svg>`,
      replaced: 2,
    });
  });

  it('replaces the piece of a key a cut name keeps, before or after the ellipsis, from MIN_PIECE characters', () => {
    const cut = `<text>section-1-${KEY.slice(0, 9)}…</text><text>x…${KEY.slice(-6)}-end</text>`;
    expect(redactDownload(cut, 'image/svg+xml', [KEY])).toEqual({
      text: `<text>section-1-${REDACTED}…</text><text>x…${REDACTED}-end</text>`,
      replaced: 2,
    });
    // Inside JSON strings too (a brief cut at 240 characters), the file still JSON.
    const json = JSON.stringify({ prompt: `ask ${KEY.slice(0, 10)}…` });
    expect(JSON.parse(redactDownload(json, 'application/json', [KEY]).text)).toEqual({
      prompt: `ask ${REDACTED}…`,
    });
    // A shorter piece tells next to nothing and is left, as is an ellipsis next to no key.
    const short = `a ${KEY.slice(0, MIN_PIECE - 1)}… and more… here`;
    expect(redactDownload(short, 'text/markdown', [KEY])).toEqual({ text: short, replaced: 0 });
  });
});
