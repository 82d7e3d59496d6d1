import { listSchedulingPolicy } from './list-scheduling';
import type { Policy } from './types';

/**
 * The hand-written orchestrator for task scenarios: the scenario's own decomposition (row groups
 * for wide search, hop chains for deep search, dependency order for coding) run by list
 * scheduling on bottom level. Failed subtasks are retried by the run's retry policy.
 *
 * It is the same policy as `critical-path` (critical-path.ts), and on purpose one implementation:
 * the two always made the same decisions, `swarm` being every policy's default plan. Both names
 * stay, because results are recorded by name — traces, bench reports and the tables of
 * docs/benchmarks.md compare `heuristic` against the learned policies — and an alias would
 * report `critical-path` in their place.
 */
export const heuristicPolicy: Policy = listSchedulingPolicy({ name: 'heuristic', plan: 'swarm' });
