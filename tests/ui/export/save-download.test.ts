import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { REDACTED } from '../../../src/adapters/browser/redact-download';
import type { StandaloneSvg } from '../../../src/ui/export/picture';
import * as saveDownload from '../../../src/ui/export/save-download';
import { type DownloadPorts, downloadsWith } from '../../../src/ui/export/save-download';

/**
 * The page's one download path (save-download.ts) with spies for its two low-level steps: the
 * blob saver and the PNG renderer. Whatever the file, neither ever sees a saved key. The DAG
 * picture once reached the blob saver with a key in it, twice, because it did not come this way.
 */

const KEY = 'e2e-saved-Key-7Qx41Vb';
/** A key as XMLSerializer writes it in an SVG: `&`, `<` and `"` escaped. */
const ODD = 'pk&<"quoted">-9Tz4';

/** Every way a key can be in a text: whole, XML-escaped, or an 8-character piece of it (a cut name). */
function leaks(text: string, key = KEY): string[] {
  const found: string[] = [];
  for (let i = 0; i + 8 <= key.length; i++)
    if (text.includes(key.slice(i, i + 8))) found.push(key.slice(i, i + 8));
  const xml = key.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  for (const s of [xml, xml.replaceAll('"', '&quot;')]) if (text.includes(s)) found.push(s);
  return found;
}

function spies(secrets: readonly string[] = [KEY, ODD]) {
  const saved: { blob: Blob; name: string }[] = [];
  const rendered: StandaloneSvg[] = [];
  const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
  const ports: DownloadPorts = {
    secrets: () => secrets,
    saveBlob: vi.fn((blob: Blob, name: string) => void saved.push({ blob, name })),
    renderPng: vi.fn(async (picture: StandaloneSvg) => {
      rendered.push(picture);
      return png;
    }),
  };
  return { ports, saved, rendered, png, downloads: downloadsWith(ports) };
}

/** An SVG as the DAG view exports one of a run whose task ids hold the keys: title, attributes, cut labels. */
const dagSvg = (): StandaloneSvg => {
  const xml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const attr = (s: string) => xml(s).replaceAll('"', '&quot;');
  const text = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 80"><title>Run graph of graph-${xml(KEY)}</title>`,
    `<g data-task="section-1-${attr(KEY)}"><title>section-1-${xml(KEY)}</title><text>section-1-${xml(KEY.slice(0, 11))}…</text></g>`,
    `<g data-task="${attr(ODD)}"><text>${xml(ODD)}</text><text>x…${xml(ODD.slice(-9))}</text></g></svg>`,
  ].join('');
  return { text, width: 300, height: 80 };
};

describe('the one download path', () => {
  it('saves every kind of text the page downloads without a saved key, in the file or its name', async () => {
    const { downloads, saved } = spies();
    const files = [
      { name: 'run.jsonl', type: 'application/x-ndjson', text: `{"v":1}\n{"task":"a-${KEY}"}\n` },
      {
        name: `${KEY}.json`,
        type: 'application/json',
        text: JSON.stringify({ name: KEY, odd: ODD }, null, 1),
      },
      {
        name: 'card.md',
        type: 'text/markdown',
        text: `# Dataset\nfrom a request naming ${KEY} and ${ODD}\n`,
      },
      { name: 'cut.md', type: 'text/markdown', text: `a request cut at ${KEY.slice(0, 12)}…` },
    ];
    const counts = files.map((f) => downloads.text(f.name, f.text, f.type));
    expect(counts).toEqual([1, 3, 2, 1]);
    expect(saved.map((s) => s.name)).toEqual(['run.jsonl', `${REDACTED}.json`, 'card.md', 'cut.md']);
    for (const [i, { blob }] of saved.entries()) {
      const text = await blob.text();
      expect(leaks(text), text).toEqual([]);
      expect(leaks(text, ODD), text).toEqual([]);
      expect(blob.type).toBe(files[i]?.type);
    }
    // Structure kept: the JSON download still parses.
    expect(JSON.parse(await (saved[1] as { blob: Blob }).blob.text())).toEqual({
      name: REDACTED,
      odd: REDACTED,
    });
  });

  it('saves a picture as SVG with every spelling and cut piece of a key replaced', async () => {
    const { downloads, saved, ports } = spies();
    const replaced = await downloads.picture(dagSvg(), 'svg', `swarmflight-dag-${KEY}.svg`);
    expect(replaced).toBeGreaterThanOrEqual(6);
    expect(saved).toHaveLength(1);
    const { blob, name } = saved[0] as { blob: Blob; name: string };
    expect(name).toBe(`swarmflight-dag-${REDACTED}.svg`);
    expect(blob.type).toBe('image/svg+xml');
    const text = await blob.text();
    expect(leaks(text)).toEqual([]);
    expect(leaks(text, ODD)).toEqual([]);
    expect(text).toContain(`section-1-${REDACTED}…`);
    expect(ports.renderPng).not.toHaveBeenCalled();
  });

  it('draws the PNG from the redacted SVG, and saves only what was drawn', async () => {
    const { downloads, saved, rendered, png } = spies();
    await downloads.picture(dagSvg(), 'png', 'swarmflight-dag.png');
    // The render step, spied on: pixels cannot be searched, so its input is.
    expect(rendered).toHaveLength(1);
    const drawn = rendered[0] as StandaloneSvg;
    expect(leaks(drawn.text)).toEqual([]);
    expect(leaks(drawn.text, ODD)).toEqual([]);
    expect([drawn.width, drawn.height]).toEqual([300, 80]);
    expect(saved).toEqual([{ blob: png, name: 'swarmflight-dag.png' }]);
  });

  it('packs several files into one zip, each redacted before it is packed, its name too', async () => {
    const { downloads, saved } = spies();
    const replaced = downloads.files(`set-${KEY}.zip`, [
      { name: 'train.jsonl', type: 'application/x-ndjson', text: `{"q":"about ${KEY}"}\n` },
      { name: `card-${ODD}.md`, type: 'text/markdown', text: `# Card\nfrom ${ODD}\n` },
    ]);
    expect(replaced).toBe(4);
    expect(saved).toHaveLength(1);
    const { blob, name } = saved[0] as { blob: Blob; name: string };
    expect(name).toBe(`set-${REDACTED}.zip`);
    expect(blob.type).toBe('application/zip');
    // Compressed bytes cannot be searched: the zip is opened and each file read.
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(files)).toEqual(['train.jsonl', `card-${REDACTED}.md`]);
    for (const bytes of Object.values(files)) {
      const text = strFromU8(bytes);
      expect(leaks(text), text).toEqual([]);
      expect(leaks(text, ODD), text).toEqual([]);
    }
    expect(JSON.parse(strFromU8(files['train.jsonl'] as Uint8Array))).toEqual({ q: `about ${REDACTED}` });
  });

  it('reads the saved keys at each download: a key saved a moment ago is taken out too', () => {
    const secrets: string[] = [];
    const { downloads, saved } = spies(secrets);
    downloads.text('a.md', KEY, 'text/markdown');
    secrets.push(KEY);
    downloads.text('b.md', KEY, 'text/markdown');
    expect(saved.map((s) => s.name)).toEqual(['a.md', 'b.md']);
    return expect(Promise.all(saved.map((s) => s.blob.text()))).resolves.toEqual([KEY, REDACTED]);
  });

  it('offers no way to save a blob past the redaction', () => {
    // The browser's download is private to save-download.ts: the page can only reach it redacted.
    expect(Object.keys(saveDownload).sort()).toEqual(['MAX_PNG_PIXELS', 'downloadsWith', 'pageDownloads']);
    expect(Object.keys(saveDownload.pageDownloads).sort()).toEqual(['files', 'picture', 'text']);
  });
});
