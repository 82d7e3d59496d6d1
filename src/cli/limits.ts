/**
 * The upper bounds of the CLI's count flags and input files, in one place so docs/cli.md can list
 * them. Each is far above any run this project makes and far below where memory runs out or a
 * number wraps: `bench --seeds 1e9` used to fill the heap (exit 134) before printing anything.
 */

/** Instances a bench, grid, chaos or experiment runs (each runs every policy). */
export const MAX_SEEDS = 10_000;
/**
 * The largest seed: the run request's (core/request/run-request.ts), so a seed the CLI takes, the
 * page's link and the API take too. Seeds are hashed as 32-bit numbers (src/core/util/rng.ts).
 */
export { MAX_SEED } from '../core/request/run-request';
/** Attempts per task, the first included: each failed attempt is a retry with its events. */
export const MAX_ATTEMPTS = 100;
/** Training episodes. */
export const MAX_EPISODES = 1_000_000;
/** Rollout threads of `train` and `orchestration train`: past the cores, more only wait their turn. */
export const MAX_ROLLOUT_WORKERS = 16;
/** Subagents at once. */
export const MAX_WORKERS = 100_000;
/** Step-time of one orchestrator decision; times are added in 32-bit integers (src/core/graph/cpm.ts). */
export const MAX_MAIN_STEP_COST = 1_000_000;
/** Timed repetitions of `schedule --repeat`. */
export const MAX_REPEAT = 10_000;
/** Budgets given as flags (tool calls, critical steps). */
export const MAX_BUDGET = 1_000_000_000;
/** Largest file any command reads (graph, scenario, mix, profiles, policy, trace, table). */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;
/** A 32-bit step clock: every realized time of a schedule stays below it. */
export const MAX_STEP_TIME = 2_147_483_647;
/** Milliseconds a timer waits at most: Node fires a longer timer at once. */
export { MAX_TIMER_MS } from '../core/providers/deadline';
