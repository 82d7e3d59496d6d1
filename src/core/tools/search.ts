import MiniSearch from 'minisearch';
import type { World, WorldDocument } from '../world/types';

export interface SearchHit {
  readonly id: string;
  readonly title: string;
  /** The first sentence or so of the page, as a search engine's result snippet. */
  readonly snippet: string;
  readonly score: number;
}

/**
 * Full-text search over the world's pages: MiniSearch's BM25+ ranking, with prefix and light fuzzy
 * matching (typos in a model's query still find the page). Titles weigh double.
 */
export class WorldSearch {
  /** Built at the first search: a run whose agents never search (coding) never pays for it. */
  private index: MiniSearch<WorldDocument> | undefined;
  private readonly byId: Map<string, WorldDocument>;
  /**
   * Answers already given, by limit and query: the index never changes, so neither does an
   * answer, and a run's agents (and the episodes of a training group, on one world) ask the same
   * queries again and again.
   */
  private readonly answers = new Map<string, readonly SearchHit[]>();

  constructor(private readonly world: World) {
    this.byId = new Map(world.documents.map((d) => [d.id, d]));
  }

  private built(): MiniSearch<WorldDocument> {
    if (!this.index) {
      this.index = new MiniSearch<WorldDocument>({
        fields: ['title', 'text'],
        storeFields: ['title'],
        searchOptions: { boost: { title: 2 }, prefix: true, fuzzy: 0.15 },
      });
      this.index.addAll(this.world.documents as WorldDocument[]);
    }
    return this.index;
  }

  search(query: string, limit = 5): SearchHit[] {
    const key = `${limit}\u0000${query}`;
    let hits = this.answers.get(key);
    if (!hits) {
      // Ties in score are broken by id so that results never depend on insertion order.
      hits = this.built()
        .search(query)
        .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
        .slice(0, limit)
        .map((r) => {
          const doc = this.byId.get(r.id as string) as WorldDocument;
          return Object.freeze({ id: doc.id, title: doc.title, snippet: snippet(doc.text), score: r.score });
        });
      if (this.answers.size >= ANSWERS_KEPT) this.answers.clear();
      this.answers.set(key, hits);
    }
    return [...hits];
  }

  open(id: string): WorldDocument | undefined {
    return this.byId.get(id);
  }
}

/** Enough for every query of a training group's episodes on one world; the memory is cleared past it. */
const ANSWERS_KEPT = 4096;

const searches = new WeakMap<World, WorldSearch>();

/**
 * The one search of `world`: its index is built once however many runs search it (a bench's
 * policies on one instance, a training group's episodes). A world is never changed once made.
 */
export function worldSearch(world: World): WorldSearch {
  let search = searches.get(world);
  if (!search) {
    search = new WorldSearch(world);
    searches.set(world, search);
  }
  return search;
}

function snippet(text: string): string {
  const end = text.indexOf('. ');
  return end > 0 && end < 160 ? text.slice(0, end + 1) : `${text.slice(0, 157)}…`;
}
