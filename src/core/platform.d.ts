/**
 * The host APIs core assumes. Core is type-checked on its own (tsconfig.json beside this file)
 * with the ES2022 library only, no DOM and no Node types, so that nothing bound to one platform
 * slips in. What is declared here is the exception: standard in browsers and in Node alike, and
 * declared only as far as core uses it. The root project, which compiles core too, leaves this
 * file out and takes the full declarations from the DOM library and @types/node.
 *
 * Not declared because core's own code never names it: TextEncoder, which @noble/hashes's
 * utf8ToBytes uses (scenarios/profiles.ts).
 */

/**
 * A caller's cancellation: core checks it and listens to it. Core makes one only to stop an
 * attempt from inside (run/subagent.ts, for the self-healing loop's quarantine).
 */
interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { readonly once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

declare class AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}

/** A fatal UTF-8 decoder: refusing invalid bytes instead of replacing them (util/utf8.ts). */
declare class TextDecoder {
  constructor(label?: 'utf-8', options?: { readonly fatal?: boolean });
  decode(input?: Uint8Array): string;
}
