import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * public/sandbox.html allows its one inline script by hash: an edit to the script without its hash
 * would leave the frame dead (and every browser run_js call failing at its start-up limit).
 */
const html = readFileSync(new URL('../../public/sandbox.html', import.meta.url), 'utf8');
const policy = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
const directives = new Map(
  policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .map(([name = '', ...values]) => [name, values] as const),
);

describe('the sandbox frame document', () => {
  it('allows exactly its own inline script, by hash', () => {
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(scripts).toHaveLength(1);
    const hash = createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64');
    // WebAssembly for QuickJS, and no JavaScript eval: the code under test never runs in this engine.
    expect(directives.get('script-src')).toEqual([`'sha256-${hash}'`, "'wasm-unsafe-eval'"]);
  });

  it('gives its workers no network and nothing but blob workers', () => {
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'none'"]);
    expect(directives.get('worker-src')).toEqual(['blob:']);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
  });
});
