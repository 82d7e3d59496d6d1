import type { TaskGraph } from './types';

/**
 * The width of the graph: the largest set of tasks no two of which depend on each other, directly
 * or not. By Dilworth's theorem it equals n minus a maximum matching in the bipartite graph of the
 * transitive closure (Fulkerson 1956). With at least this many workers, greedy list scheduling
 * never leaves a ready task waiting, so it meets the critical path.
 * O(n³ / 32) for the closure and O(n · e) for the matching: meant for graphs of up to a few
 * thousand tasks.
 */
export function graphWidth(graph: TaskGraph): number {
  const { n, topo, succs } = graph;
  const words = (n + 31) >>> 5;
  const reach = new Uint32Array(n * words);
  for (let k = n - 1; k >= 0; k--) {
    const i = topo[k] as number;
    for (const s of succs[i] as number[]) {
      reach[i * words + (s >>> 5)] = (reach[i * words + (s >>> 5)] as number) | (1 << (s & 31));
      for (let w = 0; w < words; w++) {
        reach[i * words + w] = (reach[i * words + w] as number) | (reach[s * words + w] as number);
      }
    }
  }
  const matchOfRight = new Int32Array(n).fill(-1);
  const tryAugment = (u: number, visited: Uint8Array): boolean => {
    for (let v = 0; v < n; v++) {
      if (!((reach[u * words + (v >>> 5)] as number) & (1 << (v & 31))) || visited[v]) continue;
      visited[v] = 1;
      const other = matchOfRight[v] as number;
      if (other < 0 || tryAugment(other, visited)) {
        matchOfRight[v] = u;
        return true;
      }
    }
    return false;
  };
  let matching = 0;
  for (let u = 0; u < n; u++) if (tryAugment(u, new Uint8Array(n))) matching++;
  return n - matching;
}
