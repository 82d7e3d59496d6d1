/**
 * The subagents' tools as the agent loop calls them: `search` and `open` over the offline world,
 * `calculator`, and `run_js` through a sandbox port. Results are plain text a model can read; the
 * simulated model parses the same text a real one would read.
 */

import type { Tool, ToolRegistry } from '../agents/tools';
import type { World } from '../world/types';
import { calculate } from './calculator';
import type { CodeSandbox, CodeTest } from './sandbox';
import { worldSearch } from './search';

export interface WorldToolsOptions {
  /** Without one, `run_js` is not offered. */
  readonly sandbox?: CodeSandbox;
  /** @default 5 */
  readonly searchLimit?: number;
  /** Time limit of one `run_js` call. @default 1000 */
  readonly runJsTimeoutMs?: number;
}

/** One search result as a line: `[doc-id] Title — snippet`. Players parse this exact form. */
export const formatHit = (hit: { id: string; title: string; snippet: string }): string =>
  `[${hit.id}] ${hit.title} — ${hit.snippet}`;

/** The result of `open`: `[doc-id] Title` on the first line, the page text after it. */
export const formatPage = (doc: { id: string; title: string; text: string }): string =>
  `[${doc.id}] ${doc.title}\n${doc.text}`;

export function worldTools(world: World, options: WorldToolsOptions = {}): ToolRegistry {
  const index = worldSearch(world);
  const limit = options.searchLimit ?? 5;
  const search: Tool = {
    definition: {
      type: 'function',
      function: {
        name: 'search',
        description: 'Full-text search over the encyclopedia. Returns up to 5 pages: [id] title — snippet.',
        parameters: {
          type: 'object',
          properties: { query: { type: 'string', description: 'Words to look for.' } },
          required: ['query'],
        },
      },
    },
    run: async (args) => {
      const hits = index.search(String(args.query), limit);
      return hits.length === 0
        ? { ok: true, content: `No results for "${String(args.query)}".` }
        : { ok: true, content: hits.map(formatHit).join('\n') };
    },
  };
  const open: Tool = {
    definition: {
      type: 'function',
      function: {
        name: 'open',
        description: 'Opens one page by the id a search returned and gives its full text.',
        parameters: {
          type: 'object',
          properties: { id: { type: 'string', description: 'A page id, e.g. doc-company-001.' } },
          required: ['id'],
        },
      },
    },
    run: async (args) => {
      const doc = index.open(String(args.id));
      return doc
        ? { ok: true, content: formatPage(doc) }
        : { ok: false, content: `Error: there is no page "${String(args.id)}".` };
    },
  };
  const calculator: Tool = {
    definition: {
      type: 'function',
      function: {
        name: 'calculator',
        description:
          'Evaluates an arithmetic expression (+ - * / % ^, parentheses, sqrt, abs, round, min, max…).',
        parameters: {
          type: 'object',
          properties: { expression: { type: 'string' } },
          required: ['expression'],
        },
      },
    },
    run: async (args) => {
      const result = calculate(String(args.expression));
      return result.ok
        ? { ok: true, content: String(result.value) }
        : { ok: false, content: `Error: ${result.error}` };
    },
  };
  const registry: Record<string, Tool> = { search, open, calculator };
  const sandbox = options.sandbox;
  if (sandbox) {
    const timeout = options.runJsTimeoutMs ?? 1000;
    registry.run_js = {
      definition: {
        type: 'function',
        function: {
          name: 'run_js',
          description:
            'Runs JavaScript code, then each test (an expression and its expected value); reports which pass.',
          parameters: {
            type: 'object',
            properties: {
              code: { type: 'string' },
              tests: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { call: { type: 'string' }, expect: {} },
                  required: ['call', 'expect'],
                },
              },
            },
            required: ['code', 'tests'],
          },
        },
      },
      run: async (args) => {
        const result = await sandbox.run(String(args.code), args.tests as CodeTest[], timeout);
        if (!result.ok) return { ok: false, content: `Error: ${result.error}` };
        const lines = result.results.map((r) =>
          r.passed ? `PASS ${r.call}` : `FAIL ${r.call}: ${r.error ?? `got ${r.got}`}`,
        );
        return { ok: true, content: `${result.passed} passed, ${result.failed} failed\n${lines.join('\n')}` };
      },
    };
  }
  return registry;
}
