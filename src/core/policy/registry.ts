import { criticalPathPolicy } from './critical-path';
import { heuristicPolicy } from './heuristic';
import { peersPolicy } from './peers';
import { serialPolicy } from './serial';
import type { Policy } from './types';

// A function each: `peers` keeps its run's board, so every caller gets a fresh one.
const builtIn: Record<string, () => Policy> = {
  serial: () => serialPolicy,
  'critical-path': () => criticalPathPolicy,
  heuristic: () => heuristicPolicy,
  peers: peersPolicy,
};

export const policyNames = (): string[] => Object.keys(builtIn);

export function policyByName(name: string): Policy {
  const policy = builtIn[name];
  if (!policy) throw new Error(`unknown policy "${name}"; known: ${policyNames().join(', ')}`);
  return policy();
}
