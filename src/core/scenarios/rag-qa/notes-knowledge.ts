/**
 * The knowledge base of a rag-qa instance's own notes: the notes ingested into a knowledge base
 * (src/core/kb) with the weight-free hashing embedder, built once per instance and shared by the
 * tools and the grader of a run (a Web Worker builds its own from the same instance: the same
 * notes and chunking give the same chunks and the same ranking).
 */

import type { KnowledgeBase } from '../../kb';
import type { KnowledgeSearch } from '../../tools/knowledge';
import type { RagQaInstance } from './generate';

const built = new WeakMap<RagQaInstance, Promise<KnowledgeSearch>>();

export function notesKnowledge(instance: RagQaInstance): KnowledgeSearch {
  const kb = (): Promise<KnowledgeSearch> => {
    let promise = built.get(instance);
    if (!promise) {
      promise = (async () => {
        // Loaded when a run first searches its notes: the page's first screen does without it.
        const { KnowledgeBase, kbEmbedder } = await import('../../kb');
        const base = KnowledgeBase.create(kbEmbedder(), {
          chunkSize: instance.chunkSize,
          overlap: instance.overlap,
        });
        await base.addDocuments(instance.documents.map((d) => ({ source: d.source, text: d.text })));
        return knowledgeSearchOf(base);
      })();
      built.set(instance, promise);
    }
    return promise;
  };
  return {
    search: async (query, topK) => (await kb()).search(query, topK),
    chunk: async (source, index) => (await kb()).chunk(source, index),
  };
}

/** A knowledge base as scenarios read it. */
export function knowledgeSearchOf(base: KnowledgeBase): KnowledgeSearch {
  return {
    search: (query, topK) => base.search(query, topK),
    chunk: async (source, index) => base.chunkText(source, index),
  };
}
