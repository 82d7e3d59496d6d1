import { criticalPathPolicy } from './critical-path';
import { heuristicPolicy } from './heuristic';
import { serialPolicy } from './serial';
import type { Policy } from './types';

const builtIn: Record<string, Policy> = {
  serial: serialPolicy,
  'critical-path': criticalPathPolicy,
  heuristic: heuristicPolicy,
};

export const policyNames = (): string[] => Object.keys(builtIn);

export function policyByName(name: string): Policy {
  const policy = builtIn[name];
  if (!policy) throw new Error(`unknown policy "${name}"; known: ${policyNames().join(', ')}`);
  return policy;
}
