/**
 * The iframe bridge's messages (docs/api.md, from another page). A page that embeds SwarmFlight
 * posts requests; SwarmFlight answers each to the origin it came from, and only to origins the
 * user allowed; a request from an opaque origin ("null") gets no answer at all. Everything that
 * arrives is untrusted: a request is held to this schema first.
 *
 *   request   {swarmflight: 1, id, method, args}
 *   answer    {swarmflight: 1, id, ok: true, result} | {swarmflight: 1, id, ok: false, error}
 *   events    {swarmflight: 1, id, event} … then {swarmflight: 1, id, ok: true, result: null}
 */
import * as v from 'valibot';

export const bridgeMethods = [
  'create',
  'status',
  'submit',
  'agents',
  'terminate',
  'events',
  'wait',
  'list',
] as const;
export type BridgeMethod = (typeof bridgeMethods)[number];

export const requestSchema = v.strictObject({
  swarmflight: v.literal(1),
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  method: v.picklist(bridgeMethods, `method is one of ${bridgeMethods.join(', ')}`),
  args: v.optional(v.pipe(v.array(v.unknown()), v.maxLength(2)), []),
});
export type BridgeRequest = v.InferOutput<typeof requestSchema>;

export interface BridgeError {
  readonly code: string;
  readonly message: string;
  readonly field?: string;
}

export type BridgeAnswer =
  | { readonly swarmflight: 1; readonly id: string; readonly ok: true; readonly result: unknown }
  | { readonly swarmflight: 1; readonly id: string; readonly ok: false; readonly error: BridgeError }
  | { readonly swarmflight: 1; readonly id: string; readonly event: unknown };

/**
 * An origin the bridge may ask about, answer and remember: an http(s) scheme, host and port as the
 * browser serialises them. Anything else is refused without a word. A sandboxed frame, a data: or
 * file: page all post from the opaque origin "null": no reply can be addressed to it
 * (postMessage(…, 'null') throws), and allowing "null" would allow every opaque frame of any site.
 */
export function isWebOrigin(origin: unknown): origin is string {
  if (typeof origin !== 'string' || origin === 'null') return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin;
  } catch {
    return false;
  }
}

/** A message that claims to be for the bridge (others on the window are not its business). */
export const isBridgeMessage = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { swarmflight?: unknown }).swarmflight === 1;

export function readRequest(
  data: unknown,
): { ok: true; request: BridgeRequest } | { ok: false; error: BridgeError } {
  const result = v.safeParse(requestSchema, data);
  if (result.success) return { ok: true, request: result.output };
  const issue = result.issues[0];
  const field = issue.path?.map((p) => String(p.key)).join('.');
  return {
    ok: false,
    error: { code: 'invalid-request', message: issue.message, ...(field ? { field } : {}) },
  };
}
