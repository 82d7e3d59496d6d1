/**
 * What a run request means when it leaves a field out: each default written once, here. The page's
 * settings, the CLI's flags, the API's normal request and the run's input all read these, so a run
 * made without naming its policy is the same run everywhere.
 */

import type { HealingMode } from './run-request';

/** The policy of a run that names none: the list-scheduling swarm (src/core/policy/heuristic.ts). */
export const DEFAULT_POLICY = 'heuristic';

/** The seed of a run that gives none: its instance, its simulated model's choices. */
export const DEFAULT_SEED = 1;

/** The self-healing of a run that asks for none: detect and act. */
export const DEFAULT_HEALING: HealingMode = 'on';
