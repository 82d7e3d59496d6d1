/**
 * A loopback OpenAI-compatible chat-completions server that can see, written from the API's
 * published shape (POST /v1/chat/completions; `messages[].content` a string or an array of parts,
 * `{type: 'text', text}` and `{type: 'image_url', image_url: {url}}`; a `stream: true` request
 * answered with `chat.completion.chunk` server-sent events and `data: [DONE]`), not from our
 * prompts. It decodes each image_url's data URL, checks the PNG signature and decodes the PNG
 * with pngjs, and records what it saw, with the Authorization header, for the test to check.
 */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';

export interface SeenImage {
  readonly mediaType: string;
  readonly bytes: Buffer;
  /** Set when the bytes are a PNG that decodes. */
  readonly png?: { readonly width: number; readonly height: number; readonly data: Buffer };
}

export interface SeenRequest {
  readonly authorization: string | undefined;
  readonly raw: string;
  readonly model: unknown;
  readonly texts: string[];
  readonly images: SeenImage[];
}

export interface VisionServer {
  readonly url: string;
  readonly requests: SeenRequest[];
  close(): Promise<void>;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function readContent(content: unknown, seen: { texts: string[]; images: SeenImage[] }): void {
  if (typeof content === 'string') {
    seen.texts.push(content);
    return;
  }
  if (!Array.isArray(content)) throw new Error('content must be a string or an array of parts');
  for (const part of content as { type?: unknown; text?: unknown; image_url?: { url?: unknown } }[]) {
    if (part.type === 'text' && typeof part.text === 'string') seen.texts.push(part.text);
    else if (part.type === 'image_url' && typeof part.image_url?.url === 'string') {
      const m = /^data:([^;,]+);base64,(.*)$/s.exec(part.image_url.url);
      if (!m) throw new Error('image_url.url is not a base64 data URL');
      const bytes = Buffer.from(m[2] as string, 'base64');
      const isPng = bytes.subarray(0, 8).equals(PNG_SIGNATURE);
      const png = isPng ? PNG.sync.read(bytes) : undefined;
      seen.images.push({
        mediaType: m[1] as string,
        bytes,
        ...(png ? { png: { width: png.width, height: png.height, data: png.data } } : {}),
      });
    } else throw new Error(`unknown content part ${JSON.stringify(part).slice(0, 80)}`);
  }
}

/** Answers every request with `answer(seen)`, streamed when the request asks for a stream. */
export async function startVisionServer(answer: (seen: SeenRequest) => string): Promise<VisionServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const seen: SeenRequest = {
        authorization: req.headers.authorization,
        raw,
        model: undefined,
        texts: [],
        images: [],
      };
      let body: { model?: unknown; messages?: { content?: unknown }[]; stream?: unknown };
      try {
        body = JSON.parse(raw);
        for (const m of body.messages ?? []) readContent(m.content, seen);
      } catch (error) {
        requests.push(seen);
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { message: (error as Error).message, type: 'invalid_request_error' } }),
        );
        return;
      }
      const request = { ...seen, model: body.model };
      requests.push(request);
      const text = answer(request);
      const id = `chatcmpl-${requests.length}`;
      const usage = { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 };
      if (body.stream === true) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = (delta: unknown, finish: string | null) =>
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        res.write(chunk({ role: 'assistant', content: text }, null));
        res.write(chunk({}, 'stop'));
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model: body.model, choices: [], usage })}\n\n`,
        );
        res.end('data: [DONE]\n\n');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
          usage,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
