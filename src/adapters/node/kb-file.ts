/**
 * The CLI's knowledge base: one JSON file holding the knowledge base's snapshot (src/core/kb).
 * It is written whole to a temporary file beside it and renamed over it, so a write that fails
 * (a full disk, an interrupt) leaves the file as it was; an ingest that fails before the write
 * never touches it at all.
 */

import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Embedder } from '../../core/embeddings/types';
import { type ChunkOptions, KbError, KnowledgeBase } from '../../core/kb';

/** The knowledge base in `file`, a new one when there is no such file. */
export function readKbFile(
  file: string,
  embedder: Embedder,
  chunking?: Partial<ChunkOptions>,
): KnowledgeBase {
  if (!existsSync(file)) return KnowledgeBase.create(embedder, chunking);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new KbError(`${file}: not a knowledge base file (${(error as Error).message})`);
  }
  return KnowledgeBase.fromSnapshot(json, embedder, file);
}

export function writeKbFile(file: string, kb: KnowledgeBase): number {
  const text = JSON.stringify(kb.toSnapshot());
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new KbError(`${file}: could not be written, it is unchanged (${(error as Error).message})`);
  }
  return text.length;
}
