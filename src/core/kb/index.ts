/** The knowledge base (docs/knowledge-base.md): extraction, chunking, hybrid search, snapshots. */

export { type ChunkOptions, checkChunking, chunkText, DEFAULT_CHUNKING, type TextChunk } from './chunk';
export { KB_DIM, kbEmbedder } from './embedder';
export { KbError } from './errors';
export { extractText, formatOf, TEXT_EXTENSIONS } from './extract';
export {
  defaultEmbeddingWeight,
  KB_SNAPSHOT_VERSION,
  type KbDocument,
  type KbDocumentInput,
  type KbResult,
  type KbSnapshot,
  type KbStats,
  KnowledgeBase,
  RRF_K,
} from './knowledge-base';
