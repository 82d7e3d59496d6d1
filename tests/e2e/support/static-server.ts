import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

/**
 * A plain static file server, as any static host would be: files only, no rewrites, no headers
 * beyond the content type. It serves `root` under `prefix`, a sub-path, so the test proves the
 * build's relative base.
 */
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export async function serveStatic(
  root: string,
  prefix: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(prefix)) {
      response.writeHead(404).end('not found');
      return;
    }
    let file = normalize(join(root, path.slice(prefix.length)));
    if (!file.startsWith(root)) {
      response.writeHead(403).end('forbidden');
      return;
    }
    if (path.endsWith('/')) file = join(file, 'index.html');
    try {
      const body = await readFile(file);
      response
        .writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
        .end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
