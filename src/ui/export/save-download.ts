/**
 * The one way a file leaves the page. Traces, exports, datasets, policies and pictures all pass
 * here, and every saved API key is taken out of the text (redact-download.ts) before a Blob is
 * made of it: the function that hands a Blob to the browser is private to this file, so nothing
 * else can save one, redacted or not. A PNG is drawn from the SVG text after redaction, since its
 * pixels cannot be searched afterwards. The file name is redacted too (a policy named after a
 * key). A DAG picture once left with a key in it because it went round the redaction;
 * tests/ui/export/one-download-path.test.ts fails if anything in src/ makes a download itself.
 */
import { strToU8, zipSync } from 'fflate';
import { apiKeyStore } from '../../adapters/browser/api-key-store';
import { redactDownload } from '../../adapters/browser/redact-download';
import type { StandaloneSvg } from './picture';

/** Browsers refuse canvases much past this many pixels; a larger picture is scaled down to it. */
export const MAX_PNG_PIXELS = 16_000_000;

export interface Downloads {
  /** Saves text as a file; returns how many occurrences of a saved key were replaced. */
  text(name: string, text: string, type: string): number;
  /** Saves a picture as SVG, or as a PNG drawn from the redacted SVG; returns the same count. */
  picture(picture: StandaloneSvg, kind: 'svg' | 'png', name: string): Promise<number>;
  /**
   * Saves several text files as one zip named `name` (one click, one file: a dataset's train and
   * validation splits and its card), each redacted before it is packed; returns the same count.
   */
  files(name: string, files: readonly ZipEntry[]): number;
}

/** One text file of a zip: its name inside the zip, its text and its media type. */
export interface ZipEntry {
  readonly name: string;
  readonly text: string;
  readonly type: string;
}

/** What a download needs from outside: the page's below, a test's spies. */
export interface DownloadPorts {
  /** The saved keys, read at each download (one saved a moment ago counts). */
  readonly secrets: () => readonly string[];
  /** Hands a finished file to the browser. Given only redacted text, or a PNG of redacted SVG. */
  readonly saveBlob: (blob: Blob, name: string) => void;
  /** Draws an SVG as a PNG. Given only redacted SVG text. */
  readonly renderPng: (picture: StandaloneSvg) => Promise<Blob>;
}

export function downloadsWith(ports: DownloadPorts): Downloads {
  const clean = (name: string, text: string, type: string) => {
    const secrets = ports.secrets();
    const file = redactDownload(name, 'text/plain', secrets);
    const body = redactDownload(text, type, secrets);
    return { name: file.text, text: body.text, replaced: file.replaced + body.replaced };
  };
  return {
    text(name, text, type) {
      const safe = clean(name, text, type);
      ports.saveBlob(new Blob([safe.text], { type }), safe.name);
      return safe.replaced;
    },
    files(name, files) {
      let replaced = 0;
      const packed: Record<string, Uint8Array> = {};
      for (const file of files) {
        const safe = clean(file.name, file.text, file.type);
        replaced += safe.replaced;
        packed[safe.name] = strToU8(safe.text);
      }
      const zip = clean(name, '', 'text/plain');
      // fflate's zipSync: the files are already redacted text; packing cannot add a key back.
      const bytes = zipSync(packed, { level: 6 });
      ports.saveBlob(new Blob([bytes], { type: 'application/zip' }), zip.name);
      return replaced + zip.replaced;
    },
    async picture(picture, kind, name) {
      const type = 'image/svg+xml';
      const safe = clean(name, picture.text, type);
      const blob =
        kind === 'svg'
          ? new Blob([safe.text], { type })
          : await ports.renderPng({ ...picture, text: safe.text });
      ports.saveBlob(blob, safe.name);
      return safe.replaced;
    },
  };
}

/** Saves a blob as a file; the object URL is revoked later, once the download has taken it. */
function clickToSave(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The SVG drawn on a canvas at `scale` (2: sharp on high-density screens), as a PNG. */
async function svgToPng(picture: StandaloneSvg, scale = 2): Promise<Blob> {
  const fit = Math.min(scale, Math.sqrt(MAX_PNG_PIXELS / Math.max(1, picture.width * picture.height)));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.floor(picture.width * fit));
  canvas.height = Math.max(1, Math.floor(picture.height * fit));
  // An object URL for the <img> only, revoked before this returns: never a download.
  const url = URL.createObjectURL(new Blob([picture.text], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const context = canvas.getContext('2d');
    if (!context) throw new Error('this browser gave no 2D canvas to draw the picture on');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
  } finally {
    URL.revokeObjectURL(url);
  }
  return await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) =>
        blob
          ? resolve(blob)
          : reject(
              new Error(`the picture (${canvas.width}×${canvas.height} px) could not be made into a PNG`),
            ),
      'image/png',
    ),
  );
}

/** The page's downloads: the keys saved in this browser, the browser's own download. */
export const pageDownloads: Downloads = downloadsWith({
  secrets: () => apiKeyStore().secrets(),
  saveBlob: clickToSave,
  renderPng: (picture) => svgToPng(picture),
});
