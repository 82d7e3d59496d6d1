import { basename } from 'node:path';
import { watchEndpoint } from '../adapters/common/endpoint-watch';
import { nodeSandbox } from '../adapters/node/node-sandbox';
import type { ContextStrategyName } from '../core/agents/context/registry';
import { runBench } from '../core/bench/run-bench';
import { llmPolicyFor } from '../core/policy/llm/llm-policy';
import type { Policy } from '../core/policy/types';
import { checkAgainst, RequestError } from '../core/request/run-input';
import { formationProblem } from '../core/run/formations';
import { type Split, splitSeeds } from '../core/scenarios/splits';
import type { PlayMode } from '../core/trace/events';
import { encodeTrace } from '../core/trace/jsonl';
import { benchTable } from './bench-flags';
import { markdownReport, textReport } from './bench-report';
import { cliProvider } from './cli-provider';
import { ReportedFailure, UsageError, wholeNumber } from './errors';
import { parseFlags } from './flags';
import { MAX_SEED } from './limits';
import { fileSafe, profileHashes, readCheckpoint, resolvePolicy } from './policy-file';
import { CLI_PROVIDERS, needsRealProvider } from './provider-flags';
import { type HealingFlag, healingFlag, healingFor } from './reply-watch';
import { checkOutputs, fileIn, type Output, prepareOutputDir, writeFile, writeFiles } from './safe-write';
import { argvWithoutPasswords } from './scale-out/redis-url';
import { sweepThroughRedis } from './scale-out/sweep-flags';
import { readProfiles, readScenario, scenarioInputs, scenariosDir } from './scenario-file';

export { benchHelp } from './bench-flags';

/**
 * Flags that set what an agent does: a graph scenario's tasks are simulated steps, with no agent
 * and no model, so each would be ignored there.
 */
const AGENT_FLAGS = {
  context: 'no agent keeps a context',
  profile: 'no agent takes a profile',
  'reply-deadline-ms': 'no model replies',
  healing: 'there is no agent for the self-healing loop to watch',
} as const;

export async function bench(
  argv: string[],
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<void> {
  const flags = parseFlags(benchTable, argv);
  const values = {
    scenario: flags.scenario as string,
    policies: flags.policies as string,
    baseline: flags.baseline as string | undefined,
    profile: flags.profile as string | undefined,
    profiles: flags.profiles as string | undefined,
    provider: flags.provider as string,
    'trace-dir': flags['trace-dir'] as string | undefined,
    out: flags.out as string | undefined,
    json: flags.json === true,
  };
  const seeds = flags.seeds as number;
  const start = wholeNumber('seed-start', flags['seed-start'] as string, 1, 0, MAX_SEED - seeds);
  const split = flags.split as Split | undefined;
  const read = readProfiles(values.profiles);
  const scenario = readScenario(values.scenario, {
    profiles: read,
    ...(values.profiles !== undefined ? { profilesFile: values.profiles } : {}),
  });
  const hashes = await profileHashes(read);
  const deadlineMs = flags['reply-deadline-ms'] as number | undefined;
  // --provider and its own flags are the registry's (provider-flags.ts): the table refused a flag
  // of another provider than the one asked, and --tools without a real model.
  if (values.provider !== 'simulated' && scenario.type === 'graph') {
    throw new UsageError(
      `--provider ${values.provider} runs task scenarios: graph tasks have no model to call`,
    );
  }
  const {
    provider: endpoint,
    profiles,
    realModel,
  } = await cliProvider(flags, read, {
    deadlineMs,
    ...(needsRealProvider(flags) === undefined ? { tools: flags.tools as 'native' | 'json' } : {}),
  });
  const healing = healingFor(healingFlag(flags.healing as HealingFlag | undefined, realModel), {
    realModel,
    deadlineMs,
    profiles,
  });
  // An endpoint that fails in a way no retry mends (endpoint-watch.ts: a refused key, nothing
  // listening, no reply ever finished within its deadline) stops the run in flight at once, and
  // the bench with it: every attempt after would fail the same way, each after its whole deadline.
  const stop = new AbortController();
  const { provider, broken } = watchEndpoint(endpoint, (error) => stop.abort(error));
  if (scenario.type === 'graph') {
    for (const [flag, why] of Object.entries(AGENT_FLAGS)) {
      if (flags[flag] !== undefined)
        throw new UsageError(
          `--${flag} does not apply: ${values.scenario} is a graph scenario, whose tasks are simulated steps: ${why}`,
        );
    }
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
      policies.push(await resolvePolicy(name, hashes, flags.play as PlayMode));
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
  if (flags.size !== undefined && scenario.type !== 'task') {
    throw new UsageError(
      '--size applies to task scenarios, not graph or mix files (a mix sets its own sizes)',
    );
  }
  const size = flags.size as number | undefined;
  // The run's own fields are refused in the run request's words, as the API and the page refuse them.
  if (scenario.type === 'task') {
    try {
      checkAgainst(
        {
          scenario: scenario.spec.id,
          ...(size !== undefined ? { size } : {}),
          ...(values.profile !== undefined ? { profile: values.profile } : {}),
        },
        { type: 'task', spec: scenario.spec },
        { profiles, sandbox: true, knowledgeBase: false, providers: CLI_PROVIDERS },
      );
    } catch (error) {
      if (error instanceof RequestError) throw new UsageError(`--${error.field}: ${error.message}`);
      throw error;
    }
  } else if (values.profile !== undefined && !Object.hasOwn(profiles, values.profile)) {
    throw new UsageError(
      `--profile: profile must be one of ${Object.keys(profiles).join(', ')}, not "${values.profile}"`,
    );
  }
  const context = flags.context as ContextStrategyName | undefined;
  const workers = flags.workers as number | undefined;
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
  // Through Redis: the same runs, made by workers (docs/scale-out.md); loaded only when asked for.
  const sweepReport = () => {
    const names = values.policies.split(',').map((p) => p.trim());
    const checkpoints: Record<string, unknown> = {};
    for (const name of names) {
      const file = /^(parl|bandit):(.+)$/.exec(name)?.[2];
      if (file !== undefined) checkpoints[file] = readCheckpoint(file);
    }
    return sweepThroughRedis(
      {
        scenario,
        profiles,
        policies: names,
        checkpoints,
        seeds: seedList,
        ...(split ? { split } : {}),
        ...(values.baseline !== undefined ? { baseline: values.baseline } : {}),
        ...(size !== undefined ? { size } : {}),
        ...(context ? { context } : {}),
        ...(values.profile ? { profile: values.profile } : {}),
        healing: healingFlag(flags.healing as HealingFlag | undefined, false),
        ...(deadlineMs !== undefined ? { deadlineMs } : {}),
      },
      policies,
      flags,
      err,
    );
  };
  const progress = process.stderr.isTTY === true;
  const report =
    flags.redis !== undefined
      ? await sweepReport()
      : await runBench({
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
              writeFile(
                fileIn(traceDir, traceName(id, policy, seed)),
                encodeTrace(result.header, result.events),
              );
            }
            if (progress) err(`[${index + 1}/${total}] ${policy} seed ${seed}: ${result.reason}`);
          },
        });

  if (base !== undefined) {
    writeFiles([
      { path: `${base}.json`, text: `${JSON.stringify(report, null, 2)}\n` },
      { path: `${base}.md`, text: markdownReport(report, argvWithoutPasswords(argv)) },
    ]);
  }
  out(values.json ? JSON.stringify(report) : textReport(report));
}
