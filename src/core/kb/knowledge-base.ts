/**
 * The knowledge base: documents cut into passages (chunk.ts), each passage embedded through the
 * embeddings port and indexed for full text by MiniSearch (BM25+), and a search that fuses the two
 * rankings by reciprocal rank fusion (Cormack, Clarke & Büttcher, 2009):
 *
 *   score(p) = Σ over rankings r of 1 / (60 + rank_r(p))
 *
 * so a passage near the top of both lists beats one at the top of only one, with no need to make
 * cosine similarities and BM25 scores comparable. Meaning finds paraphrases the words miss (with
 * a trained embedder); words find names and rare terms an embedding blurs.
 *
 * Adding is all or nothing: every passage is embedded before anything is stored, so a failure
 * (or an abort) leaves the knowledge base as it was. A document added under a source already
 * present replaces it.
 */

import type { Embedder } from '../embeddings/types';
import { fromBase64, toBase64 } from './base64';
import { type ChunkOptions, checkChunking, chunkText, DEFAULT_CHUNKING } from './chunk';
import { KbError } from './errors';
import { TextIndex } from './text-index';
import { VectorTable } from './vectors';

export interface KbDocumentInput {
  /** The file's path as given, or its name in the browser. */
  readonly source: string;
  readonly text: string;
}

export interface KbResult {
  readonly source: string;
  /** The passage's number within its document, from 0. */
  readonly chunk: number;
  readonly score: number;
  readonly text: string;
}

export interface KbDocument {
  readonly id: string;
  readonly source: string;
  readonly chunks: number;
  readonly tokens: number;
}

export interface KbStats {
  readonly documents: number;
  readonly chunks: number;
  readonly tokens: number;
  readonly embedder: string;
  readonly dim: number;
}

/** Rank constant of reciprocal rank fusion: 60, as Cormack et al. found best and most use. */
export const RRF_K = 60;
/**
 * The embeddings' ranking's weight in the fusion (the words' is 1). A trained embedder gets the
 * standard 1. The hashing embedder only sees words and letter triples, as the full-text index
 * does: on the dev half of the Python-docs questions, MRR by its weight was 1 → 0.737,
 * 0.3 → 0.767, 0.1 → 0.826, words alone 0.833 (docs/benchmarks.md). It keeps 0.1, not 0, so that
 * a query whose words match nothing still ranks by letter-triple similarity.
 */
export function defaultEmbeddingWeight(embedder: Embedder): number {
  return embedder.name.startsWith('hashing-') ? 0.1 : 1;
}
/** Candidates each ranking contributes to the fusion. */
const POOL = 50;
export const KB_SNAPSHOT_VERSION = 1;

interface Passage {
  readonly doc: string;
  readonly index: number;
  readonly text: string;
  readonly tokens: number;
}

export interface KbSnapshot {
  readonly version: typeof KB_SNAPSHOT_VERSION;
  readonly embedder: string;
  readonly dim: number;
  readonly chunking: ChunkOptions;
  readonly nextId: number;
  readonly documents: readonly {
    readonly id: string;
    readonly source: string;
    readonly passages: readonly { text: string; tokens: number }[];
  }[];
  /** Every passage's vector in document order, as base64 of little-endian float32. */
  readonly vectors: string;
}

export class KnowledgeBase {
  private passages: Passage[] = [];
  private docs = new Map<string, { source: string; tokens: number; count: number }>();
  private vectors: VectorTable;
  private text: TextIndex;
  private nextId = 1;
  private readonly embeddingWeight: number;

  private constructor(
    private readonly embedder: Embedder,
    readonly chunking: ChunkOptions,
  ) {
    checkChunking(chunking);
    this.embeddingWeight = defaultEmbeddingWeight(embedder);
    this.vectors = new VectorTable(embedder.dim);
    this.text = new TextIndex();
  }

  static create(embedder: Embedder, options: Partial<ChunkOptions> = {}): KnowledgeBase {
    return new KnowledgeBase(embedder, { ...DEFAULT_CHUNKING, ...options });
  }

  async addDocuments(docs: readonly KbDocumentInput[], signal?: AbortSignal): Promise<string[]> {
    const cut = docs.map((d) => {
      if (typeof d.source !== 'string' || d.source.trim() === '')
        throw new KbError('a document without a source name');
      if (d.text.trim() === '') throw new KbError(`${d.source}: no text in it`);
      return { source: d.source, chunks: chunkText(d.text, this.chunking) };
    });
    const texts = cut.flatMap((d) => d.chunks.map((c) => c.text));
    const vectors: Float32Array[] = [];
    // Embedded in batches so that an abort stops a long ingest soon.
    for (let i = 0; i < texts.length; i += 256) {
      if (signal?.aborted) throw signal.reason ?? new KbError('the ingest was aborted');
      vectors.push(...(await this.embedder.embed(texts.slice(i, i + 256), signal)));
    }
    // Nothing is stored until every passage is embedded.
    const replaced = new Set(cut.map((d) => d.source));
    const old = [...this.docs].filter(([, d]) => replaced.has(d.source)).map(([id]) => id);
    if (old.length > 0) this.delete(old);
    const ids: string[] = [];
    let v = 0;
    for (const d of cut) {
      const id = `doc-${this.nextId++}`;
      ids.push(id);
      let tokens = 0;
      d.chunks.forEach((c, index) => {
        const row = this.vectors.push(vectors[v++] as Float32Array);
        this.passages.push({ doc: id, index, text: c.text, tokens: c.tokens });
        this.text.add(row, c.text);
        tokens += c.tokens;
      });
      this.docs.set(id, { source: d.source, tokens, count: d.chunks.length });
    }
    return ids;
  }

  /**
   * The `topK` best passages for the query. `using` picks the rankings fused: both (the default),
   * or one alone, which the benchmarks use to measure what each brings.
   */
  async search(
    query: string,
    topK = 5,
    using: 'both' | 'embeddings' | 'words' = 'both',
  ): Promise<KbResult[]> {
    if (this.passages.length === 0) throw new KbError('the knowledge base is empty: ingest documents first');
    const k = Math.max(1, Math.floor(topK));
    const fused = new Map<number, number>();
    const add = (row: number, rank: number, weight = 1): void => {
      fused.set(row, (fused.get(row) ?? 0) + weight / (RRF_K + rank + 1));
    };
    if (using !== 'words') {
      const [q] = await this.embedder.embed([query]);
      const ranked = q?.some((x) => x !== 0) ? this.vectors.top(q, POOL) : [];
      ranked.forEach((h, rank) => {
        add(h.index, rank, this.embeddingWeight);
      });
    }
    if (using !== 'embeddings') {
      this.text.search(query, POOL).forEach((h, rank) => {
        add(h.id, rank);
      });
    }
    return [...fused]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, k)
      .map(([row, score]) => {
        const p = this.passages[row] as Passage;
        return {
          source: (this.docs.get(p.doc) as { source: string }).source,
          chunk: p.index,
          score,
          text: p.text,
        };
      });
  }

  /** The passage a citation names: document `source`, passage `index`. */
  chunkText(source: string, index: number): string | undefined {
    const doc = [...this.docs].find(([, d]) => d.source === source)?.[0];
    return this.passages.find((p) => p.doc === doc && p.index === index)?.text;
  }

  delete(ids: readonly string[]): void {
    const gone = new Set(ids.filter((id) => this.docs.has(id)));
    if (gone.size === 0) return;
    for (const id of gone) this.docs.delete(id);
    const keep = this.passages.map((p) => !gone.has(p.doc));
    this.vectors.compact((i) => keep[i] as boolean);
    this.passages = this.passages.filter((p) => !gone.has(p.doc));
    // Rows moved: the text index is rebuilt on the new row numbers.
    this.text = new TextIndex();
    this.passages.forEach((p, id) => {
      this.text.add(id, p.text);
    });
  }

  documents(): KbDocument[] {
    return [...this.docs].map(([id, d]) => ({ id, source: d.source, chunks: d.count, tokens: d.tokens }));
  }

  stats(): KbStats {
    let tokens = 0;
    for (const d of this.docs.values()) tokens += d.tokens;
    return {
      documents: this.docs.size,
      chunks: this.passages.length,
      tokens,
      embedder: this.embedder.name,
      dim: this.embedder.dim,
    };
  }

  toSnapshot(): KbSnapshot {
    return {
      version: KB_SNAPSHOT_VERSION,
      embedder: this.embedder.name,
      dim: this.embedder.dim,
      chunking: this.chunking,
      nextId: this.nextId,
      documents: [...this.docs].map(([id, d]) => ({
        id,
        source: d.source,
        passages: this.passages.filter((p) => p.doc === id).map((p) => ({ text: p.text, tokens: p.tokens })),
      })),
      vectors: toBase64(this.vectors.bytes()),
    };
  }

  static fromSnapshot(value: unknown, embedder: Embedder, where = 'the knowledge base'): KnowledgeBase {
    const s = value as Partial<KbSnapshot> | null;
    if (typeof s !== 'object' || s === null || !('version' in s))
      throw new KbError(`${where} is not a knowledge base`);
    if (s.version !== KB_SNAPSHOT_VERSION) {
      throw new KbError(
        `${where} is version ${String(s.version)} of the knowledge base format; this SwarmFlight reads version ${KB_SNAPSHOT_VERSION}`,
      );
    }
    if (s.embedder !== embedder.name || s.dim !== embedder.dim) {
      throw new KbError(
        `${where} was embedded with ${String(s.embedder)} (${String(s.dim)} dimensions); it cannot be searched with ${embedder.name} (${embedder.dim})`,
      );
    }
    const kb = new KnowledgeBase(embedder, s.chunking as ChunkOptions);
    kb.nextId = s.nextId as number;
    kb.vectors = VectorTable.fromBytes(embedder.dim, fromBase64(s.vectors as string));
    for (const d of s.documents ?? []) {
      let tokens = 0;
      d.passages.forEach((p, index) => {
        kb.passages.push({ doc: d.id, index, text: p.text, tokens: p.tokens });
        tokens += p.tokens;
      });
      kb.docs.set(d.id, { source: d.source, tokens, count: d.passages.length });
    }
    if (kb.vectors.size !== kb.passages.length) {
      throw new KbError(`${where} is damaged: ${kb.vectors.size} vectors for ${kb.passages.length} passages`);
    }
    kb.passages.forEach((p, id) => {
      kb.text.add(id, p.text);
    });
    return kb;
  }
}
