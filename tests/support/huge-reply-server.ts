/**
 * An OpenAI-compatible server on loopback whose model answers every chat completion with a reply
 * of `bytes` bytes: one JSON document, a server-sent-event stream of 1 kB tokens, or an HTTP 500
 * whose error page is that long. The body is made as it is written, honouring backpressure, so
 * the server holds little itself, and each request records how many bytes it wrote before the
 * client closed the connection — a client that reads it all makes the server write it all.
 */

import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type HugeShape = 'json' | 'sse' | 'error';

export interface HugeReply {
  /** Bytes of body handed to the socket (all of it, once `end` was called). */
  written: number;
  /** True once the whole body was written. */
  finished: boolean;
  /** True once the connection is closed, by either side. */
  closed: boolean;
}

export interface HugeServer {
  /** The base URL, ending in `/v1`. */
  readonly url: string;
  readonly replies: HugeReply[];
  close(): Promise<void>;
}

const TOKEN = 'x'.repeat(1000);

export async function startHugeReplyServer(options: {
  bytes: number;
  shape: HugeShape;
}): Promise<HugeServer> {
  const replies: HugeReply[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const reply: HugeReply = { written: 0, finished: false, closed: false };
      replies.push(reply);
      open.add(res);
      res.on('close', () => {
        reply.closed = true;
        open.delete(res);
      });
      const { head, piece, tail } = framing(options.shape);
      res.writeHead(options.shape === 'error' ? 500 : 200, {
        'Content-Type': options.shape === 'sse' ? 'text/event-stream' : 'application/json',
      });
      const write = (text: string): boolean => {
        reply.written += Buffer.byteLength(text);
        return res.write(text);
      };
      write(head);
      const pump = () => {
        while (!reply.closed) {
          if (reply.written + piece.length + tail.length > options.bytes) {
            reply.written += tail.length;
            res.end(tail, () => {
              reply.finished = true;
            });
            return;
          }
          if (!write(piece)) {
            res.once('drain', pump);
            return;
          }
        }
      };
      pump();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    replies,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The body as a head, a piece repeated until the size is reached, and a tail. */
function framing(shape: HugeShape): { head: string; piece: string; tail: string } {
  if (shape === 'sse') {
    const event = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: 'huge', model: 'huge-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    return {
      head: event({ role: 'assistant', content: '' }),
      piece: event({ content: TOKEN }),
      tail: `${event({}, 'stop')}data: [DONE]\n\n`,
    };
  }
  if (shape === 'error') return { head: '{"error":{"message":"', piece: TOKEN, tail: '"}}' };
  return {
    head: '{"id":"huge","model":"huge-model","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"',
    piece: TOKEN,
    tail: '"}}],"usage":{"prompt_tokens":10,"completion_tokens":10,"total_tokens":20}}',
  };
}
