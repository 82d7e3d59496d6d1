import { createRng } from '../util/rng';
import type { GraphScenario, TaskSpec } from './types';

/**
 * Random task graphs of the kind the Standard Task Graph Set (Tobita & Kasahara, 2002) uses to
 * compare multiprocessor schedulers: n tasks, integer costs drawn uniformly, and edges by one of
 * four methods —
 * - `sameprob`: every pair i < j gets the edge i → j with probability p;
 * - `samepred`: every task draws its number of predecessors around a mean, from earlier tasks;
 * - `layrprob` / `layrpred`: tasks are dealt into layers first and edges only go to later layers.
 */
export type GraphMethod = 'sameprob' | 'samepred' | 'layrprob' | 'layrpred';

export interface RandomGraphOptions {
  readonly tasks: number;
  readonly seed: number;
  readonly method?: GraphMethod;
  readonly minSteps?: number;
  readonly maxSteps?: number;
  /** Mean number of predecessors per task (edge probability is derived from it). Default 3. */
  readonly meanPreds?: number;
  /** Layers for the layr* methods; default √n. */
  readonly layers?: number;
  readonly failProbability?: number;
  readonly toolCalls?: number;
  readonly id?: string;
}

export function randomGraph(options: RandomGraphOptions): GraphScenario {
  const { tasks: n, seed, method = 'sameprob', minSteps = 1, maxSteps = 10, meanPreds = 3 } = options;
  const rng = createRng(seed);
  const layered = method === 'layrprob' || method === 'layrpred';
  const layerCount = Math.max(1, Math.min(n, options.layers ?? Math.round(Math.sqrt(n))));
  // Layer of each task, non-decreasing with the index so that edges i → j keep i < j.
  const layer = Array.from({ length: n }, () => (layered ? rng.int(0, layerCount - 1) : 0)).sort(
    (a, b) => a - b,
  );
  const digits = String(Math.max(0, n - 1)).length;
  const id = (i: number) => `t${String(i).padStart(digits, '0')}`;
  const deps: string[][] = Array.from({ length: n }, () => []);

  for (let j = 0; j < n; j++) {
    const candidates: number[] = [];
    for (let i = 0; i < j; i++)
      if (!layered || (layer[i] as number) < (layer[j] as number)) candidates.push(i);
    if (candidates.length === 0) continue;
    if (method === 'sameprob' || method === 'layrprob') {
      // Mean predecessors over the whole graph ≈ p · (pairs) / n.
      const pairs = layered ? (n * (n - n / layerCount)) / 2 : (n * (n - 1)) / 2;
      const p = Math.min(1, (meanPreds * n) / Math.max(1, pairs));
      for (const i of candidates) if (rng.next() < p) deps[j]?.push(id(i));
    } else {
      const want = Math.min(candidates.length, rng.int(0, 2 * meanPreds));
      for (let k = 0; k < want; k++) {
        const pick = k + rng.int(0, candidates.length - 1 - k);
        [candidates[k], candidates[pick]] = [candidates[pick] as number, candidates[k] as number];
        deps[j]?.push(id(candidates[k] as number));
      }
      deps[j]?.sort();
    }
  }

  const taskSpecs: TaskSpec[] = deps.map((d, i) => ({
    id: id(i),
    steps: rng.int(minSteps, maxSteps),
    deps: d,
    ...(options.failProbability ? { failProbability: options.failProbability } : {}),
    ...(options.toolCalls ? { toolCalls: options.toolCalls } : {}),
  }));
  return { kind: 'graph', id: options.id ?? `random-${method}-${n}-${seed}`, tasks: taskSpecs };
}
