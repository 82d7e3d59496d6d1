import { watchEndpoint } from '../adapters/common/endpoint-watch';
import { nodeSandbox } from '../adapters/node/node-sandbox';
import { runBench } from '../core/bench/run-bench';
import { hashesToPlay } from '../core/learning/price-features';
import { preferenceRefusal } from '../core/learning/resolve-policy';
import { splitSeeds } from '../core/scenarios/splits';
import { encodeTrace } from '../core/trace/jsonl';
import { SIMULATED } from '../core/trace/simulated-id';
import { benchTable } from './bench-flags';
import { benchOutputs, traceName } from './bench-outputs';
import { benchPolicies } from './bench-policies';
import { markdownReport, textReport } from './bench-report';
import { checkBenchRuns } from './bench-run-fields';
import { cliProvider } from './cli-provider';
import { ReportedFailure, UsageError, wholeNumber } from './errors';
import { parseFlags } from './flags';
import { MAX_SEED } from './limits';
import { readCheckpoint } from './policy-file';
import { preferenceOfFlags } from './preference-flags';
import { needsRealProvider } from './provider-flags';
import { healingFlag, healingFor } from './reply-watch';
import { fileIn, writeFile, writeFiles } from './safe-write';
import { argvWithoutPasswords } from './scale-out/redis-url';
import { sweepThroughRedis } from './scale-out/sweep-flags';
import { readProfiles, readScenario } from './scenario-file';

export { benchHelp } from './bench-flags';

/**
 * Flags that set what an agent does: a graph scenario's tasks are simulated steps, with no agent
 * and no model, so each would be ignored there.
 */
const AGENT_FLAGS = {
  context: 'no agent keeps a context',
  profile: 'no agent takes a profile',
  preference: 'a graph run is scored by its steps alone, with no cost or time weights to scale',
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
    scenario: flags.scenario,
    policies: flags.policies,
    baseline: flags.baseline,
    profile: flags.profile,
    profiles: flags.profiles,
    provider: flags.provider,
    'trace-dir': flags['trace-dir'],
    out: flags.out,
    json: flags.json === true,
  };
  const seeds = flags.seeds;
  const start = wholeNumber('seed-start', flags['seed-start'], 1, 0, MAX_SEED - seeds);
  const split = flags.split;
  const read = readProfiles(values.profiles);
  const scenario = readScenario(values.scenario, {
    profiles: read,
    ...(values.profiles !== undefined ? { profilesFile: values.profiles } : {}),
  });
  // With each repriced profile's hash at the reference prices beside it (price-features.ts).
  const hashes = hashesToPlay(read);
  const deadlineMs = flags['reply-deadline-ms'];
  // --provider and its own flags are the registry's (provider-flags.ts): the table refused a flag
  // of another provider than the one asked, and --tools without a real model.
  if (values.provider !== SIMULATED && scenario.type === 'graph') {
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
    ...(needsRealProvider(flags) === undefined ? { tools: flags.tools } : {}),
  });
  const healing = healingFor(healingFlag(flags.healing, realModel), {
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
  const policies = await benchPolicies(values.policies, scenario, provider, profiles, hashes, flags.play);
  const size = flags.size;
  const context = flags.context;
  const workers = flags.workers;
  const preference = preferenceOfFlags(flags);
  for (const policy of policies) {
    const refused = preferenceRefusal(policy, preference);
    if (refused) throw new UsageError(`--preference: ${refused}`);
  }
  checkBenchRuns(scenario, policies, profiles, {
    baseline: values.baseline,
    size,
    profile: values.profile,
    workers,
  });
  if (scenario.type === 'graph' && workers !== undefined) Object.assign(scenario, { workers });

  const seedList = split
    ? splitSeeds(split, seeds, start)
    : Array.from({ length: seeds }, (_, i) => start + i);
  const { base, traceDir } = benchOutputs({
    out: values.out,
    traceDir: values['trace-dir'],
    scenarioName: values.scenario,
    scenario,
    profilesFile: values.profiles,
    policyList: values.policies,
    policies,
    seeds: seedList,
  });
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
        ...(preference ? { preference } : {}),
        healing: healingFlag(flags.healing, false),
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
          ...(preference ? { preference } : {}),
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
