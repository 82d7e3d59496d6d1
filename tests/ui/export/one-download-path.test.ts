import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every file the page lets go passes through save-download.ts, which takes saved API keys out
 * first. The DAG picture once left with a key because it made its own download beside that path.
 * So the sources are read for every way a page can make a file, and any outside save-download.ts
 * fails here; and the places that download are listed, each with the buttons the end-to-end test
 * (tests/e2e/download-redaction.test.ts) clicks to check its files hold no key: a new place fails
 * here until it is added there.
 */

const ONE_PATH = 'src/ui/export/save-download.ts';
const E2E = 'tests/e2e/download-redaction.test.ts';

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return /\.(ts|tsx|js|mjs|html)$/.test(d.name) && !d.name.endsWith('.d.ts') ? [path] : [];
  });

const files = [...sources('src'), ...sources('workers'), 'index.html'].map((path) => ({
  path,
  text: readFileSync(path, 'utf8'),
}));

/** Ways a page makes a file the browser saves, or hands it a URL it could save. */
const WAYS: readonly [string, RegExp][] = [
  ['an object URL', /createObjectURL/],
  ['the download property', /\.download\s*=(?!=)|\[\s*['"]download['"]\s*\]|[{,]\s*download\s*:/],
  ['the download attribute', /setAttribute\(\s*['"]download['"]|<a\b[^<>]*\sdownload\b/],
  ['the unredacted saver of old', /\bdownloadBlob\b/],
  ['the File System Access API', /showSaveFilePicker|createWritable\(/],
  ['an old-Edge save', /msSaveOrOpenBlob|msSaveBlob/],
  ['a canvas as a data URL', /\.toDataURL\(/],
  ['a navigation that could save', /window\.open\(|location\.(assign|replace)\(|location\.href\s*=(?!=)/],
];

/** Where the page downloads (each through `services`), and the buttons that make each file. */
const PLACES: Readonly<Record<string, readonly string[]>> = {
  // The SVG and PNG buttons of every drawing: `download-${name}-svg|png`.
  'src/ui/export/picture-download.tsx': [],
  'src/ui/dag/dag-view.tsx': ['download-dag-svg', 'download-dag-png'],
  'src/ui/dag/agent-graph-view.tsx': ['download-agents-svg', 'download-agents-png'],
  'src/ui/timeline/timeline-view.tsx': ['download-timeline-svg', 'download-timeline-png'],
  'src/ui/views/library-downloads.tsx': ['download-jsonl', 'download-perfetto', 'download-otlp'],
  'src/ui/views/dataset-export.tsx': ['export-sft'],
  'src/ui/views/arbitration-download.tsx': ['arbitration-sft'],
  'src/ui/views/train-view.tsx': ['download-policy'],
  'src/ui/views/ask-run-panel.tsx': ['ask-download'],
};

describe('one download path', () => {
  it('is the only code in src/ and workers/ that makes a file the browser saves', () => {
    const found = files.flatMap(({ path, text }) =>
      path === ONE_PATH ? [] : WAYS.filter(([, re]) => re.test(text)).map(([way]) => `${path}: ${way}`),
    );
    expect(found).toEqual([]);
    // And it keeps the browser's download to itself: nothing there exports it.
    const own = files.find((f) => f.path === ONE_PATH)?.text ?? '';
    expect(own).toMatch(/^function clickToSave\(/m);
    expect(own).not.toMatch(/export[^\n]*clickToSave|export[^\n]*svgToPng/);
  });

  it('is reached only through services, by the places listed, each checked end to end', () => {
    const reaching = files
      .filter(({ path, text }) => path !== ONE_PATH && /export\/save-download'/.test(text))
      .map((f) => f.path);
    expect(reaching).toEqual(['src/ui/services.ts']);
    const downloading = files
      .filter(({ text }) => /services\.download(Picture|Files)?\(|<PictureDownload\b/.test(text))
      .map((f) => f.path)
      .sort();
    expect(downloading).toEqual(Object.keys(PLACES).sort());
    const e2e = readFileSync(E2E, 'utf8');
    for (const [path, buttons] of Object.entries(PLACES)) {
      const text = files.find((f) => f.path === path)?.text ?? '';
      for (const id of buttons) {
        // The picture buttons' ids are made from the drawing's name.
        const name = /^download-(dag|agents|timeline)-/.exec(id)?.[1];
        expect(text, `${path} has no ${id}`).toContain(name ? `name="${name}"` : `"${id}"`);
        expect(e2e, `${E2E} does not click ${id}`).toContain(`'${id}'`);
      }
    }
  });
});
