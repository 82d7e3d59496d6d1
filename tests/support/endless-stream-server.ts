/**
 * An OpenAI-compatible server on loopback whose model never stops: every chat completion is a
 * server-sent-event stream that sends one token every `everyMs` and never ends, so it is never
 * silent long enough for an idle timeout. Optionally the first `answered` requests get a whole,
 * short reply first (an endpoint that did finish replies before it went endless). It records how
 * many streams it opened and how many the client closed.
 */

import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EndlessServer {
  /** The base URL, ending in `/v1`. */
  readonly url: string;
  /** Chat completions asked for. */
  readonly requests: () => number;
  /** Endless streams the client has closed (the server noticed the connection go). */
  readonly closed: () => number;
  close(): Promise<void>;
}

export async function startEndlessServer(options: {
  everyMs: number;
  answered?: number;
}): Promise<EndlessServer> {
  let requests = 0;
  let closed = 0;
  const open = new Set<ServerResponse>();
  const timers = new Set<ReturnType<typeof setInterval>>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'endless-model', object: 'model' }] }));
        return;
      }
      const index = requests++;
      if (index < (options.answered ?? 0)) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `whole-${index}`,
            model: 'endless-model',
            choices: [{ index: 0, message: { role: 'assistant', content: 'Done.' }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 },
          }),
        );
        return;
      }
      open.add(res);
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      const chunk = (content: string) =>
        `data: ${JSON.stringify({ id: 'endless', model: 'endless-model', choices: [{ index: 0, delta: { content } }] })}\n\n`;
      res.write(chunk(''));
      const timer = setInterval(() => res.write(chunk('and ')), options.everyMs);
      timers.add(timer);
      res.on('close', () => {
        clearInterval(timer);
        timers.delete(timer);
        open.delete(res);
        closed++;
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests: () => requests,
    closed: () => closed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        for (const res of open) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
