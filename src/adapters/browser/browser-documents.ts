/**
 * Files the user drops or picks, read as documents for the knowledge base. Text formats are read
 * as UTF-8 and their markup dropped (src/core/kb, `extractText`); a PDF goes through pdf.js, loaded
 * only when a PDF is given. A file that cannot be used — too large, empty, binary, a PDF that will
 * not parse, a format not known — is skipped with its reason, and the others are still read.
 */

import { extractText } from '../../core/kb';

/** Larger files are skipped: the knowledge base lives in the browser's memory and storage. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export interface ReadDocuments {
  readonly documents: { readonly source: string; readonly text: string }[];
  readonly skipped: { readonly source: string; readonly reason: string }[];
}

/** The file's name with its folder when it came from a folder pick (`notes/a.md`). */
export const sourceOf = (file: File): string =>
  (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name;

export async function readBrowserFiles(files: readonly File[]): Promise<ReadDocuments> {
  const documents: { source: string; text: string }[] = [];
  const skipped: { source: string; reason: string }[] = [];
  for (const file of files) {
    const source = sourceOf(file);
    try {
      documents.push({ source, text: await readOne(file) });
    } catch (error) {
      skipped.push({ source, reason: (error as Error).message });
    }
  }
  return { documents, skipped };
}

async function readOne(file: File): Promise<string> {
  if (file.size > MAX_FILE_BYTES) {
    throw new Error(
      `larger than ${MAX_FILE_BYTES / 1024 / 1024} MB (${(file.size / 1024 / 1024).toFixed(1)} MB)`,
    );
  }
  if (file.size === 0) throw new Error('the file is empty');
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  if (/\.pdf$/i.test(file.name)) {
    const [{ pdfText }, worker] = await Promise.all([
      import('../common/pdf-text'),
      import('pdfjs-dist/legacy/build/pdf.worker.mjs?url'),
    ]);
    text = await pdfText(bytes, { workerSrc: worker.default, name: file.name });
  } else {
    if (bytes.subarray(0, 8192).includes(0)) throw new Error('a binary file, not text');
    text = extractText(file.name, new TextDecoder('utf-8').decode(bytes));
  }
  if (text.trim() === '') throw new Error('no text in it');
  return text;
}
