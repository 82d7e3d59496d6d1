/**
 * How long one model reply may take in all (docs/models.md, "Deadlines"). The idle timeout of a
 * streaming provider tells a slow model from a dead one, but a server that sends a token a second
 * forever is never idle: without a total deadline one such reply holds its agent, and `swarm
 * bench`, for ever. Pure arithmetic here; the timer is the adapters' (adapters/common/reply-deadline.ts).
 */

/**
 * What every reply gets before its first token: the same minute the OpenAI-compatible provider
 * waits in silence (its idle timeout), since a server loading a model or reading a long prompt on
 * a CPU may take that long before it writes anything, and an honest reply must not lose to it.
 */
export const DEADLINE_FLOOR_MS = 60_000;

/** The longest deadline a timer can wait: Node and browsers fire a longer timer at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * The slowest pace still taken for an honest model: about what a 7–8B model quantised to 4 bits
 * writes on a laptop CPU under llama.cpp (GPUs and hosted APIs write 30–150 tokens a second). A
 * reply of the whole output limit at this pace still ends in time; a stream slower than this, or
 * one that ignores `max_tokens` and never stops, does not.
 */
export const HONEST_TOKENS_PER_SECOND = 10;

/** The output limit assumed for a request that names none: the largest profile's (4096 tokens). */
export const ASSUMED_MAX_TOKENS = 4096;

/**
 * The default deadline of a reply whose output is limited to `maxTokens` (its profile's
 * `maxOutputTokens`, sent as `max_tokens`): the floor, plus that many tokens at the honest pace.
 * small (1024 tokens) 162.4 s, medium (2048) 264.8 s, large (4096) 469.6 s.
 */
export function replyDeadlineMs(maxTokens: number | undefined): number {
  const tokens =
    typeof maxTokens === 'number' && Number.isFinite(maxTokens) && maxTokens > 0
      ? maxTokens
      : ASSUMED_MAX_TOKENS;
  return DEADLINE_FLOOR_MS + Math.ceil((tokens * 1000) / HONEST_TOKENS_PER_SECOND);
}

/**
 * The longest reply deadline a run can have: `fixed` when one was given, or the default of the
 * largest output limit among its profiles (and the 1024 tokens a model orchestrator asks for).
 */
export function longestReplyDeadlineMs(
  fixed: number | undefined,
  profiles: Readonly<Record<string, { readonly maxOutputTokens: number }>>,
): number {
  if (fixed !== undefined) return fixed;
  return Math.max(
    replyDeadlineMs(1024),
    ...Object.values(profiles).map((p) => replyDeadlineMs(p.maxOutputTokens)),
  );
}

/** A duration as a message says it: "800 ms", "1.5 s", "163 s". */
export function spokenMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return `${s < 10 ? Number(s.toFixed(1)) : Math.round(s)} s`;
}
