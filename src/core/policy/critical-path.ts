import { listSchedulingPolicy } from './list-scheduling';
import type { Policy } from './types';

/**
 * List scheduling by bottom level, under the name the scheduling literature gives it: the policy
 * for graph scenarios (`swarm schedule`, the scheduling bench). On random graphs it lands within
 * a few percent of optimal (Kwok & Ahmad 1999). It behaves exactly as `heuristic` (heuristic.ts).
 */
export const criticalPathPolicy: Policy = listSchedulingPolicy({ name: 'critical-path' });
