/**
 * A real OpenAI-compatible HTTP server on loopback, started by a test: `POST /v1/chat/completions`
 * answers as the test's handler says (JSON, a server-sent-event stream, an HTTP error, garbage, a
 * stream that drops, silence), `GET /v1/models` lists one model, and every request is recorded,
 * headers included, so a test can check what went over the wire.
 */

import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Subtask } from '../../src/core/agents/loop';
import type { ChatRequest, ChatResponse, Provider } from '../../src/core/providers/types';
import { loadPlayers } from '../../src/core/scenarios/players';
import type { Plan, ScenarioInstance } from '../../src/core/scenarios/types';
import { playerProvider } from './player-provider';

// Every kind's players, loaded once (each kind loads its own: scenarios/players.ts).
const players = await loadPlayers();

export type Reply =
  | { readonly json: unknown; readonly status?: number; readonly headers?: Record<string, string> }
  /** `data:` payloads, sent as separate writes; `[DONE]` is added unless `drop` cuts the stream. */
  | { readonly sse: readonly unknown[]; readonly drop?: boolean; readonly holdOpen?: boolean }
  | { readonly raw: string; readonly status?: number; readonly contentType?: string }
  /** Never answers (until the server closes). */
  | { readonly hang: true };

export interface RecordedRequest {
  readonly path: string;
  /** Set when the client closed the connection before the server ended the response. */
  closedEarly?: boolean;
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
}

export type Handler = (body: Record<string, unknown>, index: number) => Reply | Promise<Reply>;

export interface ModelServer {
  /** The base URL, ending in `/v1`. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Answer preflights and allow any origin (default true); false plays a server without CORS. */
  readonly cors?: boolean;
}

export async function startModelServer(handler: Handler, options: ServerOptions = {}): Promise<ModelServer> {
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  const cors = options.cors ?? true;
  const server = createServer(async (req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    if (cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type, accept');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(cors ? 204 : 404).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = req.url ?? '';
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const record: RecordedRequest = { path, headers: req.headers, body };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableEnded) record.closedEarly = true;
    });
    if (req.method === 'GET' && path.endsWith('/v1/models')) {
      send(res, { json: { object: 'list', data: [{ id: 'loopback-model', object: 'model' }] } });
      return;
    }
    if (req.method !== 'POST' || !path.endsWith('/v1/chat/completions')) {
      send(res, { json: { error: { message: `no route ${req.method} ${path}` } }, status: 404 });
      return;
    }
    try {
      send(res, await handler(body, requests.filter((r) => r.path.endsWith('/chat/completions')).length - 1));
    } catch (error) {
      send(res, { json: { error: { message: String(error) } }, status: 500 });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, reply: Reply): void {
  if ('hang' in reply) return;
  if ('raw' in reply) {
    res.writeHead(reply.status ?? 200, { 'Content-Type': reply.contentType ?? 'application/json' });
    res.end(reply.raw);
    return;
  }
  if ('json' in reply) {
    res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json', ...(reply.headers ?? {}) });
    res.end(JSON.stringify(reply.json));
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  for (const data of reply.sse) res.write(`data: ${JSON.stringify(data)}\n\n`);
  if (reply.drop) {
    res.destroy();
    return;
  }
  if (reply.holdOpen) {
    // A proxy that keeps the connection after the last event: the client must stop reading.
    res.write('data: [DONE]\n\n');
    return;
  }
  res.end('data: [DONE]\n\n');
}

/**
 * A chat completion as a server streams it: the content in pieces, each tool call's arguments split
 * in two deltas, the finish reason, then a usage-only chunk.
 */
export function streamed(response: ChatResponse): unknown[] {
  const message = response.choices[0].message;
  const base = { id: response.id, object: 'chat.completion.chunk', model: response.model };
  const chunks: unknown[] = [{ ...base, choices: [{ index: 0, delta: { role: 'assistant' } }] }];
  const content = message.content ?? '';
  for (let i = 0; i < content.length; i += 16) {
    chunks.push({ ...base, choices: [{ index: 0, delta: { content: content.slice(i, i + 16) } }] });
  }
  (message.tool_calls ?? []).forEach((call, index) => {
    const args = call.function.arguments;
    const half = Math.floor(args.length / 2);
    chunks.push({
      ...base,
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: [
              {
                index,
                id: call.id,
                type: 'function',
                function: { name: call.function.name, arguments: args.slice(0, half) },
              },
            ],
          },
        },
      ],
    });
    chunks.push({
      ...base,
      choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: args.slice(half) } }] } }],
    });
  });
  chunks.push({
    ...base,
    choices: [{ index: 0, delta: {}, finish_reason: response.choices[0].finish_reason }],
  });
  chunks.push({ ...base, choices: [], usage: response.usage });
  return chunks;
}

/**
 * A handler that answers with a provider (a scenario's player, the simulated model): `metadataOf`
 * rebuilds, from what came over the wire, the metadata real servers never get.
 */
export function providerBackend(
  provider: Provider,
  metadataOf: (body: Record<string, unknown>) => Record<string, unknown>,
  stream = true,
): Handler {
  return async (body) => {
    const request = { ...(body as unknown as ChatRequest), metadata: metadataOf(body) };
    const response = await provider.complete(request);
    return body.stream && stream ? { sse: streamed(response) } : { json: response };
  };
}

/**
 * What the scenario's player needs to answer a request that came over the wire: the subtask whose
 * prompt the first user message starts with (an orchestrator's brief may follow it), and the turn.
 */
export function subtaskMetadata(
  subtasks: readonly Subtask[],
): (
  messages: readonly { readonly role: string; readonly content?: string | null }[],
) => Record<string, unknown> {
  return (messages) => {
    const user = messages.find((m) => m.role === 'user')?.content ?? '';
    const subtask = subtasks.find((s) => user.startsWith(s.prompt));
    if (!subtask) throw new Error(`no subtask matches the prompt: ${user.slice(0, 80)}`);
    return { subtask, profile: 'small', turn: messages.filter((m) => m.role === 'assistant').length + 1 };
  };
}

/** The subtasks of an instance's plans, as a model is first given them. */
export function subtasksOf<I extends ScenarioInstance>(
  kind: { plan(instance: I, mode: 'single' | 'swarm'): Plan },
  instance: I,
  modes: readonly ('single' | 'swarm')[] = ['swarm'],
): Subtask[] {
  return modes.flatMap((mode) => kind.plan(instance, mode).tasks.map((t) => t.subtask(new Map())));
}

/** A server whose model is the scenarios' players, with no errors: it answers as a good model would. */
export function playerBackend(subtasks: readonly Subtask[]): Handler {
  const metadata = subtaskMetadata(subtasks);
  return providerBackend(playerProvider(players), (body) =>
    metadata(body.messages as { role: string; content: string | null }[]),
  );
}
