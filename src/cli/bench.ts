import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { nodeSandbox } from '../adapters/node/node-sandbox';
import { watchEndpoint } from '../adapters/shared/endpoint-watch';
import { type ContextSpec, contextStrategyNames } from '../core/agents/context/registry';
import { type BenchReport, runBench } from '../core/bench/run-bench';
import { llmPolicyFor } from '../core/policy/llm/llm-policy';
import type { Policy } from '../core/policy/types';
import { formationProblem } from '../core/run/formations';
import { parseSplit, type Split, splitSeeds } from '../core/scenarios/splits';
import type { Summary } from '../core/stats/summary';
import { encodeTrace } from '../core/trace/jsonl';
import { benchProvider } from './bench-provider';
import { oneOf, ReportedFailure, UsageError, wholeNumber } from './errors';
import { sizeUnits } from './help-text';
import { MAX_SEED, MAX_SEEDS, MAX_WORKERS } from './limits';
import { fileSafe, policyForms, profileHashes, resolvePolicy } from './policy-file';
import { healingFlag, healingFor, replyDeadlineFlag, replyWatchHelp } from './reply-watch';
import { checkOutputs, fileIn, type Output, prepareOutputDir, writeFile, writeFiles } from './safe-write';
import { readProfiles, readScenario, scenarioInputs, scenariosDir } from './scenario-file';

export const benchHelp = `swarm bench --scenario ID --policies A,B,… --seeds N [options]

Runs every policy on the same N instances (seeds 1…N, or from --seed-start) with the seeded
simulated provider, or a real model behind an OpenAI-compatible endpoint, and reports every metric
as the mean and its 95% interval over seeds, with each swarm policy's mean divided by the single
agent's (serial).

  --scenario ID           scenarios/ID.json, scenarios/graphs/ID.json, or a path to a .json file;
                          mix: the mixed wide / deep / coding distribution (scenarios/mix.json)
  --policies A,B,…        ${policyForms}
                          (FILE: a checkpoint written by swarm train)
  --seeds N               instances to run (≥ 1)
  --split NAME            train | validation | test: the N instances are that split's first seeds
                          (from --seed-start); splits are disjoint and training draws from train
                          only. Without it, seeds S…S+N−1 of every split.
  --seed-start S          first seed (default 1)
  --baseline NAME         the policy every other one is paired with, instance by instance: the
                          report gives each difference with a paired-bootstrap 95% interval
                          (default: the first of --policies)
  --size N                ${sizeUnits(26)};
                          default: the scenario's
  --context NAME          ${contextStrategyNames.join(' | ')} (default: the scenario's)
  --profile NAME          profile of every agent (default: the scenario's)
  --profiles FILE         profiles file (default scenarios/profiles.json)
  --workers P             graph scenarios: subagents at once (default 100)
  --provider NAME         simulated (default) | openai: subagents, and the llm orchestrator, call
                          --endpoint; the key is read from SWARM_API_KEY and never written out
  --endpoint URL          the server's base URL, e.g. http://localhost:8080/v1 (llama.cpp)
  --model NAME            the model every agent asks for (default: each profile's models.openai)
  --tools native|json     native tool calls (default), or tools as a JSON reply for servers and
                          models without them
${replyWatchHelp}
  --trace-dir DIR         write each run's trace as DIR/<scenario>-<policy>-seed<S>.jsonl
  --out PATH              also write PATH.json and PATH.md (a report)
  --json                  print one JSON document`;

export async function bench(
  argv: string[],
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      scenario: { type: 'string' },
      policies: { type: 'string' },
      seeds: { type: 'string' },
      split: { type: 'string' },
      baseline: { type: 'string' },
      'seed-start': { type: 'string' },
      size: { type: 'string' },
      context: { type: 'string' },
      profile: { type: 'string' },
      profiles: { type: 'string' },
      workers: { type: 'string' },
      provider: { type: 'string' },
      endpoint: { type: 'string' },
      model: { type: 'string' },
      tools: { type: 'string' },
      'reply-deadline-ms': { type: 'string' },
      healing: { type: 'string' },
      'trace-dir': { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (values.scenario === undefined) throw new UsageError('--scenario is required');
  if (values.policies === undefined) throw new UsageError('--policies is required (e.g. serial,heuristic)');
  if (values.seeds === undefined) throw new UsageError('--seeds is required');
  const seeds = wholeNumber('seeds', values.seeds, 1, 1, MAX_SEEDS);
  const start = wholeNumber('seed-start', values['seed-start'], 1, 0, MAX_SEED - seeds);
  let split: Split | undefined;
  if (values.split !== undefined) {
    try {
      split = parseSplit(values.split);
    } catch (error) {
      throw new UsageError(`--split: ${(error as Error).message}`);
    }
  }
  const read = readProfiles(values.profiles);
  const scenario = readScenario(values.scenario, {
    profiles: read,
    ...(values.profiles !== undefined ? { profilesFile: values.profiles } : {}),
  });
  const hashes = await profileHashes(read);
  const deadlineMs = replyDeadlineFlag(values['reply-deadline-ms']);
  const { provider: endpoint, profiles, realModel } = benchProvider(values, read, deadlineMs);
  const healing = healingFor(healingFlag(values.healing, realModel), { realModel, deadlineMs, profiles });
  // An endpoint that fails in a way no retry mends (endpoint-watch.ts: a refused key, nothing
  // listening, no reply ever finished within its deadline) stops the run in flight at once, and
  // the bench with it: every attempt after would fail the same way, each after its whole deadline.
  const stop = new AbortController();
  const { provider, broken } = watchEndpoint(endpoint, (error) => stop.abort(error));
  if (values.provider === 'openai' && scenario.type === 'graph') {
    throw new UsageError('--provider openai runs task scenarios: graph tasks have no model to call');
  }
  // One by one, so the first bad name in the list is the one reported.
  const policies: Policy[] = [];
  for (const name of values.policies.split(',')) {
    if (name.trim() === 'llm') {
      // The subagents' provider plays the orchestrator too: with the simulated one, the whole path
      // runs offline.
      if (scenario.type !== 'task') {
        throw new UsageError('--policies: llm orchestrates task scenarios, not graphs');
      }
      policies.push(llmPolicyFor(provider, profiles));
      continue;
    }
    try {
      policies.push(await resolvePolicy(name, hashes));
    } catch (error) {
      throw new UsageError(`--policies: ${(error as Error).message}`);
    }
  }
  // Named twice, a policy's column held twice the runs its intervals were computed for.
  const twice = policies.map((p) => p.name).find((name, i, all) => all.indexOf(name) !== i);
  if (twice !== undefined) throw new UsageError(`--policies names ${twice} twice; name each policy once`);
  // A policy whose plan a scenario has not (peers on a graph or a search) fails before any run.
  const kinds =
    scenario.type === 'task'
      ? [scenario.spec.kind]
      : scenario.type === 'graph'
        ? ['graph']
        : Object.values(scenario.specs).map((s) => s.kind);
  for (const p of policies)
    for (const kind of new Set(kinds)) {
      const problem = formationProblem(kind, p.plan ?? 'swarm');
      if (problem) throw new UsageError(`--policies ${p.name}: ${problem}`);
    }
  if (values.baseline !== undefined && !policies.some((p) => p.name === values.baseline)) {
    throw new UsageError(
      `--baseline must be one of the policies run (${policies.map((p) => p.name).join(', ')}), got "${values.baseline}"`,
    );
  }
  if (values.profile !== undefined && !Object.hasOwn(profiles, values.profile)) {
    throw new UsageError(
      `--profile must be one of ${Object.keys(profiles).join(', ')}, got "${values.profile}"`,
    );
  }
  let size: number | undefined;
  if (values.size !== undefined) {
    if (scenario.type !== 'task') {
      throw new UsageError(
        '--size applies to task scenarios, not graph or mix files (a mix sets its own sizes)',
      );
    }
    const { min, max } = scenario.spec.size;
    size = wholeNumber('size', values.size, 0, 0);
    if (size < min || size > max) {
      throw new UsageError(`--size must be from ${min} to ${max} for ${scenario.spec.id}, got ${size}`);
    }
  }
  const context: ContextSpec | undefined =
    values.context === undefined
      ? undefined
      : { name: oneOf('context', values.context, contextStrategyNames, 'hide-tool-result') };
  const workers =
    values.workers === undefined ? undefined : wholeNumber('workers', values.workers, 100, 1, MAX_WORKERS);
  if (workers !== undefined && scenario.type !== 'graph')
    throw new UsageError(
      '--workers sets the subagents of a graph scenario; a task scenario takes its own from its budgets (maxConcurrentSubagents in its file)',
    );
  if (scenario.type === 'graph' && workers !== undefined) Object.assign(scenario, { workers });

  // Every output is checked before the first run, so a bad path costs nothing (safe-write.ts).
  const seedList = split
    ? splitSeeds(split, seeds, start)
    : Array.from({ length: seeds }, (_, i) => start + i);
  const traceDir = values['trace-dir'];
  const base = values.out?.replace(/\.(json|md)$/, '');
  // "" or "dir/" would write the hidden files ".json" and ".md".
  if (base !== undefined && (basename(base) === '' || /[\\/]$/.test(base)))
    throw new UsageError(
      `--out names the report's file (FILE writes FILE.json and FILE.md), got "${values.out}"`,
    );
  const inputs = [
    ...scenarioInputs(values.scenario),
    values.profiles ?? `${scenariosDir}profiles.json`,
    ...values.policies.split(',').flatMap((p) => /^(parl|bandit):(.+)$/.exec(p.trim())?.[2] ?? []),
  ];
  const outputs: Output[] =
    base === undefined
      ? []
      : [
          { path: `${base}.json`, flag: '--out' },
          { path: `${base}.md`, flag: '--out' },
        ];
  const traceName = (id: string, policy: string, seed: number) =>
    `${id}-${fileSafe(policy)}-seed${seed}.jsonl`;
  if (traceDir !== undefined) {
    prepareOutputDir(traceDir, '--trace-dir');
    const ids =
      scenario.type === 'task'
        ? [scenario.spec.id]
        : scenario.type === 'graph'
          ? [scenario.graph.id]
          : Object.values(scenario.specs).map((s) => s.id);
    // The trace files the run will write, each checked against the inputs.
    if (ids.length * policies.length * seeds <= 100_000) {
      for (const id of ids)
        for (const p of policies)
          for (const seed of seedList)
            outputs.push({ path: fileIn(traceDir, traceName(id, p.name, seed)), flag: '--trace-dir' });
    }
  }
  checkOutputs(outputs, inputs);
  const progress = process.stderr.isTTY === true;
  const report = await runBench({
    scenario,
    policies,
    seeds: seedList,
    ...(split ? { split } : {}),
    ...(values.baseline !== undefined ? { baseline: values.baseline } : {}),
    ...(size !== undefined ? { size } : {}),
    profiles,
    provider,
    ports: { sandbox: nodeSandbox },
    ...(context ? { context } : {}),
    ...(values.profile ? { profile: values.profile } : {}),
    clock: { now: () => performance.now() },
    signal: stop.signal,
    ...(healing ? { hooks: healing } : {}),
    onRun: ({ policy, seed, index, total, result }) => {
      const failure = broken();
      if (failure) {
        const hint = failure.kind === 'deadline' ? ' (--reply-deadline-ms)' : '';
        throw new ReportedFailure(
          `the model endpoint failed (${failure.kind}): ${failure.message.replace(/\.$/, '')}${hint}; the bench stopped at ${policy} seed ${seed}, its report not written: every run after would have failed the same way, and its zeros would read as the model's`,
        );
      }
      if (traceDir !== undefined) {
        const id = result.header.scenario.id;
        writeFile(fileIn(traceDir, traceName(id, policy, seed)), encodeTrace(result.header, result.events));
      }
      if (progress) err(`[${index + 1}/${total}] ${policy} seed ${seed}: ${result.reason}`);
    },
  });

  if (base !== undefined) {
    writeFiles([
      { path: `${base}.json`, text: `${JSON.stringify(report, null, 2)}\n` },
      { path: `${base}.md`, text: markdownReport(report, argv) },
    ]);
  }
  out(values.json ? JSON.stringify(report) : textReport(report));
}

const fmt = (x: number): string => {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a !== 0 && (a < 0.001 || a >= 1e6)) return x.toExponential(2);
  return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : x.toFixed(3);
};
const cell = (s: Summary | undefined): string => (s ? `${fmt(s.mean)} ± ${fmt(s.ci95)}` : '');
const ratioCell = (r: number | null | undefined): string =>
  r === null || r === undefined ? '—' : `${fmt(r)}×`;

function rows(report: BenchReport): string[][] {
  const names = Object.keys(report.policies);
  const swarms = Object.keys(report.ratios);
  const header = ['metric', ...names, ...swarms.map((s) => `${s} / ${report.single}`)];
  // Every metric the runs reported, in the order the metrics module lists them (docs/metrics.md).
  const metrics = Object.keys(
    report.policies[names[0] as string] ?? {},
  ) as (keyof BenchReport['policies'][string])[];
  const body = metrics.map((metric) => [
    metric,
    ...names.map((n) => cell(report.policies[n]?.[metric])),
    ...swarms.map((s) => ratioCell(report.ratios[s]?.[metric])),
  ]);
  return [header, ...body];
}

function title(report: BenchReport): string {
  const size = report.size === null ? '' : `, size ${report.size}`;
  const split = report.split ? ` of the ${report.split} split` : '';
  return `${report.scenario} (${report.kind}${size}), ${report.seeds} seed${report.seeds === 1 ? '' : 's'}${split}: mean ± 95% interval`;
}

/** The metrics a paired comparison is printed for: quality, reward, time and cost. */
const PAIRED_SHOWN = ['reward', 'itemF1', 'criticalSteps', 'modelWallMs', 'estimatedCost'];

function pairedRows(report: BenchReport): string[][] {
  const others = Object.keys(report.paired);
  if (others.length === 0) return [];
  const header = ['metric', ...others.map((o) => `${o} − ${report.baseline} [95% paired]`)];
  const body = PAIRED_SHOWN.map((metric) => [
    metric,
    ...others.map((o) => {
      const d = report.paired[o]?.[metric];
      return d ? `${fmt(d.mean)} [${fmt(d.low)}, ${fmt(d.high)}]` : '';
    }),
  ]);
  return [header, ...body];
}

function aligned(table: string[][]): string[] {
  const widths = (table[0] as string[]).map((_, c) => Math.max(...table.map((r) => (r[c] ?? '').length)));
  return table.map((r) =>
    r.map((x, c) => (c === 0 ? x.padEnd(widths[c] as number) : x.padStart(widths[c] as number))).join('  '),
  );
}

export function textReport(report: BenchReport): string {
  const paired = pairedRows(report);
  return [
    title(report),
    '',
    ...aligned(rows(report)),
    ...(paired.length > 0
      ? ['', `paired with ${report.baseline}, instance by instance:`, ...aligned(paired)]
      : []),
  ].join('\n');
}

export function markdownReport(report: BenchReport, argv: readonly string[]): string {
  const table = rows(report);
  const md = (r: string[]) => `| ${r.join(' | ')} |`;
  return [
    `# ${title(report)}`,
    '',
    `Command: \`npm run --silent swarm -- bench ${argv.join(' ')}\``,
    '',
    md(table[0] as string[]),
    `|${(table[0] as string[]).map((_, i) => (i === 0 ? ':---' : '---:')).join('|')}|`,
    ...table.slice(1).map(md),
    '',
  ].join('\n');
}
