import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formationProblem } from '../../src/core/run/formations';
import { runCli } from '../support/cli';

/**
 * A policy whose plan the scenario has not — peers (a decentralized team) on a graph or a search —
 * is a usage error before the first run: exit 2, words naming what fits, nothing written. It was an
 * internal error with a stack trace (exit 1, or 0 from schedule), after bench had written traces.
 */
describe('a policy the scenario has no plan for', () => {
  it('is refused by schedule, whose help lists only the policies a graph takes', async () => {
    const r = await runCli([
      'schedule',
      '--graph',
      'scenarios/graphs/diamond.json',
      '--workers',
      '2',
      '--policy',
      'peers',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--policy peers: the graph scenario has no decentralized \(peers\) plan/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect((await runCli(['schedule', '--help'])).stdout).toMatch(
      /--policy NAME\s+serial \| critical-path \| heuristic \(/,
    );
  });

  it('is refused by bench before any run writes its trace or report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formations-'));
    const r = await runCli([
      'bench',
      '--scenario',
      'wide-search',
      '--policies',
      'heuristic,peers',
      '--seeds',
      '1',
      '--trace-dir',
      join(dir, 'traces'),
      '--out',
      join(dir, 'report'),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /--policies peers: the wide-search scenario has no decentralized \(peers\) plan: it runs as single or swarm\. .*\(compare-options, general\)/,
    );
    expect(existsSync(join(dir, 'report.json'))).toBe(false);
    expect(existsSync(join(dir, 'traces')) ? readdirSync(join(dir, 'traces')) : []).toEqual([]);
    const graph = await runCli(['bench', '--scenario', 'diamond', '--policies', 'peers', '--seeds', '1']);
    expect(graph.code).toBe(2);
  });

  it('is refused by chaos', async () => {
    const r = await runCli(['chaos', '--scenario', 'deep-search', '--policy', 'peers', '--faults', 'none']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/deep-search scenario has no decentralized \(peers\) plan/);
  });

  it('leaves alone the pairs that run', () => {
    expect(formationProblem('compare-options', 'peers')).toBeUndefined();
    expect(formationProblem('graph', 'single')).toBeUndefined();
    expect(formationProblem('wide-search', 'swarm')).toBeUndefined();
  });
});
