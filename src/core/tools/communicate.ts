/**
 * `communicate(target, message)`: how a peer of a decentralized run speaks to the others. The
 * call only posts: the message is delivered on the shared board at the end of the round, to the
 * peer named (or to `all`), who reads it in its next turn (the `peers` policy collects the calls
 * from the trace and records each delivery as an `agent.message` event). A target that is not a
 * peer of the run is refused with the names that are, so a model can correct itself.
 */

import type { Tool } from '../agents/tools';

export const COMMUNICATE_TOOL = 'communicate';

/** Longest message a peer may post: the board is read whole by every peer each round. */
export const MAX_MESSAGE_CHARS = 2000;

export function communicateTool(peers: readonly string[]): Tool {
  return {
    definition: {
      type: 'function',
      function: {
        name: COMMUNICATE_TOOL,
        description:
          'Posts a message to another peer, or to all of them, on the shared board. It is delivered at the end of this round; they read it in the next one.',
        parameters: {
          type: 'object',
          properties: {
            target: { type: 'string', description: `A peer (${peers.join(', ')}) or "all".` },
            message: { type: 'string', description: 'What to tell them.' },
          },
          required: ['target', 'message'],
        },
      },
    },
    run: async (args) => {
      const target = String(args.target ?? '').trim();
      const message = String(args.message ?? '').trim();
      if (target !== 'all' && !peers.includes(target)) {
        return {
          ok: false,
          content: `Error: no peer "${target}"; the peers are ${peers.join(', ')}, or "all".`,
        };
      }
      if (message === '') return { ok: false, content: 'Error: the message is empty.' };
      if (message.length > MAX_MESSAGE_CHARS) {
        return {
          ok: false,
          content: `Error: the message has ${message.length} characters; at most ${MAX_MESSAGE_CHARS}.`,
        };
      }
      return { ok: true, content: `Posted to ${target}: delivered at the end of this round.` };
    },
  };
}
