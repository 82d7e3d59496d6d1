import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

/**
 * A plain static file server, as any static host would be: files only, no rewrites. It serves
 * `root` under `prefix`, a sub-path, so the test proves the build's relative base. Its caching
 * headers are a static host's (GitHub Pages, nginx, `python3 -m http.server` all send a
 * Last-Modified): without any, Chromium fetched and compiled every script again for each of a
 * run's ten subagent workers and each page load, a cost no visitor pays (about 0.5 s of CPU a
 * visit). Vite's hashed files under assets/ never change, so they are cached for good; the rest
 * (index.html) is asked again each time, answered 304 when unchanged.
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
      const modified = (await stat(file)).mtime;
      modified.setMilliseconds(0); // HTTP dates are whole seconds
      const headers = {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        'last-modified': modified.toUTCString(),
        'cache-control': path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
      const since = Date.parse(request.headers['if-modified-since'] ?? '');
      if (!Number.isNaN(since) && modified.getTime() <= since) {
        response.writeHead(304, headers).end();
        return;
      }
      response.writeHead(200, headers).end(await readFile(file));
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
