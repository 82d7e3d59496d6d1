/**
 * Text out of a PDF through pdf.js (`pdfjs-dist`, Mozilla's reader), imported only when a PDF is
 * given: it is large, and most knowledge bases have no PDF in them. The legacy build runs in Node
 * (the CLI; pdf.js then parses on this thread) and in browsers, where the caller first points it
 * at its worker script (`workerSrc`). Each page's text items are joined in reading order, a line
 * break where pdf.js reports one, pages a blank line apart.
 */

import { KbError } from '../../core/kb';

export interface PdfOptions {
  /** The URL of pdf.js's worker script: required in a browser, unused in Node. */
  readonly workerSrc?: string;
  /** Named in errors. */
  readonly name?: string;
}

export async function pdfText(bytes: Uint8Array, options: PdfOptions = {}): Promise<string> {
  const name = options.name ?? 'the PDF';
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  if (options.workerSrc) pdfjs.GlobalWorkerOptions.workerSrc = options.workerSrc;
  let doc: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  try {
    // pdf.js takes ownership of the buffer it is given: a copy leaves the caller's intact.
    doc = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
  } catch (error) {
    throw new KbError(`${name} is not a PDF pdf.js can read: ${(error as Error).message}`);
  }
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      pages.push(text.replace(/[ \t]+/g, ' ').trim());
    }
    return pages.filter((p) => p !== '').join('\n\n');
  } finally {
    await doc.destroy();
  }
}
