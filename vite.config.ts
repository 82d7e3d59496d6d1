import { defineConfig, type Plugin } from 'vite';
import solid from 'vite-plugin-solid';
import { PROVIDERS } from './src/providers/registry.ts';
import { sandboxEngine } from './vite-plugins/sandbox-engine.ts';

/**
 * What the page connects to: itself, and what each registered provider declares it needs
 * (src/providers/<id>/provider.ts, `connect`): an endpoint typed in at run time (any https server,
 * or one on this machine over http) for openai, Hugging Face and GitHub for WebLLM's weights and
 * model libraries. A new provider's origins come with its folder.
 */
export const connectSources = ["'self'", ...new Set(PROVIDERS.flatMap((p) => p.connect))];

/**
 * The built app's Content-Security-Policy, as a <meta> tag since a static host sends no headers
 * (docs/security.md has the reasons for each source). Only in the build: the dev server injects
 * its client and talks over a WebSocket, and the policy would break that, not protect anything.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  // Scripts only from the app's own files: no inline script, no eval. WebAssembly compilation is
  // allowed ('wasm-unsafe-eval' is not JavaScript eval) for WebLLM's model libraries and pdf.js.
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  // The sandbox frame (public/sandbox.html) is the only frame; it sets its own, stricter policy.
  "frame-src 'self'",
  // The registered providers' own needs (connectSources above).
  `connect-src ${connectSources.join(' ')}`,
  // Styles set by Solid and D3 at run time (style attributes); styles carry no script.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicyTag(): Plugin {
  return {
    name: 'swarmflight-content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy },
        injectTo: 'head-prepend',
      },
    ],
  };
}

// A relative base lets dist/ be served from any sub-path of any static host.
export default defineConfig({
  base: './',
  plugins: [solid(), contentSecurityPolicyTag(), sandboxEngine()],
  // Workers are bundled apart, with their own plugins: the subagent and training workers reach the
  // sandbox frame's module (src/adapters/browser/sandbox-frame.ts), which names the engine's worker text.
  worker: { plugins: () => [sandboxEngine()] },
  build: { target: 'es2022' },
});
