/**
 * The documents a `kb ingest` is given: files, and folders walked for files the knowledge base
 * reads (by extension, in sorted order so ingests are reproducible). A file that cannot be used is
 * skipped with its reason and the rest go in; the reasons are the same as the page's.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pdfText } from '../adapters/common/pdf-text';
import { extractText, formatOf } from '../core/kb';

export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export interface Gathered {
  readonly documents: { source: string; text: string }[];
  readonly skipped: { path: string; reason: string }[];
}

const readable = (name: string): boolean => formatOf(name) !== undefined || /\.pdf$/i.test(name);

export async function gatherDocuments(paths: readonly string[]): Promise<Gathered> {
  const documents: { source: string; text: string }[] = [];
  const skipped: { path: string; reason: string }[] = [];
  const files: string[] = [];
  for (const path of paths) {
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(path);
    } catch {
      skipped.push({ path, reason: 'no such file or folder' });
      continue;
    }
    if (stat.isDirectory()) files.push(...walk(path, skipped, new Set([folderKey(stat)])));
    else files.push(path);
  }
  for (const path of files) {
    try {
      documents.push({ source: path, text: await readDocument(path) });
    } catch (error) {
      skipped.push({ path, reason: (error as Error).message.replace(`${path}: `, '') });
    }
  }
  return { documents, skipped };
}

/** A folder's identity on disk, the same through any link to it. */
const folderKey = (stat: { dev: number; ino: number }) => `${stat.dev}:${stat.ino}`;

/**
 * `seen`: the folders on the way down to `dir`. Links are followed (a linked folder of notes is
 * the user's), but one that leads back up the tree would walk forever: it is skipped with its reason.
 */
function walk(dir: string, skipped: { path: string; reason: string }[], seen: ReadonlySet<string>): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch (error) {
    skipped.push({ path: dir, reason: `cannot read the folder (${(error as NodeJS.ErrnoException).code})` });
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    try {
      const stat = statSync(path);
      if (stat.isDirectory()) {
        const key = folderKey(stat);
        if (seen.has(key)) {
          skipped.push({ path, reason: 'a link back to a folder it is inside, not walked again' });
          return [];
        }
        return walk(path, skipped, new Set([...seen, key]));
      }
      return readable(name) ? [path] : [];
    } catch {
      return [];
    }
  });
}

async function readDocument(path: string): Promise<string> {
  const size = statSync(path).size;
  if (size > MAX_FILE_BYTES)
    throw new Error(`larger than ${MAX_FILE_BYTES / 1024 / 1024} MB (${(size / 1024 / 1024).toFixed(1)} MB)`);
  if (size === 0) throw new Error('the file is empty');
  const bytes = readFileSync(path);
  let text: string;
  if (/\.pdf$/i.test(path)) text = await pdfText(new Uint8Array(bytes), { name: path });
  else {
    if (bytes.subarray(0, 8192).includes(0)) throw new Error('a binary file, not text');
    text = extractText(path, bytes.toString('utf8'));
  }
  if (text.trim() === '') throw new Error('no text in it');
  return text;
}
