/**
 * The embedder every knowledge base here is built with when no trained model is loaded: the
 * weight-free hashing embedder at 256 dimensions. Fewer than the router's 384 because the scan
 * of every passage is most of a search's time (256 keeps 100,000 passages within 50 ms,
 * docs/benchmarks.md) and passages, unlike short requests, are long enough that the collisions
 * of fewer buckets average out. Its name (`hashing-256`) is in every snapshot, so a knowledge base
 * is never searched with vectors from another space.
 */

import { hashingEmbedder } from '../embeddings/hashing';
import type { Embedder } from '../embeddings/types';

export const KB_DIM = 256;

export function kbEmbedder(): Embedder {
  return hashingEmbedder({ dim: KB_DIM });
}
