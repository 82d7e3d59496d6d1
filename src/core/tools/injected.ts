/**
 * Documents with instructions planted in them: the tools that read the world (search results, a
 * page, a knowledge-base passage) hand back their text with an injection appended, as a poisoned
 * page would. For containment tests and the `inject` fault of chaos runs; never on by default.
 */

import type { ToolRegistry } from '../agents/tools';

/** The tools whose results are documents someone else wrote. */
export const DOCUMENT_TOOLS: readonly string[] = ['search', 'open', 'kb_search'];

export function withInjectedDocuments(
  registry: ToolRegistry,
  injection: string,
  tools: readonly string[] = DOCUMENT_TOOLS,
): ToolRegistry {
  const out: Record<string, ToolRegistry[string]> = { ...registry };
  for (const name of tools) {
    const tool = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!tool) continue;
    out[name] = {
      ...tool,
      run: async (args, signal) => {
        const result = await tool.run(args, signal);
        return result.ok ? { ...result, content: `${result.content}\n\n${injection}` } : result;
      },
    };
  }
  return out;
}
