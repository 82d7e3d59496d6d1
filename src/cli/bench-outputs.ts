/**
 * Where `swarm bench` writes, planned before the first run: the report's two files (`--out FILE`
 * writes FILE.json and FILE.md) and one trace a run under `--trace-dir`, each checked against the
 * bench's inputs, so a bad path costs nothing (safe-write.ts).
 */

import { basename } from 'node:path';
import type { Policy } from '../core/policy/types';
import { UsageError } from './errors';
import { fileSafe } from './policy-file';
import { checkOutputs, fileIn, type Output, prepareOutputDir } from './safe-write';
import { type readScenario, scenarioInputs, scenariosDir } from './scenario-file';

type Scenario = ReturnType<typeof readScenario>;

/** A run's trace file under --trace-dir. */
export const traceName = (id: string, policy: string, seed: number) =>
  `${id}-${fileSafe(policy)}-seed${seed}.jsonl`;

export interface BenchOutputs {
  /** The report's path without its extension, when --out was given. */
  readonly base: string | undefined;
  readonly traceDir: string | undefined;
}

export function benchOutputs(options: {
  readonly out: string | undefined;
  readonly traceDir: string | undefined;
  readonly scenarioName: string;
  readonly scenario: Scenario;
  readonly profilesFile: string | undefined;
  readonly policyList: string;
  readonly policies: readonly Policy[];
  readonly seeds: readonly number[];
}): BenchOutputs {
  const { out, traceDir, scenario, policies, seeds } = options;
  const base = out?.replace(/\.(json|md)$/, '');
  // "" or "dir/" would write the hidden files ".json" and ".md".
  if (base !== undefined && (basename(base) === '' || /[\\/]$/.test(base)))
    throw new UsageError(`--out names the report's file (FILE writes FILE.json and FILE.md), got "${out}"`);
  const inputs = [
    ...scenarioInputs(options.scenarioName),
    options.profilesFile ?? `${scenariosDir}profiles.json`,
    ...options.policyList.split(',').flatMap((p) => /^(parl|bandit):(.+)$/.exec(p.trim())?.[2] ?? []),
  ];
  const outputs: Output[] =
    base === undefined
      ? []
      : [
          { path: `${base}.json`, flag: '--out' },
          { path: `${base}.md`, flag: '--out' },
        ];
  if (traceDir !== undefined) {
    prepareOutputDir(traceDir, '--trace-dir');
    const ids =
      scenario.type === 'task'
        ? [scenario.spec.id]
        : scenario.type === 'graph'
          ? [scenario.graph.id]
          : Object.values(scenario.specs).map((s) => s.id);
    // The trace files the run will write, each checked against the inputs.
    if (ids.length * policies.length * seeds.length <= 100_000) {
      for (const id of ids)
        for (const p of policies)
          for (const seed of seeds)
            outputs.push({ path: fileIn(traceDir, traceName(id, p.name, seed)), flag: '--trace-dir' });
    }
  }
  checkOutputs(outputs, inputs);
  return { base, traceDir };
}
