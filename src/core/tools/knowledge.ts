/**
 * The knowledge base as an agent reads it: the `kb_search` tool over a `KnowledgeSearch` port
 * (the browser's IndexedDB knowledge base, the CLI's file, or a scenario's own notes). Each
 * passage comes back as `[file#chunk] text`, the form answers cite it in; players parse the same
 * text a real model reads.
 */

import type { Tool } from '../agents/tools';

/** One passage a knowledge base returned: its file, its chunk number, the fused score, the text. */
export interface KnowledgeHit {
  readonly source: string;
  readonly chunk: number;
  readonly score: number;
  readonly text: string;
}

/** A knowledge base as a scenario reads it: search, and one chunk by its citation. */
export interface KnowledgeSearch {
  search(query: string, topK: number): Promise<readonly KnowledgeHit[]>;
  /** The chunk's text; undefined when the knowledge base has no such chunk. */
  chunk(source: string, index: number): Promise<string | undefined>;
}

export const KB_SEARCH_TOOL = 'kb_search';

/** How a passage is cited: `[notes/cities.md#3]`. */
export const citation = (source: string, chunk: number): string => `[${source}#${chunk}]`;

/** Citations in a text, in order: `[file#chunk]`, the file any run of characters but `]` and `#`. */
export function citationsIn(text: string): { source: string; chunk: number }[] {
  return [...text.matchAll(/\[([^\]#\n]+)#(\d+)\]/g)].map((m) => ({
    source: (m[1] as string).trim(),
    chunk: Number(m[2]),
  }));
}

export function formatHits(hits: readonly KnowledgeHit[]): string {
  if (hits.length === 0) return 'No passage in the knowledge base matches that.';
  // Blank lines part the passages, so a passage's own paragraphs are kept as single line breaks.
  const flat = (text: string) =>
    text
      .replace(/[ \t]+/g, ' ')
      .replace(/\n\s*\n+/g, '\n')
      .trim();
  return hits.map((h) => `${citation(h.source, h.chunk)} ${flat(h.text)}`).join('\n\n');
}

export function kbSearchTool(kb: KnowledgeSearch, topK: number): Tool {
  return {
    definition: {
      type: 'function',
      function: {
        name: KB_SEARCH_TOOL,
        description: `Searches the user's knowledge base (their own files) and returns the ${topK} best passages, each as [file#chunk] and its text. Cite passages by that tag.`,
        parameters: {
          type: 'object',
          properties: { query: { type: 'string', description: 'What to look for, in plain words.' } },
          required: ['query'],
        },
      },
    },
    run: async (args) => {
      const query = String(args.query ?? '').trim();
      if (query === '') return { ok: false, content: 'Error: the query is empty.' };
      return { ok: true, content: formatHits(await kb.search(query, topK)) };
    },
  };
}
