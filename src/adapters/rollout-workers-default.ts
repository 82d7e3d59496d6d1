/**
 * How many rollout Web Workers the page's training starts, on its own so the Train view can show
 * the default without loading the training code (src/adapters/orchestration-rollouts.ts).
 */

/** Most rollout workers the page starts, whatever the machine reports. */
export const MAX_PAGE_ROLLOUT_WORKERS = 7;

/**
 * Workers the page starts unless told otherwise: enough that the threads playing episodes (the
 * trainer's and theirs) number one fewer than the cores, so the page's own thread keeps a core
 * to draw the live curves; at most MAX_PAGE_ROLLOUT_WORKERS. On this project's 2-core machines
 * that is none: in the Train view one worker beside the trainer made training slower (2.0–2.2 s
 * against 1.7–1.8 s for 100,000 episodes), though without a page drawing beside it the same
 * worker gains 1.17× (docs/benchmarks.md, "In the page"). A browser that does not report its
 * cores gets none. The Train view shows this default and lets the user choose.
 */
export function defaultRolloutWorkers(
  cores: number | undefined = globalThis.navigator?.hardwareConcurrency,
): number {
  if (cores === undefined || !Number.isFinite(cores)) return 0;
  return Math.max(0, Math.min(MAX_PAGE_ROLLOUT_WORKERS, Math.floor(cores) - 2));
}
