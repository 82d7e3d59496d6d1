/**
 * The `draft` tool: a writer's pad. An agent writing a long piece part by part saves each part
 * with a call, and the part stays in its own context as the call's arguments, where it reads it
 * back when it assembles the whole. The tool itself keeps nothing: what a context strategy drops
 * from the conversation is gone, as it would be for a real model.
 */

import type { Tool } from '../agents/tools';

export const DRAFT_TOOL = 'draft';

/** Words in a text, as the draft tool counts them in its receipt. */
export const countWords = (text: string): number => text.split(/\s+/).filter((w) => w !== '').length;

export function draftTool(): Tool {
  return {
    definition: {
      type: 'function',
      function: {
        name: DRAFT_TOOL,
        description:
          'Saves one part of a longer text you are writing (an outline, a section, a set of exercises). Call it once per part; put every part in your final answer when you are done.',
        parameters: {
          type: 'object',
          properties: {
            part: { type: 'string', description: 'Which part this is, e.g. "outline" or "section 2".' },
            text: { type: 'string', description: 'The text of the part.' },
          },
          required: ['part', 'text'],
        },
      },
    },
    run: async (args) => {
      const text = String(args.text ?? '');
      if (text.trim() === '')
        return { ok: false, content: 'Error: the draft is empty: write the part in "text".' };
      return { ok: true, content: `Saved ${String(args.part ?? 'the part')} (${countWords(text)} words).` };
    },
  };
}
